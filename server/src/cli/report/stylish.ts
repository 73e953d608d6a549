/** Output of `umsg check`: a readable report (stylish) and ESLint's json formatter shape. */
import * as path from 'node:path';
import { visibleControls, type Diagnostic } from '../../core';

/**
 * Text from a checked file (a property name in a message, a file name) as the terminal should
 * show it: control characters as escapes (`\u001b`), so a file cannot clear the screen or
 * colour, move or hide the report. The json format needs nothing: JSON.stringify escapes them.
 */
export function printable(text: string): string {
  return visibleControls(text);
}

interface FileReport {
  filePath: string;
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * 1-based line and column (UTF-16 code units, as ESLint counts) of offsets in one text.
 * The line starts are found once, then each offset is a binary search: a file with many
 * findings (a 50,000-entry Configuration Meta array) stays linear, not quadratic.
 */
class LineIndex {
  private readonly starts: number[] = [0];
  constructor(private readonly text: string) {
    if (text.indexOf('\r') < 0) {
      // Line feeds only (nearly every file): indexOf finds them about three times faster than
      // a loop over every character (10 ms against 28 on the 3.9 MB message of the bench).
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  at(offset: number): { line: number; column: number } {
    const end = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= end) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, column: end - this.starts[lo] + 1 };
  }
}

/** 1-based line and column of one offset (see LineIndex for many). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  return new LineIndex(text).at(offset);
}

/** A 1-based line and column (UTF-16 code units). */
export interface Position {
  line: number;
  column: number;
}

/**
 * A finding with its positions worked out: what every format prints. A file's report is
 * located as soon as its check ends (in the worker thread that checked it, when there are
 * several), so the text need not be kept, or sent between threads, until the report is written.
 */
export interface LocatedFinding {
  rule: string;
  severity: Diagnostic['severity'];
  message: string;
  start: Position;
  end: Position;
  related?: { message: string; start: Position; end: Position }[];
  /** The cap's counting finding: the findings it stands for, by severity (see core's Diagnostic). */
  standsFor?: Diagnostic['standsFor'];
}

/**
 * Adds a finding to counts by severity: one of its own severity, or, for the finding that
 * counts what the cap left out, every finding it stands for (so a file with 45,000 warnings
 * counts 45,000 against --max-warnings, not the 1,001 shown).
 */
export function countFinding(counts: Record<Diagnostic['severity'], number>, f: Pick<LocatedFinding, 'severity' | 'standsFor'>): void {
  if (!f.standsFor) { counts[f.severity]++; return; }
  for (const [severity, n] of Object.entries(f.standsFor) as [Diagnostic['severity'], number][]) counts[severity] += n;
}

export interface LocatedReport {
  filePath: string;
  findings: LocatedFinding[];
}

/** The positions of a file's findings; the lines are indexed only when there is a finding. */
export function locate(r: FileReport): LocatedReport {
  if (r.diagnostics.length === 0) return { filePath: r.filePath, findings: [] };
  const lines = new LineIndex(r.text);
  const findings = r.diagnostics.map((d): LocatedFinding => {
    const f: LocatedFinding = { rule: d.rule, severity: d.severity, message: d.message, start: lines.at(d.offset), end: lines.at(d.offset + d.length) };
    if (d.standsFor) f.standsFor = d.standsFor;
    if (d.related?.length) f.related = d.related.map((rel) => ({ message: rel.message, start: lines.at(rel.offset), end: lines.at(rel.offset + rel.length) }));
    return f;
  });
  return { filePath: r.filePath, findings };
}

/**
 * A report written file by file (issue 11): `file` gives one file's part, which `umsg check`
 * writes as soon as that file and every file before it are checked; `end` gives what closes
 * the report (the summary line, the closing bracket). The parts joined are the whole report.
 */
export interface ReportWriter {
  file(r: LocatedReport): string;
  end(checkedFiles: number): string;
}

/** ESLint severities: 2 error, 1 everything milder (information and hints count as warnings there). */
function eslintSeverity(severity: Diagnostic['severity']): 1 | 2 {
  return severity === 'error' ? 2 : 1;
}

/** ESLint's json formatter shape, as one JSON array written element by element. */
export function jsonWriter(): ReportWriter {
  let first = true;
  return {
    file(r) {
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
      // the constant parts written out (most files have no findings): over 10,000 messages
      // this took 30 ms of CPU profile where stringifying each whole object took 54.
      const part = `{"filePath":${JSON.stringify(r.filePath)},"messages":${messages.length === 0 ? '[]' : JSON.stringify(messages)},`
        + `"suppressedMessages":[],"errorCount":${counts.error},"fatalErrorCount":0,"warningCount":${counts.warning + counts.information + counts.hint},`
        + '"fixableErrorCount":0,"fixableWarningCount":0,"usedDeprecatedRules":[]}';
      const opening = first ? '[' : ',';
      first = false;
      return opening + part;
    },
    end: () => (first ? '[]\n' : ']\n'),
  };
}

const LABEL: Record<Diagnostic['severity'], string> = { error: 'error', warning: 'warning', information: 'info', hint: 'hint' };

/** The readable report: each file with findings, its findings, then one summary line. */
export function stylishWriter(cwd: string, color: boolean): ReportWriter {
  const paint = (code: number, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const counts = { error: 0, warning: 0, information: 0, hint: 0 };
  return {
    file(r) {
      if (r.findings.length === 0) return '';
      let part = paint(4, printable(path.relative(cwd, r.filePath) || r.filePath)) + '\n';
      const rows = r.findings.map((f) => {
        countFinding(counts, f);
        return { pos: `${f.start.line}:${f.start.column}`, sev: LABEL[f.severity], f };
      });
      const posWidth = Math.max(...rows.map((x) => x.pos.length));
      for (const x of rows) {
        const sev = x.sev.padEnd(7);
        const coloured = x.f.severity === 'error' ? paint(31, sev) : x.f.severity === 'warning' ? paint(33, sev) : paint(36, sev);
        part += `  ${x.pos.padEnd(posWidth)}  ${coloured}  ${printable(x.f.message)}  ${paint(2, x.f.rule)}\n`;
      }
      return part + '\n';
    },
    end(fileCount) {
      const { error: errors, warning: warnings } = counts;
      const infos = counts.information + counts.hint;
      const total = errors + warnings + infos;
      const files = `${fileCount} file${fileCount === 1 ? '' : 's'} checked`;
      if (total === 0) return `✔ ${files}, no problems.\n`;
      const parts = [`${errors} error${errors === 1 ? '' : 's'}`, `${warnings} warning${warnings === 1 ? '' : 's'}`];
      if (infos) parts.push(`${infos} info`);
      return paint(errors ? 31 : 33, `✖ ${total} problem${total === 1 ? '' : 's'} (${parts.join(', ')}) in ${files}.`) + '\n';
    },
  };
}

/** Whether the readable report is coloured: on a terminal, unless NO_COLOR is set. */
export function stylishColor(): boolean {
  return !!process.stdout.isTTY && !process.env.NO_COLOR;
}
