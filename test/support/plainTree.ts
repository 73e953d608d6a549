/**
 * A parse tree as plain data for comparing two parses (types, offsets, lengths, values,
 * children; not jsonc-parser's colonOffset, which the tree does not keep), with every parent
 * link asserted on the way: a node whose `parent` is not the node that holds it fails at once,
 * naming its place. No recursion, so deep trees are fine.
 */
import assert from 'node:assert/strict';
import type { Node } from 'jsonc-parser';

export function plainTree(node: Node | undefined): unknown {
  if (!node) return undefined;
  const top: Record<string, unknown> = {};
  const stack: { node: Node; out: Record<string, unknown>; parent: Node | undefined }[] = [{ node, out: top, parent: node.parent }];
  while (stack.length > 0) {
    const { node: n, out, parent } = stack.pop()!;
    assert.equal(n.parent, parent, `parent link of the ${n.type} at ${n.offset}`);
    out.type = n.type;
    out.offset = n.offset;
    out.length = n.length;
    if (n.value !== undefined) out.value = n.value;
    if (n.children) {
      const kids: Record<string, unknown>[] = n.children.map(() => ({}));
      out.children = kids;
      n.children.forEach((c, i) => stack.push({ node: c, out: kids[i], parent: n }));
    }
  }
  return top;
}
