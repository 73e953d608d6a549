/**
 * A checked file's findings located for a report: line and column of each (1-based, as
 * editors and CI show them), counts by severity, and the writer interface every format
 * implements. Text from the document is made printable before it reaches a terminal.
 */
import { nextLineStart, visibleControls, type Diagnostic } from '../../core';

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
 * 1-based line and column (UTF-16 code units, as ESLint counts) of each offset in one text,
 * in the order given. The offsets are sorted and the text is swept once, up to the last of
 * them: no table of every line start (200,000 of them in a 3.9 MB message with a few hundred
 * findings), and a file with many findings (a 50,000-entry Configuration Meta) stays linear.
 */
function positionsOf(text: string, offsets: readonly number[]): Position[] {
  const order = new Array<number>(offsets.length);
  for (let i = 0; i < offsets.length; i++) order[i] = i;
  order.sort((a, b) => offsets[a] - offsets[b]);
  const crlf = text.indexOf('\r') >= 0;
  const out = new Array<Position>(offsets.length);
  let line = 1;
  let lineStart = 0;
  let next = nextLineStart(text, 0, crlf);
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const end = Math.max(0, Math.min(offsets[i], text.length));
    while (next >= 0 && next <= end) {
      line++;
      lineStart = next;
      next = nextLineStart(text, next, crlf);
    }
    out[i] = { line, column: end - lineStart + 1 };
  }
  return out;
}

/** 1-based line and column of one offset (see positionsOf for many). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  return positionsOf(text, [offset])[0];
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

/** The positions of a file's findings; the text is swept only when there is a finding. */
export function locate(r: FileReport): LocatedReport {
  if (r.diagnostics.length === 0) return { filePath: r.filePath, findings: [] };
  // Every offset to place, in the order read back below: each finding's start and end, then its related ranges'.
  const offsets: number[] = [];
  for (const d of r.diagnostics) {
    offsets.push(d.offset, d.offset + d.length);
    if (d.related) for (const rel of d.related) offsets.push(rel.offset, rel.offset + rel.length);
  }
  const at = positionsOf(r.text, offsets);
  let next = 0;
  const findings = r.diagnostics.map((d): LocatedFinding => {
    const f: LocatedFinding = { rule: d.rule, severity: d.severity, message: d.message, start: at[next++], end: at[next++] };
    if (d.standsFor) f.standsFor = d.standsFor;
    if (d.related?.length) f.related = d.related.map((rel) => ({ message: rel.message, start: at[next++], end: at[next++] }));
    return f;
  });
  return { filePath: r.filePath, findings };
}

/**
 * A report written file by file: `file` gives one file's part, which `umsg check`
 * writes as soon as that file and every file before it are checked; `end` gives what closes
 * the report (the summary line, the closing bracket). The parts joined are the whole report.
 */
export interface ReportWriter {
  file(r: LocatedReport): string;
  end(checkedFiles: number): string;
}
