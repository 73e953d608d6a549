/**
 * Where lines start, as editors count them: a line feed, a carriage return and line feed, or a
 * lone carriage return ends a line (the Language Server Protocol's rule, and VS Code's). The
 * command line's line and column (cli/report/locate.ts), folding (features/structure.ts) and the
 * server's open documents (lsp/openDocument.ts) all read lines through here.
 */

/**
 * The offset just past the first line break at or after `from` in `text`, or -1 when no line
 * break follows. `crlf`: whether the text may hold a carriage return (`text.indexOf('\r') >= 0`,
 * asked once by a caller that looks for many breaks); without one, `indexOf` finds the line feeds
 * faster than a loop over every character.
 */
export function nextLineStart(text: string, from: number, crlf = text.indexOf('\r', from) >= 0): number {
  if (!crlf) {
    const i = text.indexOf('\n', from);
    return i < 0 ? -1 : i + 1;
  }
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) return i + 1;
  }
  return -1;
}

/** The offsets just past each line break of `text`, plus `shift` (where `text` stands in a longer one). */
export function lineBreakEnds(text: string, shift = 0): number[] {
  const ends: number[] = [];
  const crlf = text.indexOf('\r') >= 0;
  for (let k = nextLineStart(text, 0, crlf); k >= 0; k = nextLineStart(text, k, crlf)) ends.push(k + shift);
  return ends;
}

/** Where each line of `text` starts: 0, then just past each line break. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  const crlf = text.indexOf('\r') >= 0;
  for (let k = nextLineStart(text, 0, crlf); k >= 0; k = nextLineStart(text, k, crlf)) starts.push(k);
  return starts;
}

/**
 * The line `offset` is on, in a table of line starts: the last whose start is not after it.
 * `from`: a line known to start at or before `offset`. The search then gallops from it, so a
 * caller that walks a document in order pays for the lines it moves over, not for the whole
 * table each time (folding looks up the lines of 50,000 entries of a Configuration Meta).
 */
export function lineAt(starts: readonly number[], offset: number, from = 0): number {
  let low = 0;
  let high = starts.length;
  if (from > 0 && from < high && starts[from] <= offset) {
    low = from;
    // Lines from+1, from+2, from+4, ... until one starts after `offset`: the answer is below it.
    for (let step = 1; low + step < high; step *= 2) {
      if (starts[low + step] > offset) { high = low + step; break; }
      low += step;
    }
  }
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid] > offset) high = mid; else low = mid + 1;
  }
  return low - 1;
}
