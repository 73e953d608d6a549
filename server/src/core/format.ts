/**
 * Formatting of a universal message, whole or a range. jsonc-parser formats the masked text:
 * templates are masked as string tokens, so the formatter only ever rewrites the white space
 * between tokens, and a template's text (even one spanning lines) is never changed. Comments
 * and the `// @each` / `// @end` marker lines stay where they are, re-indented with their list.
 */
import { format as formatJsonc, type FormattingOptions } from 'jsonc-parser';
import type { TextEdit } from './fixes';
import type { JsonDocument } from './jsonDocument';

export interface FormatOptions {
  tabSize: number;
  insertSpaces: boolean;
  eol?: string;
  insertFinalNewline?: boolean;
}

export function formatDocument(doc: JsonDocument, options: FormatOptions, range?: { offset: number; length: number }): TextEdit[] {
  // Formatting a document with syntax errors would guess at its structure: leave it alone.
  if (doc.tooDeep || doc.syntax.length > 0 || doc.scan.problems.length > 0) return [];
  const opts: FormattingOptions = {
    tabSize: options.tabSize,
    insertSpaces: options.insertSpaces,
    eol: options.eol ?? (doc.text.includes('\r\n') ? '\r\n' : '\n'),
    // LSP's insertFinalNewline adds one where it is missing; false must not remove an existing one.
    insertFinalNewline: options.insertFinalNewline === true || /\n$/.test(doc.text),
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
