/**
 * A checked file's findings located for a report: line and column of each (1-based, as
 * editors and CI show them), counts by severity, and the writer interface every format
 * implements. Text from the document is made printable before it reaches a terminal.
 */
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
      // Line feeds only (nearly every file): indexOf finds them faster than a loop over every
      // character.
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
    const f: LocatedFinding = {
      rule: d.rule,
      severity: d.severity,
      message: d.message,
      start: lines.at(d.offset),
      end: lines.at(d.offset + d.length),
    };
    if (d.standsFor) f.standsFor = d.standsFor;
    if (d.related?.length) f.related = d.related.map((rel) => ({
      message: rel.message,
      start: lines.at(rel.offset),
      end: lines.at(rel.offset + rel.length),
    }));
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
