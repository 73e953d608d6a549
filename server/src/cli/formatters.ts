/** Output of `umsg check`: a readable report (stylish) and ESLint's json formatter shape. */
import * as path from 'node:path';
import { visibleControls, type Diagnostic } from '../core';

/**
 * Text from a checked file (a property name in a message, a file name) as the terminal should
 * show it: control characters as escapes (`\u001b`), so a file cannot clear the screen or
 * colour, move or hide the report. The json format needs nothing: JSON.stringify escapes them.
 */
export function printable(text: string): string {
  return visibleControls(text);
}

export interface FileReport {
  filePath: string;
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * 1-based line and column (UTF-16 code units, as ESLint counts) of offsets in one text.
 * The line starts are found once, then each offset is a binary search: a file with many
 * findings (a 50,000-entry Configuration Meta array) stays linear, not quadratic.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(private readonly text: string) {
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

/** ESLint severities: 2 error, 1 everything milder (information and hints count as warnings there). */
function eslintSeverity(d: Diagnostic): 1 | 2 {
  return d.severity === 'error' ? 2 : 1;
}

export function formatJson(reports: FileReport[]): string {
  return JSON.stringify(reports.map((r) => {
    const lines = new LineIndex(r.text);
    const messages = r.diagnostics.map((d) => {
      const start = lines.at(d.offset);
      const end = lines.at(d.offset + d.length);
      return {
        ruleId: d.rule,
        severity: eslintSeverity(d),
        message: d.message,
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
      };
    });
    return {
      filePath: r.filePath,
      messages,
      suppressedMessages: [],
      errorCount: messages.filter((m) => m.severity === 2).length,
      fatalErrorCount: 0,
      warningCount: messages.filter((m) => m.severity === 1).length,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
      usedDeprecatedRules: [],
    };
  }));
}

const LABEL: Record<Diagnostic['severity'], string> = { error: 'error', warning: 'warning', information: 'info', hint: 'hint' };

export function formatStylish(reports: FileReport[], cwd: string, fileCount: number): string {
  const color = process.stdout.isTTY && !process.env.NO_COLOR;
  const paint = (code: number, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const lines: string[] = [];
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const r of reports) {
    if (r.diagnostics.length === 0) continue;
    lines.push(paint(4, printable(path.relative(cwd, r.filePath) || r.filePath)));
    const index = new LineIndex(r.text);
    const rows = r.diagnostics.map((d) => {
      const { line, column } = index.at(d.offset);
      if (d.severity === 'error') errors++; else if (d.severity === 'warning') warnings++; else infos++;
      return { pos: `${line}:${column}`, sev: LABEL[d.severity], d };
    });
    const posWidth = Math.max(...rows.map((x) => x.pos.length));
    for (const x of rows) {
      const sev = x.sev.padEnd(7);
      const coloured = x.d.severity === 'error' ? paint(31, sev) : x.d.severity === 'warning' ? paint(33, sev) : paint(36, sev);
      lines.push(`  ${x.pos.padEnd(posWidth)}  ${coloured}  ${printable(x.d.message)}  ${paint(2, x.d.rule)}`);
    }
    lines.push('');
  }
  const total = errors + warnings + infos;
  const files = `${fileCount} file${fileCount === 1 ? '' : 's'} checked`;
  if (total === 0) {
    lines.push(`✔ ${files}, no problems.`);
  } else {
    const parts = [`${errors} error${errors === 1 ? '' : 's'}`, `${warnings} warning${warnings === 1 ? '' : 's'}`];
    if (infos) parts.push(`${infos} info`);
    lines.push(paint(errors ? 31 : 33, `✖ ${total} problem${total === 1 ? '' : 's'} (${parts.join(', ')}) in ${files}.`));
  }
  return lines.join('\n') + '\n';
}
