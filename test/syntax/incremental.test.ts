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
import { composeEdits, editBetween, keepNodeOrder, reparseJsonDocument, type Edit } from '../../server/src/core/syntax/incremental';
import { sourceOf } from '../../server/src/core/syntax/textSource';
import { buildRichCard, type ActionList, type ObjectModel } from '../../server/src/core/model/richCard';
import { plainString } from '../../server/src/core/model/values';
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

/**
 * A longer Configuration Meta, so that the windows a re-read reads around an edit (a kilobyte
 * before the edited entry, one after where it stops) end before the text does.
 */
const LONG_META = '[\n' + Array.from({ length: 120 }, (_, i) => '  ' + JSON.stringify(
  {
    key: `setting${i}`, label: `Setting number ${i}`, type: i % 2 ? 'String' : 'Boolean',
    ...(i % 7 === 3 ? { hint: 'x'.repeat(1500) } : {}),
  },
)).join(',\n') + '\n]\n';

/** The same on one line: no line break within a kilobyte before any entry. */
const ONE_LINE_META = JSON.stringify(JSON.parse(LONG_META));

/** A list on one long line, a marker comment at its end: the scan must know where that line starts. */
const MARKER_AFTER_LONG_LINE = '[' + Array.from({ length: 12 }, (_, i) => JSON.stringify({ id: i, note: 'n'.repeat(150) })).join(', ') +
  ', // @each rows\n  { "id": "${it.id}" },\n  // @end\n  { "id": 99 }\n]\n';

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
/**
 * The nodes of a tree, each before its children, as the parse's order for editing holds them:
 * a property's key, made only when asked for, is not among them; its value is.
 */
function walk(root: Node | undefined): Node[] {
  const out: Node[] = [];
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    const below = n.type === 'property' ? n.children!.slice(1) : n.children ?? [];
    for (let k = below.length - 1; k >= 0; k--) stack.push(below[k]);
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
  const { start, oldEnd } = spanOf(text, e);
  return text.slice(0, start) + e.insert + text.slice(oldEnd);
}

/** Where `apply` changes `text`, as an editor's change event says it: the range replaced and the text put there. */
function spanOf(text: string, e: { at: number; remove: number; insert: string }): Edit {
  const start = Math.min(text.length, Math.floor(e.at * text.length));
  return { start, oldEnd: Math.min(text.length, start + e.remove), newEnd: start + e.insert.length };
}

/**
 * The span of `e` on `text` taken wider by up to `wider` characters on each side (within the
 * text): what an editor says when its change replaces characters with the same characters.
 */
function widened(text: string, e: { at: number; remove: number; insert: string }, wider: [number, number]): Edit {
  const span = spanOf(text, e);
  const before = Math.min(wider[0], span.start);
  const after = Math.min(wider[1], text.length - span.oldEnd);
  return { start: span.start - before, oldEnd: span.oldEnd + after, newEnd: span.newEnd + after };
}

/** How much wider than the change a told span is on each side: mostly not at all. */
const widerArb = fc.tuple(
  fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(200) }),
  fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(200) }),
);

