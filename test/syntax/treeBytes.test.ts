/**
 * What the parse of a large message keeps: its tree lives as long as the document (the whole
 * check, or the editor's open file), and each young-generation collection copies it byte by
 * byte until it reaches old space. A 3.9 MB card is 275,000 nodes, and garbage collection was
 * a sixth of `umsg check` on it.
 *
 * Measured as V8 reports it (the heap in use after full collections, before and after the
 * parse), not with a clock: the same on a loaded machine.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { hugeMessage } from '../../scripts/bench/corpora';
import { parseJsonDocument, type Node } from '../../server/src/core/syntax/jsonDocument';

/**
 * Bytes kept per node of a generated card, its strings and arrays included, every key counted
 * as a node. A property held its key and value in a children array of its own (two more
 * objects, 64 bytes): about 115 bytes a node with it, about 92 without. A property's key node
 * is now made only when asked for (jsonTree.ts's PropertyNode): about 73.
 */
const MAX_BYTES_PER_NODE = 80;

function nodesOf(root: Node | undefined): number {
  let count = 0;
  const stack = root ? [root] : [];
  for (let n = stack.pop(); n; n = stack.pop()) {
    count++;
    for (const c of n.children ?? []) stack.push(c);
  }
  return count;
}

test('the parse of a large card keeps under 80 bytes per node', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const text = hugeMessage(5_000);
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const doc = parseJsonDocument(text);
  gc();
  gc();
  const kept = process.memoryUsage().heapUsed - before;
  const nodes = nodesOf(doc.root);
  assert.ok(nodes > 60_000, `only ${nodes} nodes`);
  const perNode = kept / nodes;
  assert.ok(perNode < MAX_BYTES_PER_NODE, `${perNode.toFixed(1)} bytes kept per node (at most ${MAX_BYTES_PER_NODE})`);
});
