import type { Node } from '../syntax/jsonDocument';
import { defineRule } from '../findings/rule';
import { removalRange } from '../model/values';
import { quote } from '../util/messageQuote';
import { SmallMap } from '../util/smallMap';

/** A property defined twice in one object: channels keep only one of them, usually the last. */
export default defineRule({
  id: 'duplicate-property',
  description: 'A property appears at most once in an object.',
  defaultSeverity: 'warning',
  languages: ['universal-message', 'configuration-meta', 'native-provider'],
  check({ doc, report }) {
    if (!doc.root) return;
    const templateFree = doc.scan.templates.length === 0;
    // A key with a template in it has no known name: no verdict.
    const named = (key: Node | undefined): key is Node =>
      !!key && key.type === 'string' && (templateFree || !doc.stringInfo(key).templates.length);
    // Iterative walk: documents may be deep. One map of names, emptied for each object.
    const seen = new SmallMap<Node>();
    const stack: Node[] = [doc.root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type === 'object') {
        seen.clear();
        for (const p of node.children ?? []) {
          const key = p.children?.[0];
          if (named(key)) {
            const name = String(key.value);
            const first = seen.remember(name, key);
            if (first) {
              report({
                message: `${quote(name)} is already defined in this object: only one value is kept (usually the last).`,
                offset: key.offset,
                length: key.length,
                related: [{ offset: first.offset, length: first.length, message: `First ${quote(name)} is here.` }],
                // Removing the first keeps the value most parsers use; removing this one keeps the first.
                fixes: [
                  { kind: 'remove', ...removalRange(node, first.parent!), title: `Remove the first ${quote(name)} (keeps this value)` },
                  { kind: 'remove', ...removalRange(node, p), title: `Remove this ${quote(name)}` },
                ],
              });
            }
          }
          const value = p.children?.[1];
          if (value && (value.type === 'object' || value.type === 'array')) stack.push(value);
        }
      } else if (node.type === 'array') {
        for (const c of node.children ?? []) if (c.type === 'object' || c.type === 'array') stack.push(c);
      }
    }
  },
});
