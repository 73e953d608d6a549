/**
 * An open document's text, as vscode-languageserver-textdocument's TextDocument keeps it, but
 * an edit does not copy the text. The library applies an edit by joining the text before and
 * after it and then reads a character of the result, which makes V8 copy the whole text into
 * one new string: 3.3 ms for a 4.6 MB document, up to 45 ms when the machine is busy, on every
 * keystroke, and 4.6 MB of garbage each time (docs/performance.md). Most keystrokes need no
 * character of the new text: while someone types in a string, an editor sends the change and
 * a pull of diagnostics, which waits for a pause in the typing.
 *
 * So the text is kept as pieces (core/syntax/pieceText.ts): slices of a string read whole and
 * the texts the edits inserted, joined without reading them, so `getText()` hands out the
 * current text at no cost; the first reader of its characters makes the one copy. The
 * characters this class reads itself (around an edit, for line breaks) are read from the
 * pieces, and so does the language service, through `source()`.
 *
 * Offsets, positions and line breaks follow the library (`\n`, `\r\n` and `\r` end a line; a
 * position past its line's end is its line's end, before the line break), with one difference:
 * the line of an edit's range is the line of its offset, so a range past the text's last line
 * cannot leave the line table wrong (the library then leaves a line out). test/lsp/openDocument.test.ts
 * holds both side by side over random edits.
 */
import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';
import type { Position, Range, TextDocument } from 'vscode-languageserver-textdocument';
import { composeEdits, lineAt, lineBreakEnds, lineStarts, PieceText, spliced, type Edit, type TextSource } from '../core';

/** Change events remembered: enough for the versions a burst of typing makes between two requests. */
const KEPT_STEPS = 32;

/** One change event: the version it made from which, and where it changed that version's text. */
interface Step {
  from: number;
  to: number;
  edit: Edit;
  /** The length of the text at `from`. */
  oldLength: number;
}

const CR = 13;
const LF = 10;

export class OpenDocument implements TextDocument {
  /** The text as pieces; `text` is their joined string. */
  private body: PieceText;
  private text: string;
  private lines: number[] | undefined;
  /** The change events since the last that replaced the whole text or changed several places, the last `KEPT_STEPS`. */
  private steps: Step[];

  constructor(readonly uri: string, readonly languageId: string, public version: number, content: string) {
    this.text = content;
    this.body = PieceText.of(content);
    this.steps = [];
  }

  get lineCount(): number {
    return this.lineTable().length;
  }

  /**
   * The current text as a source to read parts of (core/syntax/textSource.ts), without the copy
   * of the whole text that reading a character of `getText()` makes. It reads this version for
   * good: later edits make new pieces, they never change these.
   */
  source(): TextSource {
    return this.body;
  }

  /**
   * Where each line of the current text starts, as core's lineStarts gives them, from the table
   * this document keeps up to date with each edit: folding reads it instead of the whole text.
   * The next change event changes it in place, so it is read at once, never kept.
   */
  lineStarts(): readonly number[] {
    return this.lineTable();
  }

