/**
 * The parse after an edit made from the parse before it (incremental.ts) against a whole parse
 * of the new text: the same tree (types, offsets, lengths, values, colons, children), the same
 * template scan, the same errors and syntax problems, over random edits (insertions, deletions
 * and replacements of random text at random places, many of which break the structure) on a
 * card with many actions and templates, a Configuration Meta and a native WhatsApp list, each
 * edit applied to the document the previous one left.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseJsonDocument, type JsonDocument, type Node } from '../../server/src/core/syntax/jsonDocument';
import { editBetween, keepNodeOrder, reparseJsonDocument } from '../../server/src/core/syntax/incremental';
import { anyString } from '../support/anyText';
import { plainTree } from '../support/plainTree';
import { runs } from '../support/runs';

/** Everything a parse is made of, for comparison. */
function parts(doc: JsonDocument) {
  const { templates, problems, markers, recovered, masked, maxDepth, depthExceededAt } = doc.scan;
  return {
    tree: plainTree(doc.root),
    scan: { templates, problems, markers, recovered, masked, maxDepth, depthExceededAt },
    errors: doc.errors,
    syntax: doc.syntax,
    tooDeep: doc.tooDeep,
  };
}

const action = (k: number) => k % 3 === 0
  ? `    { "type": "click", "display": "Order \${dish${k}.name}", "payload": "ORDER_${k}", "url": "https://x.example/${k}" }`
  : k % 3 === 1
    ? `    { "type": "reply", "display": "Reply ${k}", "payload": \${payload${k}} }`
    : `    { "type": "call", "display": "Call ${k}", "phoneNumber": "+1555${k}" }`;

/** A card with many actions: templates in strings and in place of values, and a dynamic list. */
const CARD = [
  '{',
  '  "type": "rich",',
  '  "title": "Menu of ${day}",',
  '  "description": "Tap a dish",',
  '  "insideActions": [',
  ...Array.from({ length: 12 }, (_, k) => action(k) + ','),
  '    // @each dishes',
  '    { "type": "reply", "display": "${it.label()}", "payload": "${it.name()}" }',
  '    // @end',
  '  ],',
  '  "floatActions": [',
  ...Array.from({ length: 8 }, (_, k) => action(k + 20) + (k < 7 ? ',' : '')),
  '  ]',
  '}',
  '',
].join('\n');

/** A Configuration Meta, one entry a line, as the bench's (scripts/bench/corpora.ts). */
const META = '[\n' + Array.from({ length: 30 }, (_, i) => '  ' + JSON.stringify(
  i % 3 === 0 ? { key: `apiKey${i}`, label: `API key ${i}`, type: 'String' }
    : i % 3 === 1 ? { key: `sandbox${i}`, label: `Sandbox ${i}`, type: 'Boolean', default_value: 'false' }
      : { key: `currency${i}`, label: `Currency ${i}`, options: [{ value: 'EUR', label: 'Euro' }, { value: 'USD', label: 'US dollar' }] },
)).join(',\n') + '\n]\n';

/** A native WhatsApp list: rows in sections, pretty-printed. */
const NATIVE = JSON.stringify({
  type: 'interactive',
  interactive: {
    type: 'list',
    body: { text: 'What would you like?' },
    action: {
      button: 'See the dishes',
      sections: Array.from({ length: 3 }, (_, s) => ({
        title: `Section ${s}`,
        rows: Array.from({ length: 6 }, (_, r) => ({ id: `S${s}R${r}`, title: `Dish ${s}.${r}`, description: 'Fresh' })),
      })),
    },
  },
}, null, 2) + '\n';

/** A parse as the editor makes one of a long document: its nodes kept in order for the shift after an edit. */
function parseForEditing(text: string): JsonDocument {
  const order: Node[] = [];
  const doc = parseJsonDocument(text, {}, order);
  keepNodeOrder(doc, order);
  return doc;
}

/** A tree's nodes, each before its children. */
function walk(root: Node | undefined): Node[] {
  const out: Node[] = [];
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    for (let k = (n.children?.length ?? 0) - 1; k >= 0; k--) stack.push(n.children![k]);
  }
  return out;
}

/** Text that edits of a JSON document are made of, structure-breaking pieces often. */
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('x', ' ', '"', ',', ':', '{', '}', '[', ']', '\n', '\\', '$', '${', '}', '/', '//', '/*', '*/') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '"key": 1', '${a.b}', '"${x}"', '{ "type": "reply" },', '// @each xs\n', '// @end\n', '\r\n', 'true', '-1.5e3',
    ),
  },
  { weight: 1, arbitrary: anyString({ maxLength: 4 }) },
);

