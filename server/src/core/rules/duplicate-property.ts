import type { Node } from '../syntax/jsonDocument';
import { defineRule } from '../findings/rule';
import { removalRange } from '../model/values';
import { PropertyNode } from '../syntax/jsonTree';
import { keyHoldsTemplate } from '../syntax/nodes';
import { quote } from '../util/messageQuote';
import { SmallMap } from '../util/smallMap';

/** Properties up to which an object's keys are compared with the earlier ones in place, without the map. */
const SMALL_OBJECT = 8;

/** The first of the properties before `end` named `name` (as SmallMap.remember would give it). */
function firstNamed(props: readonly Node[], end: number, name: string, named: (p: Node) => p is PropertyNode): PropertyNode | undefined {
  for (let j = 0; j < end; j++) {
    const p = props[j];
    if (named(p) && p.name === name) return p;
  }
  return undefined;
}

/** A property defined twice in one object: channels keep only one of them, usually the last. */
export default defineRule({
  id: 'duplicate-property',
  description: 'A property appears at most once in an object.',
  defaultSeverity: 'warning',
  languages: ['universal-message', 'configuration-meta', 'native-provider'],
  check({ doc, report }) {
    if (!doc.root) return;
    // A key with a template in it has no known name: no verdict.
    const named = (p: Node): p is PropertyNode => p instanceof PropertyNode && !keyHoldsTemplate(doc, p);
    // Iterative walk: documents may be deep. One map of names, emptied for each object that
    // has more than a few properties; the earlier keys of a smaller one are compared in place.
    const seen = new SmallMap<PropertyNode>();
    const stack: Node[] = [doc.root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type === 'object') {
        const props = node.children ?? [];
        const small = props.length <= SMALL_OBJECT;
        if (!small) seen.clear();
        for (let i = 0; i < props.length; i++) {
          const p = props[i];
          if (named(p)) {
            const name = p.name;
            const first = small ? firstNamed(props, i, name, named) : seen.remember(name, p);
            if (first) {
              const key = p.key;
              report({
                message: `${quote(name)} is already defined in this object: only one value is kept (usually the last).`,
                offset: key.offset,
                length: key.length,
                related: [{ offset: first.offset, length: first.keyLength, message: `First ${quote(name)} is here.` }],
                // Removing the first keeps the value most parsers use; removing this one keeps the first.
                fixes: [
                  { kind: 'remove', ...removalRange(node, first), title: `Remove the first ${quote(name)} (keeps this value)` },
                  { kind: 'remove', ...removalRange(node, p), title: `Remove this ${quote(name)}` },
                ],
              });
            }
          }
          const value = p instanceof PropertyNode ? p.valueNode : undefined;
          if (value && (value.type === 'object' || value.type === 'array')) stack.push(value);
        }
      } else if (node.type === 'array') {
        for (const c of node.children ?? []) if (c.type === 'object' || c.type === 'array') stack.push(c);
      }
    }
  },
});
