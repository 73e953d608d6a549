/**
 * `umsg check --format github`: one GitHub Actions workflow command per finding, which the
 * runner turns into an annotation on the file and lines of the pull request:
 *
 *   ::error file=cards/menu.umsg,line=3,col=12,endLine=3,endColumn=40,title=channel-limit::title has 95 characters…
 *
 * `warning` for warnings, `notice` for information and hints. Lines and columns are 1-based,
 * columns in UTF-16 code units (as everywhere in the command line), the end column exclusive.
 */
import * as path from 'node:path';
import type { Diagnostic } from '../../core';
import type { ReportWriter } from './locate';

const COMMAND: Record<Diagnostic['severity'], string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/**
 * Characters that must not reach a terminal or a CI log raw: C0 controls other than line feed
 * and carriage return (which the workflow-command escaping below takes care of), DEL, C1
 * controls (U+009B is a CSI on some terminals), the Unicode line and paragraph separators, and
 * the bidirectional overrides and isolates that can make a file name read as something else.
 * One character class, so matching is linear.
 */
const UNSAFE = /[\u0000-\u0009\v\f\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Shows each unsafe character as a visible `\uXXXX` escape (as JSON would write it). */
function visible(s: string): string {
  return s.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A command's message, escaped as the Actions runner unescapes it: `%`, CR and LF. */
export function escapeData(s: string): string {
  return visible(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command's property value (file, title): as data, and also `:` and `,`, which end a property. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * The file as the runner expects it: relative to the working directory (the checkout, in a
 * workflow) with forward slashes; absolute when the file lies outside it.
 */
function displayPath(filePath: string, cwd: string): string {
  const rel = path.relative(cwd, filePath);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return filePath.split(path.sep).join('/');
  return rel.split(path.sep).join('/');
}

/** One workflow command per finding, written file by file; nothing closes the report. */
export function githubWriter(cwd: string): ReportWriter {
  return {
    file(r) {
      if (r.findings.length === 0) return '';
      const file = escapeProperty(displayPath(r.filePath, cwd));
      let part = '';
      for (const f of r.findings) {
        part += `::${COMMAND[f.severity]} file=${file},line=${f.start.line},col=${f.start.column},` +
          `endLine=${f.end.line},endColumn=${f.end.column},title=${escapeProperty(f.rule)}::${escapeData(f.message)}\n`;
      }
      return part;
    },
    end: () => '',
  };
}
