/** `--format stylish`, the default: a readable report grouped by file, in colour on a terminal. */
import * as path from 'node:path';
import type { Diagnostic } from '../../core';
import { type ReportWriter, countFinding, printable } from './locate';

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
