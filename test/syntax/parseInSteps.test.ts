/**
 * The parse in steps (startJsonDocument: the editor's parse of a large document, which yields
 * between steps) against the parse in one go (parseJsonDocument): stopping and going on must
 * change nothing, whatever the text and wherever it stops. The template scan may stop about
 * every 65,536 characters and the tree every 2,048 turns (a property, an element or the end
 * of a container), so the texts here are long enough to stop many times in both passes, in
 * the middle of templates, strings, comments and mistakes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseJsonDocument, startJsonDocument, type JsonDocument, type Node } from '../../server/src/core/syntax/jsonDocument';
import { hugeMessage, bigConfigMeta } from '../../scripts/bench/corpora';
import { fixtureAndExampleFiles } from '../support/documentFiles';

interface Facts { nodes: unknown[][]; syntax: unknown; tooDeep: unknown; scan: unknown }

/** Everything a parse holds that the features read, as plain data. */
function facts(doc: JsonDocument): Facts {
  const nodes: unknown[][] = [];
  const stack: Node[] = doc.root ? [doc.root] : [];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const template = doc.valueTemplate(n);
    nodes.push([n.type, n.offset, n.length, n.value, n.parent?.offset, template?.start, template?.end]);
    if (n.children) for (let k = n.children.length - 1; k >= 0; k--) stack.push(n.children[k]);
  }
  return { nodes, syntax: doc.syntax, tooDeep: doc.tooDeep, scan: doc.scan };
}

/** Parses in steps, stopping whenever `stop` says so, and counts the stops. */
function inSteps(text: string, stop: () => boolean): { doc: JsonDocument; stops: number } {
  const parse = startJsonDocument(text);
  let stops = 0;
  while (!parse.run(() => { const s = stop(); if (s) stops++; return s; })) { /* the editor yields here */ }
  return { doc: parse.result(), stops };
}

/**
 * assert.deepEqual(facts(actual), facts(expected)), node by node: a node whose values are the
 * same by Object.is (deepEqual's test for plain values) passes at once, any other node goes to
 * deepEqual, which fails it or accepts it. The verdict of one deepEqual of the whole, without
 * its cost over a hundred thousand nodes.
 */
function assertSameFacts(actual: JsonDocument, expected: JsonDocument, label: string): void {
  const a = facts(actual);
  const e = facts(expected);
  assert.equal(a.nodes.length, e.nodes.length, `${label}: the number of nodes`);
  for (let i = 0; i < a.nodes.length; i++) {
    const x = a.nodes[i];
    const y = e.nodes[i];
    if (x.length !== y.length || x.some((v, k) => !Object.is(v, y[k]))) assert.deepEqual(x, y, `${label}: node ${i}`);
  }
  assert.deepEqual({ ...a, nodes: [] }, { ...e, nodes: [] }, label);
}

function same(text: string, stop: () => boolean = () => true): number {
  const { doc, stops } = inSteps(text, stop);
  assertSameFacts(doc, parseJsonDocument(text), `parse of ${JSON.stringify(text.slice(0, 120))}`);
  return stops;
}

/** A long message full of what makes a parse hard: templates, broken ones, markers, comments, escapes and mistakes. */
function hardMessage(copies: number): string {
  const parts = [
    '  // @each items\n',
    '  { "type": "reply", "display": "Hi ${user.name}", "payload": "P_${i}" },\n',
    '  // @end\n',
    '  { "type": "click", "display": "${greet("Ann)}", "url": ${link}, "payload": "a\\"b\\u0041" },\n',
    '  /* a block\n comment */ { "type": "reply", "display": ${ }, "payload": "x" },\n',
    '  { "type": "reply" "display": "missing comma", "payload": tru },\n',
    '  { "type": "reply", "display": "unterminated ${user.name", "payload": "y" },\n',
    '  { "type": "click", "url": ${open("x), "payload": "z" },\n',
  ];
  const out = ['{ "type": "rich", "title": "${title}", "insideActions": [\n'];
  for (let k = 0; k < copies; k++) out.push(parts[k % parts.length]);
  out.push('  {}\n] }\n');
  return out.join('');
}

describe('the parse in steps is the parse in one go', () => {
  it('on every fixture and example', () => {
    const all = fixtureAndExampleFiles();
    assert.ok(all.length > 200, `${all.length} files`);
    for (const f of all) same(readFileSync(f, 'utf8'));
  });

  it('on a large generated message, stopping at every chance', () => {
    const stops = same(hugeMessage(2_000));
    // 2,000 actions are 12,000 turns of the tree (5 stops); without templates, the tree's pass is the only one.
    assert.ok(stops >= 5, `${stops} stops`);
  });

  it('on a large Configuration Meta', () => {
    assert.ok(same(bigConfigMeta(5_000)) >= 5);
  });

  it('on a long message of templates, broken templates, markers, comments and mistakes', () => {
    const text = hardMessage(6_000);
    const doc = parseJsonDocument(text);
    // The text is as hard as it says: the parse stops in the middle of all of these.
    assert.ok(doc.scan.templates.length > 1_000 && doc.scan.recovered.length > 100 && doc.scan.markers.length > 1_000);
    assert.ok(doc.syntax.length > 50 && doc.scan.problems.length > 50);
    assert.ok(same(text) >= 10);
  });

  it('on text nested past the depth limit (the scan alone decides)', () => {
    same('['.repeat(1_500) + ']'.repeat(1_500));
    same(' '.repeat(100_000) + '['.repeat(1_500));
  });

  it('on empty and comment-only text', () => {
    for (const text of ['', '   ', '// nothing\n', '/* open']) same(text);
  });

  it('on random long texts, stopping at random', () => {
    const piece = fc.constantFrom(
      '{', '}', '[', ']', ',', ':', '"a"', '"${x}"', '${y}', '"b', '\\"', '\n', '//c\n', '/*', '*/', ' ', '1', 'true', '$', '{"k": "v"}',
      '"${', '@each',
    );
    fc.assert(fc.property(
      fc.array(piece, { minLength: 5_000, maxLength: 30_000 }),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 50 }),
      (pieces, pattern) => {
        let k = 0;
        same(pieces.join(''), () => pattern[k++ % pattern.length]);
      },
    ), { numRuns: 25 });
  });
});