  getText(range?: Range): string {
    if (!range) return this.text;
    return this.text.substring(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  /** `fromLine`: a line that may start at or before `offset`, where the search for its line begins (core's lineAt). */
  positionAt(offset: number, fromLine = 0): Position {
    offset = Math.max(Math.min(offset, this.text.length), 0);
    const lines = this.lineTable();
    const line = lineAt(lines, offset, fromLine);
    const next = line + 1 < lines.length ? lines[line + 1] : this.text.length;
    return { line, character: this.beforeLineBreak(offset, lines[line], next) - lines[line] };
  }

  offsetAt(position: Position): number {
    const lines = this.lineTable();
    if (position.line >= lines.length) return this.text.length;
    if (position.line < 0) return 0;
    const lineStart = lines[position.line];
    if (position.character <= 0) return lineStart;
    const next = position.line + 1 < lines.length ? lines[position.line + 1] : this.text.length;
    return this.beforeLineBreak(Math.min(lineStart + position.character, next), lineStart, next);
  }

  getLineRange(line: number): Range {
    const lines = this.lineTable();
    if (line >= lines.length) {
      const last = lines.length - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.text.length - lines[last] } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const next = line + 1 < lines.length ? lines[line + 1] : this.text.length;
    return { start: { line, character: 0 }, end: { line, character: this.beforeLineBreak(next, lines[line], next) - lines[line] } };
  }

  getEOLCharacters(line: number): string {
    const lines = this.lineTable();
    if (line >= lines.length || line < 0) return '';
    const next = line + 1 < lines.length ? lines[line + 1] : this.text.length;
    const lineBreak = this.beforeLineBreak(next, lines[line], next);
    let eol = '';
    for (let k = lineBreak; k < next; k++) eol += String.fromCharCode(this.charAt(k));
    return eol;
  }

  /**
   * Applies one change event's changes in order, and remembers where a single ranged change
   * changed the text (several changes, for more than one cursor, are each against the text the
   * one before left: no one span).
   */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    const from = this.version;
    const oldLength = this.text.length;
    let span: Edit | undefined;
    for (const change of changes) {
      if (isRanged(change)) {
        span = this.replace(ordered(change.range), change.text);
      } else if (isWhole(change)) {
        this.text = change.text;
        this.body = PieceText.of(change.text);
        this.lines = undefined;
        span = undefined;
      } else {
        throw new Error('Unknown change event received');
      }
    }
    this.version = version;
    // Versions only go up (the protocol says so); a client that sends one again is not followed.
    if (changes.length === 1 && span && version > from) {
      this.steps.push({ from, to: version, edit: span, oldLength });
      if (this.steps.length > KEPT_STEPS) this.steps.shift();
    } else {
      this.steps.length = 0;
    }
  }

  /**
   * Where the current text differs from the text at `version`, composed from the change events
   * since; undefined when that is not known (an event that replaced the whole text or changed
   * several places, a version too far back, the same version, or none). The language service
   * makes a long document's parse after a keystroke from the previous parse with it, instead of
   * comparing the two texts (core/syntax/incremental.ts).
   */
  editSince(version: number | undefined): Edit | undefined {
    const steps = this.steps;
    if (version === undefined) return undefined;
    let k = steps.findIndex((s) => s.from === version);
    if (k < 0) return undefined;
    const oldLength = steps[k].oldLength;
    let edit = steps[k].edit;
    let at = steps[k].to;
    for (k++; k < steps.length && steps[k].from === at; k++) {
      edit = composeEdits(edit, steps[k].edit, oldLength);
      at = steps[k].to;
    }
    // Only a chain that ends at this version and adds up to its text's length.
    if (at !== this.version || oldLength + edit.newEnd - edit.oldEnd !== this.text.length) return undefined;
    return edit;
  }

  private replace(range: Range, inserted: string): Edit {
    const start = this.offsetAt(range.start);
    const end = this.offsetAt(range.end);
    const lines = this.lineTable();
    // The lines of the offsets (not the range's own, which may lie past the last line).
    const startLine = lineAt(lines, start);
    const endLine = lineAt(lines, end);
    this.splice(start, end, inserted);
    const insertedEnd = start + inserted.length;
    // A \r\n made or split at either end of the edit: the table is made again when next needed.
    const crlfAt = (k: number) => this.charAt(k - 1) === CR && this.charAt(k) === LF;
    if (crlfAt(start) || crlfAt(insertedEnd)) {
      this.lines = undefined;
      return { start, oldEnd: end, newEnd: insertedEnd };
    }
    const added = lineBreakEnds(inserted, start);
    const table = this.lines = spliced(lines, startLine + 1, endLine - startLine, added);
    const shift = inserted.length - (end - start);
    if (shift !== 0) for (let k = startLine + 1 + added.length; k < table.length; k++) table[k] += shift;
    return { start, oldEnd: end, newEnd: insertedEnd };
  }

  /** The text with [start, end) replaced by `inserted`, joined from pieces without reading them. */
  private splice(start: number, end: number, inserted: string): void {
    this.body = this.body.spliced(start, end, inserted);
    this.text = this.body.text;
  }

  /** The character code at `offset` of the text, read from its pieces; NaN outside it. */
  private charAt(offset: number): number {
    return this.body.charCodeAt(offset);
  }

  /**
   * `offset`, moved back before the line break it is in or just after (never before `lineStart`).
   * A line's break is its last one or two characters, before `next` (the next line's start): an
   * offset further from it than that is where it is, with no character read.
   */
  private beforeLineBreak(offset: number, lineStart: number, next: number): number {
    if (offset < next - 1) return offset;
    while (offset > lineStart) {
      const c = this.charAt(offset - 1);
      if (c !== CR && c !== LF) break;
      offset--;
    }
    return offset;
  }

  /** Where each line starts; read from the whole text when not known (the text then becomes the base). */
  private lineTable(): number[] {
    if (this.lines === undefined) {
      this.lines = lineStarts(this.text);
      this.body = PieceText.of(this.text);
    }
    return this.lines;
  }
}

function isRanged(change: TextDocumentContentChangeEvent): change is { range: Range; rangeLength?: number; text: string } {
  const c = change as { range?: unknown; rangeLength?: unknown; text?: unknown };
  return c !== null && typeof c === 'object' && typeof c.text === 'string' && c.range !== undefined &&
    (c.rangeLength === undefined || typeof c.rangeLength === 'number');
}

function isWhole(change: TextDocumentContentChangeEvent): change is { text: string } {
  const c = change as { range?: unknown; rangeLength?: unknown; text?: unknown };
  return c !== null && typeof c === 'object' && typeof c.text === 'string' && c.range === undefined && c.rangeLength === undefined;
}

/** The range with its start first, as the library takes it. */
function ordered(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}

/** For `new TextDocuments(…)`: the server's open documents. */
export const OPEN_DOCUMENTS: TextDocumentsConfiguration<OpenDocument> = {
  create: (uri, languageId, version, content) => new OpenDocument(uri, languageId, version, content),
  update(doc, changes, version) {
    doc.update(changes, version);
    return doc;
  },
};
