/** `--format json`: ESLint's json formatter's shape, one array of files written file by file. */
import type { Diagnostic } from '../../core';
import { type ReportWriter, countFinding } from './locate';

/** ESLint severities: 2 error, 1 everything milder (information and hints count as warnings there). */
function eslintSeverity(severity: Diagnostic['severity']): 1 | 2 {
  return severity === 'error' ? 2 : 1;
}

/** A file's part after its path when it has no findings. */
const NO_MESSAGES = ',"messages":[],"suppressedMessages":[],"errorCount":0,"fatalErrorCount":0,"warningCount":0,'
  + '"fixableErrorCount":0,"fixableWarningCount":0,"usedDeprecatedRules":[]}';

/** ESLint's json formatter shape, as one JSON array written element by element. */
export function jsonWriter(): ReportWriter {
  let first = true;
  return {
    file(r) {
      const opening = first ? '[' : ',';
      first = false;
      // Most files have no findings: their part is a constant around the path.
      if (r.findings.length === 0) return `${opening}{"filePath":${JSON.stringify(r.filePath)}${NO_MESSAGES}`;
      const messages = r.findings.map((f) => ({
        ruleId: f.rule,
        severity: eslintSeverity(f.severity),
        message: f.message,
        line: f.start.line,
        column: f.start.column,
        endLine: f.end.line,
        endColumn: f.end.column,
      }));
      // The counts include what the finding cap left out (ESLint counts information as warnings).
      const counts = { error: 0, warning: 0, information: 0, hint: 0 };
      for (const f of r.findings) countFinding(counts, f);
      // What JSON.stringify gives for ESLint's object, field by field in ESLint's order, with
      // the constant parts written out (most files have no findings): cheaper than
      // stringifying each whole object.
      const part = `{"filePath":${JSON.stringify(r.filePath)},"messages":${JSON.stringify(messages)},`
        + `"suppressedMessages":[],"errorCount":${counts.error},"fatalErrorCount":0,`
        + `"warningCount":${counts.warning + counts.information + counts.hint},`
        + '"fixableErrorCount":0,"fixableWarningCount":0,"usedDeprecatedRules":[]}';
      return opening + part;
    },
    end: () => (first ? '[]\n' : ']\n'),
  };
}
