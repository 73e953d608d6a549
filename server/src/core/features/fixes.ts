/**
 * Turns the typed fix data of a finding into text edits (offsets in the source). Quick fixes
 * are keyed on the finding's rule id and this data, never on message text.
 */
import { createScanner } from 'jsonc-parser';
import { applyEdits } from './formatting';
import { parseJsonDocument, type JsonDocument } from '../syntax/jsonDocument';
import { nodeAtOffset } from '../syntax/nodes';
import type { FixData } from '../findings/rule';
import type { TextEdit } from './types';
import { propertyIndent } from '../model/values';

export type { TextEdit } from './types';

/** Snippet syntax to plain text: `${1:Title}` gives Title, `${1|a,b|}` gives a, `$1` nothing. */
function snippetToText(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|([^,|}]*)(?:,[^,}|]*)*\|\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\}|\$\d+/g, '');
}

/**
 * The edits of a fix, or none when the fix is not safe to offer. On text that does not parse,
 * a node's extent is the parser's guess (in `"typ: "rich", "title": "t"` the property "typ: "
 * runs on over "title"), so a fix there is offered only when it deletes no text holding a
 * syntax problem and, applied in memory, adds no syntax or template-syntax problem. On text
 * that parses, the rules' edits stand as they are (test/features/fixesKeepSyntax.test.ts holds both).
 */
export function fixToEdits(doc: JsonDocument, fix: FixData): TextEdit[] {
  const edits = rawEdits(doc, fix);
  if (edits.length === 0 || !isBroken(doc)) return edits;
  const problems = brokenAt(doc);
  const deletesProblem = edits.some((e) =>
    e.length > 0 && problems.some((p) => p.offset < e.offset + e.length && p.offset + Math.max(p.length, 1) > e.offset));
  if (deletesProblem) return [];
  // Each check reparses the whole text. The server keeps a parsed document per version, so
  // verdicts are remembered per document, and a budget per document keeps fix-all over many
  // findings in a large broken file from freezing the server: fixes past it are not offered.
  const checked = checkedFixes(doc);
  const key = JSON.stringify(edits);
  const known = checked.verdicts.get(key);
  if (known !== undefined) return known ? edits : [];
  if (checked.budget < doc.text.length) return [];
  checked.budget -= doc.text.length;
  const keeps = problemCount(parseJsonDocument(applyEdits(doc.text, edits))) <= problemCount(doc);
  checked.verdicts.set(key, keeps);
  return keeps ? edits : [];
}

/** Characters that may be reparsed to check the fixes of one broken document (about one check of a 2 MB file). */
export const REPARSE_BUDGET = 2_000_000;
const checkedByDoc = new WeakMap<JsonDocument, { budget: number; verdicts: Map<string, boolean> }>();

function checkedFixes(doc: JsonDocument): { budget: number; verdicts: Map<string, boolean> } {
  let checked = checkedByDoc.get(doc);
  if (!checked) checkedByDoc.set(doc, checked = { budget: REPARSE_BUDGET, verdicts: new Map() });
  return checked;
}

function isBroken(doc: JsonDocument): boolean {
  return doc.syntax.length > 0 || doc.scan.problems.length > 0;
}

function problemCount(doc: JsonDocument): number {
  return doc.syntax.length + doc.scan.problems.length;
}

/** The ranges of the syntax and template-syntax problems. */
function brokenAt(doc: JsonDocument): { offset: number; length: number }[] {
  return [
    ...doc.syntax.map((s) => ({ offset: s.offset, length: s.length })),
    ...doc.scan.problems.map((p) => ({ offset: p.start, length: p.end - p.start })),
  ];
}

function rawEdits(doc: JsonDocument, fix: FixData): TextEdit[] {
  switch (fix.kind) {
    case 'replace':
      return [{ offset: fix.offset, length: fix.length, newText: fix.text }];
    case 'remove':
      return removalKeepingComments(doc, fix.offset, fix.length);
    case 'edits':
      return fix.edits.map((e) => ({ offset: e.offset, length: e.length, newText: e.text }));
    case 'other-file': // no edit in this document: the server makes it an edit of that file
      return [];
    case 'insert-property': {
      const obj = doc.root ? nodeAtOffset(doc.root, fix.objectOffset) : undefined;
      const text = snippetToText(fix.snippet);
      if (!obj || obj.type !== 'object' || obj.offset !== fix.objectOffset) return [];
      const first = obj.children?.[0];
      if (first) {
        const indent = propertyIndent(doc.text, obj);
        // No line break between the brace and the first property; searched back to the brace
        // only (lastIndexOf ran to the start of a one-line file, once per fix).
        let sameLine = true;
        for (let k = first.offset; k > obj.offset; k--) if (doc.text.charCodeAt(k) === 10) { sameLine = false; break; }
        return [{ offset: first.offset, length: 0, newText: sameLine ? `${text}, ` : `${text},\n${indent}` }];
      }
      return [{ offset: obj.offset + 1, length: obj.length - 2, newText: ` ${text} ` }];
    }
  }
}

// jsonc-parser's SyntaxKind values (const enums cannot be imported by a bundler).
const COMMA = 5;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const LINE_BREAK = 14;
const TRIVIA = 15;
const EOF = 17;

/**
 * A removal (removalRange: a node with the separator before or after it) that keeps the
 * comments in the separator: they belong to the neighbours, and a `// @each` or `// @end`
 * marker line there holds a dynamic list together. Comments inside the node go with it.
 * Only the removed range is scanned (the masked text, so templates are single tokens).
 */
function removalKeepingComments(doc: JsonDocument, offset: number, length: number): TextEdit[] {
  const whole = [{ offset, length, newText: '' }];
  const scanner = createScanner(doc.scan.masked.slice(offset, offset + length), false);
  const significant: { start: number; end: number; comma: boolean }[] = [];
  // A kept line comment keeps its line break too: without it the next token would be commented out.
  const comments: { start: number; end: number }[] = [];
  let previous = EOF;
  for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
    const start = offset + scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    if (token === LINE_COMMENT || token === BLOCK_COMMENT) comments.push({ start, end });
    else if (token === LINE_BREAK && previous === LINE_COMMENT) comments[comments.length - 1].end = end;
    else if (token !== LINE_BREAK && token !== TRIVIA) significant.push({ start, end, comma: token === COMMA });
    previous = token;
  }
  if (comments.length === 0 || significant.length < 2) return whole;
  const first = significant[0];
  const last = significant[significant.length - 1];
  if (first.comma) {
    // The last element: `<comments>, <comments> node`. Delete from the comma, keeping the comments after it.
    const nodeStart = significant[1].start;
    const between = comments.filter((c) => c.start >= first.end && c.end <= nodeStart);
    const from = between.length > 0 ? between[between.length - 1].end : first.end;
    const edits = [{
      offset: first.start,
      length: from === first.end ? offset + length - first.start : first.end - first.start,
      newText: '',
    }];
    if (from !== first.end) edits.push({ offset: from, length: offset + length - from, newText: '' });
    return edits;
  }
  if (last.comma) {
    // Followed by a sibling: `node, <comments>`. Stop before the first comment after the comma.
    const after = comments.find((c) => c.start >= last.end);
    if (!after) return whole;
    return [{ offset, length: after.start - offset, newText: '' }];
  }
  return whole;
}