describe('the parse after an edit equals a whole parse', () => {
  const documents = [['a card with many actions', CARD], ['a Configuration Meta', META], ['a native list', NATIVE]] as const;
  const modes = [
    { indexed: false, told: false, title: '' },
    // Indexed: the nodes kept in order (as the editor keeps a long document's), the shift one pass over them.
    { indexed: true, told: false, title: ', its nodes indexed in order' },
    // Told: the span comes from the change event (the editor's), sometimes wider than the change.
    { indexed: true, told: true, title: ', told where each edit is' },
  ];
  const cases = [
    ...documents.flatMap((d) => modes.map((m) => [d, { ...m, sourced: false }] as const)),
    // Sourced: the new text is read from a source, as the editor's text kept in pieces is, and
    // never as the string itself: that string is given with the right length and none of the
    // characters, so a re-read that reads it comes out wrong.
    ...[...documents, ['a longer Configuration Meta', LONG_META], ['a Configuration Meta on one line', ONE_LINE_META],
      ['a list on one long line, a marker at its end', MARKER_AFTER_LONG_LINE]].map(
      (d) => [d, { indexed: true, told: true, title: ', read from a source', sourced: true }] as const),
  ];
  for (const [[name, start], { indexed, told, title, sourced }] of cases) {
    const parse = (text: string) => indexed ? parseForEditing(text) : parseJsonDocument(text);
    it(`on ${name}, over sequences of random edits${title}`, () => {
      let incremental = 0;
      let all = 0;
      fc.assert(
        fc.property(fc.array(fc.tuple(editArb, widerArb), { minLength: 1, maxLength: 8 }), (steps) => {
          let text = start;
          let doc = parse(text);
          for (const [e, wider] of steps) {
            const next = apply(text, e);
            const fresh = parse(next);
            // A masked text a re-read made is read from its pieces too: the string, given none of
            // its characters, must not be read either.
            if (sourced && doc.maskedSource && doc.scan.masked !== doc.text) {
              (doc.scan as { masked: string }).masked = '\u0002'.repeat(doc.scan.masked.length);
            }
            const before = parts(doc);
            const given = sourced ? '\u0001'.repeat(next.length) : next;
            const span = told ? widened(text, e, wider) : undefined;
            const made = reparseJsonDocument(doc, given, {}, span, sourced ? sourceOf(next) : undefined);
            all++;
            if (made) {
              incremental++;
              const got = parts(made);
              // The masked text of a text without templates is the text itself: here the string given.
              if (sourced && made.scan.masked === given) got.scan.masked = next;
              // The words of a syntax problem are read from the masked text (not from the source).
              if (sourced && fresh.errors.length > 0) {
                const where = `after ${JSON.stringify(e)} of ${JSON.stringify(text)}`;
                assert.deepEqual({ ...got, syntax: [] }, { ...parts(fresh), syntax: [] }, where);
                doc = fresh;
                text = next;
                continue;
              }
              assert.deepEqual(got, parts(fresh), `after ${JSON.stringify(e)} of ${JSON.stringify(text)}`);
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
    // Keys are made when asked for: every key made now, before the next edit, must still
    // start where its property does once that edit has shifted them.
    const lastEntry = made.root!.children![29];
    const keyMadeBefore = lastEntry.children![0].children![0];
    assert.equal(keyMadeBefore.offset, typed.lastIndexOf('{"key"') + 1);
    parts(made);
    // An edit before the one re-read: the re-read's new nodes must be shifted too.
    const earlier = typed.replace('API key 3', 'API key 33');
    const again = reparseJsonDocument(made, earlier);
    assert.ok(again);
    assert.equal(again.root!.children![29], lastEntry, 'the last entry is kept, shifted');
    assert.equal(keyMadeBefore.offset, earlier.lastIndexOf('{"key"') + 1);
    assert.deepEqual(parts(again), parts(parseJsonDocument(earlier)));
  });

  it('takes a one-character edit inside an element incrementally, and declines one in a key of the root', () => {
    const typed = META.replace('API key 0', 'API kxey 0');
    assert.ok(reparseJsonDocument(parseJsonDocument(META), typed));
    // An element on a line that starts right after a line break at the very start of the text.
    const second = '\n[{ "key": "a", "label": "A" }, { "key": "b", "label": "B" }]\n';
    const edited = second.replace('"A"', '"Ax"');
    assert.deepEqual(parts(reparseJsonDocument(parseJsonDocument(second), edited)!), parts(parseJsonDocument(edited)));
    const inRoot = CARD.replace('"title"', '"titles"');
    assert.equal(reparseJsonDocument(parseJsonDocument(CARD), inRoot), undefined);
    const opening = CARD.replace('Reply 4', 'Reply ${4');
    assert.equal(reparseJsonDocument(parseJsonDocument(CARD), opening), undefined);
  });
});

describe('the span an editor gives', () => {
  it('is taken in place of comparing the texts, and not trusted when its lengths do not add up', () => {
    const typed = META.replace('API key 24', 'API kxey 24');
    const at = META.indexOf('API key 24') + 'API k'.length;
    // A span that covers the whole entry: the same parse as the smallest.
    const entryStart = META.lastIndexOf('\n', at) + 1;
    const wide = { start: entryStart, oldEnd: META.indexOf('\n', at), newEnd: META.indexOf('\n', at) + 1 };
    assert.deepEqual(parts(reparseJsonDocument(parseForEditing(META), typed, {}, wide)!), parts(parseJsonDocument(typed)));
    // Spans no edit of these texts can have: the texts are compared instead, with the same result.
    for (const wrong of [
      { start: at, oldEnd: at, newEnd: at }, { start: at, oldEnd: at + 1, newEnd: at }, { start: -1, oldEnd: 0, newEnd: 1 },
      { start: at, oldEnd: META.length + 1, newEnd: typed.length + 1 }, { start: at + 0.5, oldEnd: at, newEnd: at + 1 }]) {
      const made = reparseJsonDocument(parseForEditing(META), typed, {}, wrong);
      assert.ok(made, JSON.stringify(wrong));
      assert.deepEqual(parts(made), parts(parseJsonDocument(typed)), JSON.stringify(wrong));
    }
  });
});

describe('composeEdits', () => {
  it('makes one span of two edits in a row, holding the smallest span between the first text and the third', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), editArb, editArb, (text, e1, e2) => {
        const middle = apply(text, e1);
        const last = apply(middle, e2);
        const edit = composeEdits(spanOf(text, e1), spanOf(middle, e2), text.length);
        assert.equal(text.slice(0, edit.start) + last.slice(edit.start, edit.newEnd) + text.slice(edit.oldEnd), last);
        assert.equal(text.length - edit.oldEnd, last.length - edit.newEnd);
        assert.ok(edit.start <= edit.oldEnd && edit.start <= edit.newEnd);
        const smallest = editBetween(text, last);
        if (smallest) assert.ok(edit.start <= smallest.start && edit.oldEnd >= smallest.oldEnd, JSON.stringify({ edit, smallest }));
      }),
      { numRuns: runs(300), seed: 9 },
    );
  });

  it('keeps what neither edit touched', () => {
    // "abcdef": "cd" becomes "X" (abXef), then "e" is removed (abXf): from "abcdef", [2, 5) became "X".
    const edit = (start: number, oldEnd: number, newEnd: number) => ({ start, oldEnd, newEnd });
    assert.deepEqual(composeEdits(edit(2, 4, 3), edit(3, 4, 3), 6), edit(2, 5, 3));
    // An insertion before an earlier one: "abc" gets "Y" at 2 (abYc), then "Z" at 0 (ZabYc): [0, 2) became "ZabY".
    assert.deepEqual(composeEdits(edit(2, 2, 3), edit(0, 0, 1), 3), edit(0, 2, 4));
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

/** What the card model says, with offsets: for comparing a model carried over edits with one built afresh. */
function cardParts(doc: JsonDocument) {
  const card = buildRichCard(doc);
  if (!card) return card;
  const object = (o: ObjectModel) => ({
    node: [o.node.offset, o.node.length],
    all: o.all.map((p) => [p.name, p.property.offset, p.valueNode?.offset]),
    type: o.props.get('type')?.valueNode?.offset,
  });
  const list = (l: ActionList | undefined) => l && {
    name: l.name,
    array: l.array && [l.array.offset, l.array.length],
    elements: l.elements.map((e) => [e.type, e.offset, e.length]),
    staticCount: l.staticCount,
    hasBody: l.hasBody,
    actions: l.actions.map((a) => ({ ...object(a), list: a.list, index: a.index, repeated: a.repeated, staticType: a.staticType })),
  };
  return { ...object(card), media: card.media && object(card.media), inside: list(card.insideActions), float: list(card.floatActions) };
}

describe('the card model after an edit', () => {
  it('is carried over the re-reads, and equals a model built afresh', () => {
    let carried = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(editArb, fc.boolean()), { minLength: 1, maxLength: 10 }), (steps) => {
        let text = CARD;
        let doc = parseForEditing(text);
        buildRichCard(doc);
        for (const [e, ask] of steps) {
          const next = apply(text, e);
          const made = reparseJsonDocument(doc, next, {}, spanOf(text, e));
          doc = made ?? parseForEditing(next);
          text = next;
          // Asked after some edits only: a model is carried over several re-reads too.
          if (!ask) continue;
          if (doc.derived.carried) carried++;
          assert.deepEqual(cardParts(doc), cardParts(parseJsonDocument(next)), `after ${JSON.stringify(e)}`);
        }
      }),
      { numRuns: runs(80), seed: 11 },
    );
    assert.ok(carried > 20, `${carried} models carried over`);
  });

  it('gives a replaced action a model of its own, and keeps the others', () => {
    const doc = parseForEditing(CARD);
    const before = buildRichCard(doc)!;
    const at = CARD.indexOf('Reply 4') + 'Reply'.length;
    const next = CARD.slice(0, at) + ' to' + CARD.slice(at);
    const made = reparseJsonDocument(doc, next, {}, { start: at, oldEnd: at, newEnd: at + 3 })!;
    assert.ok(made.derived.carried, 'the re-read carries the model');
    const after = buildRichCard(made)!;
    const changed = after.insideActions!.actions.filter((a, k) => a !== before.insideActions!.actions[k]);
    assert.deepEqual(changed.map((a) => a.index), [4]);
    assert.equal(plainString(made, changed[0].props.get('display')), 'Reply to 4');
    assert.equal(after.floatActions!.actions[0], before.floatActions!.actions[0]);
  });

  // Edits the random ones above rarely make, each re-read incrementally.
  const LIST = '{\n "insideActions": [\n  { "type": "reply", "display": "a" },\n  // @each xs\n' +
    '  { "type": "reply", "display": "${it}" }\n  // @end\n ]\n}\n';
  const PLAIN = '{\n "insideActions": [\n  { "type": "reply", "display": "a" },\n  { "type": "call", "display": "c" }\n ],\n' +
    ' "floatActions": [{ "type": "reply", "display": "f" }]\n}\n';
  const cases: [string, string, string, string][] = [
    ['a marker broken: the body is repeated no more', LIST, '// @end', '// @en'],
    ['an action split in two: one more element', PLAIN, '"display": "a" }', '"display": "a" }, { "type": "reply", "display": "b" }'],
    ['an action made a string', PLAIN, '"a" },\n  { "type": "call", "display": "c" }', '"a" },\n  "c"'],
  ];
  for (const [title, text, was, now] of cases) {
    it(`is built again when it cannot be carried: ${title}`, () => {
      const doc = parseForEditing(text);
      buildRichCard(doc);
      const next = text.replace(was, now);
      assert.notEqual(next, text);
      const made = reparseJsonDocument(doc, next, {}, editBetween(text, next));
      assert.ok(made, 're-read incrementally');
      assert.deepEqual(cardParts(made), cardParts(parseJsonDocument(next)));
    });
  }
});