/** An edit as fractions of the text's length (so it applies to any text): where, how much to delete, what to insert. */
const editArb = fc.record({
  // An integer, not fc.double: doubles come near 0 and 1 far more often than elsewhere.
  at: fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1_000_000),
  remove: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.nat(120) }),
  insert: fc.oneof(fc.constant(''), piece, fc.array(piece, { maxLength: 3 }).map((p) => p.join(''))),
});

function apply(text: string, e: { at: number; remove: number; insert: string }): string {
  const at = Math.min(text.length, Math.floor(e.at * text.length));
  return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
}

describe('the parse after an edit equals a whole parse', () => {
  const documents = [['a card with many actions', CARD], ['a Configuration Meta', META], ['a native list', NATIVE]] as const;
  for (const [[name, start], indexed] of documents.flatMap((d) => [[d, false], [d, true]] as const)) {
    // Indexed: the nodes kept in order (as the editor keeps a long document's), the shift one pass over them.
    const parse = (text: string) => indexed ? parseForEditing(text) : parseJsonDocument(text);
    it(`on ${name}, over sequences of random edits${indexed ? ', its nodes indexed in order' : ''}`, () => {
      let incremental = 0;
      let all = 0;
      fc.assert(
        fc.property(fc.array(editArb, { minLength: 1, maxLength: 8 }), (edits) => {
          let text = start;
          let doc = parse(text);
          for (const e of edits) {
            const next = apply(text, e);
            const fresh = parse(next);
            const before = parts(doc);
            const made = reparseJsonDocument(doc, next);
            all++;
            if (made) {
              incremental++;
              assert.deepEqual(parts(made), parts(fresh), `after ${JSON.stringify(e)} of ${JSON.stringify(text)}`);
              doc = made;
            } else {
              // Declined: the previous parse is untouched.
              assert.deepEqual(parts(doc), before);
              doc = fresh;
            }
            text = next;
          }
        }),
        { numRuns: runs(60), seed: 6 },
      );
      // Most edits are made incrementally, or the comparison above proves little.
      assert.ok(incremental > all / 6, `${incremental} of ${all} edits made incrementally`);
    });
  }

  it('lists the nodes of a parse for editing in document order, each before its children, whatever the text', () => {
    // The last text: a marker line after a line break escaped in a string, where the one pass
    // over a text without templates gives up and the template scan and the tree run again.
    const texts = [CARD, META, NATIVE, '', ' ', '[', '{"a": "x\\\n", // @each xs\n"b": [1, {"c": 2}]}'];
    const check = (text: string) => {
      const order: Node[] = [];
      const doc = parseJsonDocument(text, {}, order);
      const nodes = walk(doc.root);
      assert.equal(order.length, nodes.length, JSON.stringify(text));
      assert.ok(order.every((n, k) => n === nodes[k]), JSON.stringify(text));
    };
    for (const text of texts) check(text);
    fc.assert(
      fc.property(fc.constantFrom(CARD, META, NATIVE), fc.array(editArb, { minLength: 1, maxLength: 4 }), (start, edits) => {
        check(edits.reduce(apply, start));
      }),
      { numRuns: runs(60), seed: 8 },
    );
  });

  it('shifts an edit before one re-read, its order kept from the parse for editing', () => {
    const typed = META.replace('API key 24', 'API kxey 24');
    const made = reparseJsonDocument(parseForEditing(META), typed);
    assert.ok(made);
    // An edit before the one re-read: the re-read's new nodes must be shifted too.
    const earlier = typed.replace('API key 3', 'API key 33');
    const again = reparseJsonDocument(made, earlier);
    assert.ok(again);
    assert.deepEqual(parts(again), parts(parseJsonDocument(earlier)));
  });

  it('takes a one-character edit inside an element incrementally, and declines one in a key of the root', () => {
    const typed = META.replace('API key 0', 'API kxey 0');
    assert.ok(reparseJsonDocument(parseJsonDocument(META), typed));
    const inRoot = CARD.replace('"title"', '"titles"');
    assert.equal(reparseJsonDocument(parseJsonDocument(CARD), inRoot), undefined);
    const opening = CARD.replace('Reply 4', 'Reply ${4');
    assert.equal(reparseJsonDocument(parseJsonDocument(CARD), opening), undefined);
  });
});

describe('editBetween', () => {
  it('finds the one span where two texts differ', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9000 }), editArb, (text, e) => {
        const next = apply(text, e);
        const edit = editBetween(text, next);
        if (text === next) return assert.equal(edit, undefined);
        assert.ok(edit);
        assert.equal(text.slice(0, edit.start) + next.slice(edit.start, edit.newEnd) + text.slice(edit.oldEnd), next);
        assert.equal(text.length - edit.oldEnd, next.length - edit.newEnd);
      }),
      { numRuns: runs(200), seed: 6 },
    );
  });
});
