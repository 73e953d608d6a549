/**
 * Formatting of a universal message, whole or a range. jsonc-parser formats the masked text:
 * templates are masked as string tokens, so the formatter only ever rewrites the white space
 * between tokens, and a template's text (even one spanning lines) is never changed. Comments
 * and the `// @each` / `// @end` marker lines stay where they are, re-indented with their list.
 */
import { format as formatJsonc, type FormattingOptions } from 'jsonc-parser';
import type { TextEdit } from './types';
import type { JsonDocument } from '../syntax/jsonDocument';

/**
 * Formatting options as a client sends them. Every field is checked before use: they come
 * over the wire, and a tab size of 1e9 once made the indentation strings run the server out
 * of memory.
 */
export interface FormatOptions {
  tabSize?: number;
  insertSpaces?: boolean;
  eol?: string;
  insertFinalNewline?: boolean;
}

/** Tab sizes are clamped to this range (VS Code itself offers 1 to 8); missing, NaN or not a number: the default. */
export const TAB_SIZE_RANGE = { min: 1, max: 16, default: 2 } as const;

/** The tab size to use: a whole number in TAB_SIZE_RANGE, whatever the client sent. */
function saneTabSize(tabSize: unknown): number {
  if (typeof tabSize !== 'number' || Number.isNaN(tabSize)) return TAB_SIZE_RANGE.default;
  return Math.min(TAB_SIZE_RANGE.max, Math.max(TAB_SIZE_RANGE.min, Math.round(tabSize)));
}

export function formatDocument(
  doc: JsonDocument,
  options: FormatOptions | undefined,
  range?: { offset: number; length: number },
): TextEdit[] {
  // Formatting a document with syntax errors would guess at its structure: leave it alone.
  if (doc.tooDeep || doc.syntax.length > 0 || doc.scan.problems.length > 0) return [];
  const given = options ?? {};
  const opts: FormattingOptions = {
    tabSize: saneTabSize(given.tabSize),
    insertSpaces: given.insertSpaces !== false,
    eol: given.eol === '\n' || given.eol === '\r\n' ? given.eol : (doc.text.includes('\r\n') ? '\r\n' : '\n'),
    // LSP's insertFinalNewline adds one where it is missing; false must not remove an existing one.
    insertFinalNewline: given.insertFinalNewline === true || /\n$/.test(doc.text),
  };
  // As in VS Code's JSON support, a range keeps its first line's indentation and formats the rest.
  const edits = formatJsonc(doc.scan.masked, range, opts);
  // Safety net: an edit may only replace white space with white space in the source.
  return edits
    .filter((e) => /^\s*$/.test(e.content) && /^\s*$/.test(doc.text.slice(e.offset, e.offset + e.length)))
    .map((e) => ({ offset: e.offset, length: e.length, newText: e.content }));
}

/** Applies edits (non-overlapping) to a text. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.offset - a.offset);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.offset) + e.newText + out.slice(e.offset + e.length);
  return out;
}
