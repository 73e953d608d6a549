/**
 * Turns the typed fix data of a finding into text edits (offsets in the source). Quick fixes
 * are keyed on the finding's rule id and this data, never on message text.
 */
import { findNodeAtOffset } from 'jsonc-parser';
import type { JsonDocument } from './jsonDocument';
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

export function fixToEdits(doc: JsonDocument, fix: FixData): TextEdit[] {
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
