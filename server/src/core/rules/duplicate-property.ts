import type { Node } from '../jsonDocument';
import { defineRule } from '../rule';
import { removalRange } from './ruleUtil';
import { quote } from '../quote';

/** Objects with more properties than this look names up in a Map. */
const SMALL_OBJECT = 8;

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
    const named = (key: Node | undefined): key is Node => !!key && key.type === 'string' && (templateFree || !doc.stringInfo(key).templates.length);
    // Iterative walk: documents may be deep.
    const stack: Node[] = [doc.root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type === 'object') {
        const props = node.children ?? [];
        // Most objects have a handful of properties: a search back over the names seen costs
        // less than a Map per object (a 20,000-action message had 20,000 of them). A larger
        // object gets a Map, so that the walk stays linear.
        const seen = props.length > SMALL_OBJECT ? new Map<string, Node>() : undefined;
        for (let i = 0; i < props.length; i++) {
          const p = props[i];
          const key = p.children?.[0];
          if (named(key)) {
            const name = String(key.value);
            let first: Node | undefined;
            if (seen) first = seen.get(name);
            else {
              for (let j = 0; j < i; j++) {
                const other = props[j].children?.[0];
                if (named(other) && String(other.value) === name) { first = other; break; }
              }
            }
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
            } else seen?.set(name, key);
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
