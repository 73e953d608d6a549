/**
 * Turns the typed fix data of a finding into text edits (offsets in the source). Quick fixes
 * are keyed on the finding's rule id and this data, never on message text.
 */
import { findNodeAtOffset } from 'jsonc-parser';
import { applyEdits } from './format';
import { parseJsonDocument, type JsonDocument } from './jsonDocument';
import type { FixData } from './rule';
import { propertyIndent } from './rules/ruleUtil';

export interface TextEdit {
  offset: number;
  length: number;
  newText: string;
}

/** Snippet syntax to plain text: `${1:Title}` gives Title, `${1|a,b|}` gives a, `$1` nothing. */
export function snippetToText(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|([^,|}]*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\}|\$\d+/g, '');
}

/**
 * The edits of a fix, or none when the fix is not safe to offer. On text that does not parse,
 * a node's extent is the parser's guess (in `"typ: "rich", "title": "t"` the property "typ: "
 * runs on over "title"), so a fix there is offered only when it deletes no text holding a
 * syntax problem and, applied in memory, adds no syntax or template-syntax problem. On text
 * that parses, the rules' edits stand as they are (test/fixesKeepParse.test.ts holds both).
 */
export function fixToEdits(doc: JsonDocument, fix: FixData): TextEdit[] {
  const edits = rawEdits(doc, fix);
  if (edits.length === 0 || !isBroken(doc)) return edits;
  const problems = brokenAt(doc);
  const deletesProblem = edits.some((e) => e.length > 0 && problems.some((p) => p.offset < e.offset + e.length && p.offset + Math.max(p.length, 1) > e.offset));
  if (deletesProblem) return [];
  const after = parseJsonDocument(applyEdits(doc.text, edits));
  return problemCount(after) <= problemCount(doc) ? edits : [];
}

function isBroken(doc: JsonDocument): boolean {
  return doc.syntax.length > 0 || doc.scan.problems.length > 0;
}

function problemCount(doc: JsonDocument): number {
  return doc.syntax.length + doc.scan.problems.length;
}

/** The ranges of the syntax and template-syntax problems. */
function brokenAt(doc: JsonDocument): { offset: number; length: number }[] {
  return [...doc.syntax.map((s) => ({ offset: s.offset, length: s.length })), ...doc.scan.problems.map((p) => ({ offset: p.start, length: p.end - p.start }))];
}

function rawEdits(doc: JsonDocument, fix: FixData): TextEdit[] {
  switch (fix.kind) {
    case 'replace':
      return [{ offset: fix.offset, length: fix.length, newText: fix.text }];
    case 'remove':
      return [{ offset: fix.offset, length: fix.length, newText: '' }];
    case 'edits':
      return fix.edits.map((e) => ({ offset: e.offset, length: e.length, newText: e.text }));
    case 'insert-property': {
      const obj = doc.root ? findNodeAtOffset(doc.root, fix.objectOffset, true) : undefined;
      const text = snippetToText(fix.snippet);
      if (!obj || obj.type !== 'object' || obj.offset !== fix.objectOffset) return [];
      const first = obj.children?.[0];
      if (first) {
        const indent = propertyIndent(doc.text, obj);
        const sameLine = doc.text.lastIndexOf('\n', first.offset) < obj.offset;
        return [{ offset: first.offset, length: 0, newText: sameLine ? `${text}, ` : `${text},\n${indent}` }];
      }
      return [{ offset: obj.offset + 1, length: obj.length - 2, newText: ` ${text} ` }];
    }
  }
}
