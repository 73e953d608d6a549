/**
 * Turns the typed fix data of a finding into text edits (offsets in the source). Quick fixes
 * are keyed on the finding's rule id and this data, never on message text.
 */
import type { JsonDocument, Node } from './jsonDocument';
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

/**
 * The innermost node whose range holds `offset` (its end included unless `includeEnd` is
 * false), as jsonc-parser's findNodeAtOffset(root, offset, includeEnd) finds it, but by binary
 * search among each node's children: the linear search per fix made fixes over thousands of
 * elements quadratic.
 */
export function nodeAtOffset(root: Node, offset: number, includeEnd = true): Node | undefined {
  const holds = (n: Node) => offset >= n.offset && (includeEnd ? offset <= n.offset + n.length : offset < n.offset + n.length);
  if (!holds(root)) return undefined;
  let node = root;
  for (;;) {
    const children = node.children ?? [];
    // The last child starting at or before the offset; the ones just before it can hold the
    // offset too when they end exactly there (touching or empty nodes), and the first wins.
    let lo = 0;
    let hi = children.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (children[mid].offset <= offset) lo = mid + 1; else hi = mid;
    }
    let next: Node | undefined;
    for (let k = lo - 1; k >= 0 && holds(children[k]); k--) next = children[k];
    if (!next) return node;
    node = next;
  }
}
