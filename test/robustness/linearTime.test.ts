/**
 * The linear-time rewrites behave as the code they replace. Each rewritten function is compared
 * with the old implementation (kept here as the reference, on inputs small enough for it) on
 * tables and random inputs, and the hostile inputs get the same findings as before. No timing
 * here: growth is measured by `npm run bench` (scripts/growth.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { runs } from '../support/runs';
import { checkDocument } from '../../server/src/core/check/run';
import { colonFollows } from '../../server/src/core/features/completionContext';
import { DEFAULT_CONFIG } from '../../server/src/core/findings/config';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { nameWords } from '../../server/src/core/model/configMeta';
import { commaOutsideComments, completeMeta } from '../../server/src/core/features/metaCompletion';
import { isGlobalNumber, phoneProblems } from '../../server/src/core/model/phoneNumber';
import { MAX_QUOTED, quote, quoteJson } from '../../server/src/core/util/messageQuote';
import { buildRichCard, objectModel } from '../../server/src/core/model/richCard';
import { propertyIndent, removalRange } from '../../server/src/core/model/values';
import type { FixData } from '../../server/src/core/findings/rule';
import { combine } from '../../server/src/lsp/toLsp';
import { fixToEdits } from '../../server/src/core/features/fixes';
import { nodeAtOffset } from '../../server/src/core/syntax/nodes';
import { findNodeAtOffset } from 'jsonc-parser';
import { documentSymbols, foldingRanges } from '../../server/src/core/features/structure';
import { MAX_SUGGEST_LENGTH, editDistance, suggest } from '../../server/src/core/util/didYouMean';
import { mentionsIt, parsePath, withoutBlocks } from '../../server/src/core/template/templateEval';

const CONFIG = { ...DEFAULT_CONFIG, maxFileSize: Number.MAX_SAFE_INTEGER };
const card = (insideActions: string) => `{ "type": "rich", "title": "t", "description": "d", "insideActions": [ ${insideActions} ] }`;

// ---- The replaced implementations, as they were (fine on small inputs). ----

const oldIsGlobalNumber = (s: string) => /^\+[0-9().-]*\d[0-9().-]*$/.test(s);

function oldNameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/(\d)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Z0-9]+/i)
    .filter((w) => w.length > 0);
}

function oldMentionsIt(expression: string): boolean {
  let code = expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  for (let guard = 0; guard < 1000 && /\{[^{}]*\}/.test(code); guard++) code = code.replace(/\{[^{}]*\}/g, ' ');
  return /(?:^|[^.\w$])it\b/.test(code);
}

/** The full optimal string alignment distance, no bound. */
function fullDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

const stringOf = (chars: string, maxLength = 14) => fc.array(fc.constantFrom(...chars), { maxLength }).map((a) => a.join(''));

describe('linear time: phone numbers', () => {
  it('the scanner gives the regular expression\'s verdict on a table of numbers', () => {
    const table = ['+1-201-555-0123', '+14155550123', '+1 (201) 555.0123', '+(1)', '+', '+-', '+()', '', '1', '12', '+1#', '+1;ext=2',
      'tel:+1', ' +1', '+1 ', '+١', '+1\n', '++1', '+1+', '+a1', '0049-30-1234', '+.1.', '+1)('];
    for (const s of table) assert.equal(isGlobalNumber(s), oldIsGlobalNumber(s), JSON.stringify(s));
  });

  it('the scanner agrees with the regular expression on random strings of phone characters', () => {
    fc.assert(fc.property(stringOf('+0123456789-.() a#;'), (s) => isGlobalNumber(s) === oldIsGlobalNumber(s)), { numRuns: 3000 });
  });

  it('"+111…1#" with 100,000 digits gets the invalid-character finding and no fix', () => {
    const text = card(
      `{ "type": "call", "display": "Call", "payload": "+${'1'.repeat(100_000)}#", "phoneNumber": "+${'1'.repeat(100_000)}#" }`,
    );
    const found = checkDocument(text, 'universal-message', { config: CONFIG }).diagnostics.filter((d) => d.rule === 'phone-number');
    assert.deepEqual(found.map((d) => d.message).sort(), [
      "payload contains '#': only digits and the separators - . ( ) may follow the +.",
      "phoneNumber contains '#': only digits and the separators - . ( ) may follow the +.",
    ]);
    assert.ok(found.every((d) => (d.fixes ?? []).length === 0));
  });

  it('quotes a long run of letters cut, with its length', () => {
    const [letters] = phoneProblems('phoneNumber', {
      staticText: `+1${'A'.repeat(5_000)}`,
      staticLength: 5_002,
      templates: [],
      wholly: false,
      prefix: `+1${'A'.repeat(5_000)}`,
      segments: [],
    }).filter((p) => p.kind === 'letters');
    assert.equal(
      letters.message,
      `phoneNumber contains letters (${'A'.repeat(MAX_QUOTED)}… (5,000 characters)), ` +
        'which RFC 3966 does not allow (section 5.1.2): write the digits.',
    );
  });
});

describe('linear time: objects with thousands of properties', () => {
  const many = (n: number, name = (i: number) => `k${i}`) => `{ ${Array.from({ length: n }, (_, i) => `"${name(i)}": ${i}`).join(', ')} }`;

  it('finds the last of repeated names (as JSON.parse keeps it) in large and small objects alike', () => {
    for (const n of [3, 16, 17, 200]) {
      const half = Math.ceil(n / 2);
      const doc = parseJsonDocument(many(n, (i) => `k${i % half}`));
      const model = objectModel(doc.root!);
      const parsed = JSON.parse(doc.text) as Record<string, number>;
      for (let k = 0; k < half; k++) {
        let last = k;
        while (last + half < n) last += half;
        assert.equal(model.props.get(`k${k}`)?.valueNode?.value, last, `k${k} of ${n}`);
        assert.equal(parsed[`k${k}`], last, 'the value JSON.parse keeps');
      }
      assert.equal(model.props.has('missing'), false);
      assert.equal(model.props.get('missing'), undefined);
    }
  });

  it('removal ranges are found by offset as by position, first, middle and last', () => {
    const doc = parseJsonDocument(many(100));
    const root = doc.root!;
    const children = root.children!;
    for (const i of [0, 1, 50, 98, 99]) {
      const next = children[i + 1];
      const expected = next
        ? { offset: children[i].offset, length: next.offset - children[i].offset }
        : {
          offset: children[i - 1].offset + children[i - 1].length,
          length: children[i].offset + children[i].length - (children[i - 1].offset + children[i - 1].length),
        };
      assert.deepEqual(removalRange(root, children[i]), expected, `property ${i}`);
    }
  });

  it('reports each of 5,000 unknown properties once, each with its own removal', () => {
    const text = `{ "type": "rich", "title": "t", "description": "d", ` +
      `${Array.from({ length: 5_000 }, (_, i) => `"x${i}": 1`).join(', ')} }`;
    // Uncapped: this is about the rule's own reach (the cap of 1,000 is test/check/findingCap.test.ts's).
    const found = checkDocument(text, 'universal-message', { config: CONFIG, maxFindingsPerRule: Infinity })
      .diagnostics.filter((d) => d.rule === 'unknown-property');
    assert.equal(found.length, 5_000);
    assert.match(found[4_999].message, /^Unknown property "x4999" in the card: channels drop it\./);
    const last = found[4_999].fixes?.find((f) => f.title === 'Remove "x4999"');
    assert.ok(last && last.kind === 'remove');
    assert.equal(text.slice(last.offset, last.offset + last.length), ', "x4999": 1');
  });

  it('the outline of 5,000 properties names each one with its value', () => {
    const doc = parseJsonDocument(
      `{ "type": "rich", "title": "Hello", ${Array.from({ length: 5_000 }, (_, i) => `"x${i}": "v${i}"`).join(', ')} }`,
    );
    const [symbol] = documentSymbols(doc, 10_000);
    assert.equal(symbol.name, 'Rich card: Hello');
    assert.equal(symbol.children.length, 5_002);
    assert.deepEqual([symbol.children[2].name, symbol.children[2].detail], ['x0', 'v0']);
    // By default the outline stops at 5,000 symbols, the card's own among them, as VS Code's JSON outline does.
    const [capped] = documentSymbols(doc);
    assert.equal(capped.children.length, 4_999);
    assert.equal(capped.children[4_998].name, 'x4996');
  });

  it('tells the rendered dynamic list body from static elements, with several bodies in one list', () => {
    const el = (d: string) => `{ "type": "reply", "display": "${d}", "payload": "p" }`;
    const text = `{ "type": "rich", "title": "t", "description": "d", "floatActions": [
  ${el('s1')},
  // @each a
  ${el('a')}
  // @end
  , ${el('s2')},
  // @each b
  ${el('b')}
  // @end
  , ${el('s3')}
] }`;
    const float = buildRichCard(parseJsonDocument(text))!.floatActions!;
    // Only the first body renders (dynamic-list reports the second as not used), so the
    // second body's element is sent once, like a static one.
    assert.deepEqual(float.actions.map((a) => a.repeated), [false, true, false, false, false]);
    assert.equal(float.staticCount, 4);
    assert.equal(float.hasBody, true);
  });
});

describe('linear time: Configuration Meta options', () => {
  const options = (values: string[]) => values.map((v) => `{ "value": "${v}", "label": "L${v}" }`).join(', ');

  it('accepts a default among 20,000 options and names the first six distinct values otherwise', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `v${i % 10_000}`);
    const ok = checkDocument(
      `[{ "key": "k", "label": "K", "options": [${options(values)}], "default_value": "v9999" }]`,
      'configuration-meta',
      { config: CONFIG },
    );
    assert.deepEqual(ok.diagnostics.filter((d) => d.rule === 'meta-default-value'), []);
    const bad = checkDocument(
      `[{ "key": "k", "label": "K", "options": [${options(['a', 'a', 'b', 'c', 'b', 'd', 'e', 'f', 'g'])}], "default_value": "zzz" }]`,
      'configuration-meta',
      { config: CONFIG },
    );
    const [d] = bad.diagnostics.filter((x) => x.rule === 'meta-default-value');
    assert.equal(d.message, 'default_value "zzz" is not one of the option values: "a", "b", "c", "d", "e", "f", ….');
  });

  it('completes a selection\'s default_value with each option value once, in order', () => {
    const head = `[{ "key": "k", "label": "K", "options": [${options(['b', 'a', 'b', 'c', 'a'])}], "default_value": `;
    const labels = completeMeta(parseJsonDocument(`${head}"" }]`), head.length + 1, 'configuration-meta').map((e) => e.label);
    assert.deepEqual(labels, ['b', 'a', 'c']);
  });
});

describe('linear time: did you mean', () => {
  it('the banded distance equals the full one within the bound, and says "over" beyond it', () => {
    fc.assert(fc.property(stringOf('abcd', 12), stringOf('abcd', 12), fc.integer({ min: 0, max: 4 }), (a, b, max) => {
      const full = fullDistance(a, b);
      const banded = editDistance(a, b, max);
      return full <= max ? banded === full : banded === max + 1;
    }), { numRuns: runs(1500) });
    fc.assert(
      fc.property(stringOf('abc', 10), stringOf('abc', 10), (a, b) => editDistance(a, b) === fullDistance(a, b)),
      { numRuns: runs(500) },
    );
  });

  it('bounds long strings: a transposition in 10,000 characters is 1, a different string is over', () => {
    const long = 'ab'.repeat(5_000);
    assert.equal(editDistance(long, 'ba' + long.slice(2), 3), 1);
    assert.equal(editDistance(long, 'ba'.repeat(5_000), 3), 2, 'a shift: one deletion, one insertion');
    assert.equal(editDistance(long, 'cd'.repeat(5_000), 3), 4);
  });

  it('still suggests the right names', () => {
    const fields = ['type', 'title', 'description', 'richMedia', 'insideActions', 'floatActions'];
    assert.equal(suggest('titel', fields), 'title');
    assert.equal(suggest('descripton', fields), 'description');
    assert.equal(suggest('insideAction', fields), 'insideActions');
    assert.equal(suggest('FLOATACTIONS', fields), 'floatActions');
    assert.equal(suggest('xyz', fields), undefined);
  });

  it('gives a long name no edit-distance suggestion, but still a case-insensitive match', () => {
    const long = 'a'.repeat(MAX_SUGGEST_LENGTH + 1);
    assert.equal(suggest(long, [`${long.slice(1)}b`]), undefined);
    assert.equal(suggest(long.toUpperCase(), [long]), long);
    assert.equal(suggest(long.slice(1), [`${long.slice(2)}b`]), `${long.slice(2)}b`);
  });

  it('checks a default_value of 10,000 characters among long option values with the right message', () => {
    const long = 'a'.repeat(10_000);
    const r = checkDocument(
      `[{ "key": "k", "label": "K", "options": [{ "value": "${long}b", "label": "L" }], "default_value": "${long}c" }]`,
      'configuration-meta',
      { config: CONFIG },
    );
    const [d] = r.diagnostics.filter((x) => x.rule === 'meta-default-value');
    assert.equal(
      d.message,
      `default_value "${'a'.repeat(MAX_QUOTED)}…" (10,001 characters) is not one of the option values: ` +
        `"${'a'.repeat(MAX_QUOTED)}…" (10,001 characters).`,
    );
  });
});

describe('linear time: key to words, and long values in messages', () => {
  it('splits names as the replace chain did, on a table', () => {
    for (const s of [
      'apiKey', 'APIKey', 'sandbox_mode', 'oauth2Token', 'OAuth2Token', 'HTTPSProxyURL', 'my-key.name', 'ABC', 'aB', 'AbC', 'ABcDEf',
      'x1Y', 'x1Yz', 'A1Bc', 'API key', '__', '', 'é-key',
    ]) {
      assert.deepEqual(nameWords(s), oldNameWords(s), JSON.stringify(s));
    }
  });

  it('splits names as the replace chain did, on random names', () => {
    fc.assert(fc.property(stringOf('aAbB1_- .é', 16), (s) => assert.deepEqual(nameWords(s), oldNameWords(s))), { numRuns: 3000 });
  });

  it('a 50,000-letter key gets its findings with the key cut in the message', () => {
    const key = `${'A'.repeat(50_000)}-`;
    const r = checkDocument(`[{ "key": "${key}", "type": "String" }]`, 'configuration-meta', { config: CONFIG });
    const messages = r.diagnostics.map((d) => d.message);
    assert.ok(messages.length > 0);
    for (const m of messages) assert.ok(m.length < 500, `${m.length} characters: ${m.slice(0, 200)}`);
    const identifier = r.diagnostics.find((d) => d.rule === 'meta-key-identifier');
    assert.ok(
      identifier?.message.startsWith(`key "${'A'.repeat(MAX_QUOTED)}…" (50,001 characters) has '-'`),
      identifier?.message.slice(0, 200),
    );
  });

  it('quote cuts after MAX_QUOTED code points, never inside a surrogate pair', () => {
    assert.equal(quote('short'), '"short"');
    assert.equal(quote('a'.repeat(MAX_QUOTED)), `"${'a'.repeat(MAX_QUOTED)}"`);
    assert.equal(quote('a'.repeat(MAX_QUOTED + 1)), `"${'a'.repeat(MAX_QUOTED)}…" (${MAX_QUOTED + 1} characters)`);
    assert.equal(quote('😀'.repeat(MAX_QUOTED)), `"${'😀'.repeat(MAX_QUOTED)}"`, 'counted in code points');
    assert.equal(quote('😀'.repeat(MAX_QUOTED + 1)), `"${'😀'.repeat(MAX_QUOTED)}…" (${MAX_QUOTED + 1} characters)`);
    assert.equal(quoteJson('a\nb'), '"a\\nb"');
    assert.equal(quoteJson('\n'.repeat(2_000)), `"${'\\n'.repeat(MAX_QUOTED)}…" (2,000 characters)`);
  });

  it('cuts long values in the messages of other rules too', () => {
    const long = 'x'.repeat(1_000);
    const cut = `"${'x'.repeat(MAX_QUOTED)}…" (1,000 characters)`;
    const messages = (text: string, language: 'universal-message' | 'native-provider' = 'universal-message') =>
      checkDocument(text, language, { config: CONFIG }).diagnostics.map((d) => d.message);
    assert.ok(
      messages(card(`{ "type": "${long}", "display": "a", "payload": "b" }`))
        .includes(`Inside action type must be click, reply or call, found ${cut}.`),
    );
    assert.ok(messages(`{ "type": "${long}", "title": "t", "description": "d" }`).includes(`type must be "rich", found ${cut}.`));
    assert.ok(
      messages(`{ "type": "rich", "title": "t", "description": "d", "${long}": 1, "${long}": 2 }`)
        .some((m) => m.startsWith(`${cut} is already defined`)),
    );
  });

  it('cuts a 5,000-character unknown property name in its message and fix title', () => {
    const name = 'q'.repeat(5_000);
    const [d] = checkDocument(`{ "type": "rich", "title": "t", "description": "d", "${name}": 1 }`, 'universal-message', { config: CONFIG })
      .diagnostics.filter((x) => x.rule === 'unknown-property');
    assert.ok(
      d.message.startsWith(`Unknown property "${'q'.repeat(MAX_QUOTED)}…" (5,000 characters) in the card:`),
      d.message.slice(0, 200),
    );
    assert.deepEqual(d.fixes?.map((f) => f.title), [`Remove "${'q'.repeat(MAX_QUOTED)}…" (5,000 characters)`]);
  });
});

describe('linear time: completion in Configuration Meta files', () => {
  it('colonFollows reads white space, an optional quote, white space and a colon', () => {
    for (const [text, expected] of [
      [':', true], ['  :', true], ['" :', true], ['\n\t"\u00a0:', true],
      ['""', false], ['', false], ['  ', false], ['x:', false], ['" "', false],
    ] as const) {
      const doc = parseJsonDocument(`ab${text}`);
      assert.equal(colonFollows(doc, 2), expected, JSON.stringify(text));
      assert.equal(colonFollows(doc, 2), /^\s*"?\s*:/.test(text), `as the regular expression, on ${JSON.stringify(text)}`);
    }
  });

  it('colonFollows, reading the document near the cursor in growing windows, answers as the regular expression', () => {
    // White space that ends just before, at and just after the windows' ends (256, 1,024, 4,096 characters).
    for (const n of [0, 1, 254, 255, 256, 257, 1279, 1280, 1281, 5376, 6000]) {
      for (const tail of [':', ' :', '"', '" :', '"\n:', 'x', '']) {
        const text = `{"a${' '.repeat(n)}${tail}`;
        assert.equal(colonFollows(parseJsonDocument(text), 3), /^\s*"?\s*:/.test(text.slice(3)), `${n} spaces, then ${JSON.stringify(tail)}`);
      }
    }
  });

  it('offers key and value after the cursor with 100,000 spaces before the closing brace', () => {
    const head = '[{ "key": "k", ';
    const entries = completeMeta(parseJsonDocument(`${head}${' '.repeat(100_000)}}]`), head.length, 'configuration-meta');
    assert.equal(entries.find((e) => e.label === 'label')?.insertText, '"label": "$1"');
    const named = completeMeta(parseJsonDocument(`${head}"la"${' '.repeat(100_000)}: "x" }]`), head.length + 3, 'configuration-meta');
    assert.equal(named.find((e) => e.label === 'label')?.insertText, '"label"', 'the value is there already');
  });

  it('finds commas outside comments as the regular expression did, unclosed block comments included', () => {
    const old = (s: string) => s.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').includes(',');
    const table = [
      '', ',', ' /* , */ ', '// ,\n', '// x\n,', '/* a */ , /* b */', '/*/*/* ,', '/* , ', '/*,*/,', '/', '/,', '*/,', '/*/', '//',
    ];
    for (const s of table) assert.equal(commaOutsideComments(`x${s}y`, 1, s.length + 1), old(s), JSON.stringify(s));
    fc.assert(fc.property(stringOf('/*,\n a', 14), (s) => commaOutsideComments(s, 0, s.length) === old(s)), { numRuns: 3000 });
  });
});

describe('linear time: templates', () => {
  it('mentionsIt agrees with the pass-per-level version on random expressions', () => {
    fc.assert(fc.property(stringOf('it{}"\'\\ .x\n$', 16), (s) => mentionsIt(s) === oldMentionsIt(s)), { numRuns: 5000 });
  });

  it('mentionsIt agrees on a table of expressions', () => {
    for (const s of [
      'it', 'it.name()', 'x.it', 'list.map { it.name }', '"it"', "'i' + it", 'a { b { it } } + it', '{ it', 'it }', '"\\"it"',
      'items.filter { x -> x.ok }.size', '$it', 'itself',
    ]) {
      assert.equal(mentionsIt(s), oldMentionsIt(s), JSON.stringify(s));
    }
  });

  it('drops blocks nested far deeper than the old 1,000 passes', () => {
    const deep = '{ '.repeat(5_000) + 'it' + ' }'.repeat(5_000);
    assert.equal(mentionsIt(deep), false);
    assert.equal(mentionsIt(`${deep} + it`), true);
    assert.equal(withoutBlocks('a { b { c } d } e } f {'), 'a   e } f {');
    // `it` in a lambda whose body nests 1,500 levels deeper: the old 1,000 passes left it in.
    assert.equal(mentionsIt(`items.map { it.name + ${'{ '.repeat(1_500)}${' }'.repeat(1_500)} }`), false);
  });

  it('parsePath reads the same paths and rejects the same expressions', () => {
    const step = (s: string) => parsePath(s);
    assert.deepEqual(step(' user . name '), { root: 'user', steps: [{ kind: 'field', name: 'name' }] });
    assert.deepEqual(step('it.label( )'), { root: 'it', steps: [{ kind: 'call', name: 'label' }] });
    assert.deepEqual(step('list[ 2 ]?.x.size'), {
      root: 'list',
      steps: [{ kind: 'index', index: 2 }, { kind: 'field', name: 'x' }, { kind: 'field', name: 'size' }],
    });
    for (const bad of ['a + b', 'a.', 'a..b', 'a[x]', '1a', 'a.b()c', '']) assert.equal(step(bad), undefined, bad);
    const long = parsePath('a' + '.b'.repeat(20_000));
    assert.equal(long?.steps.length, 20_000);
  });

  it('parsePath reads what the regular expressions it replaced read (property)', () => {
    // The former reader, one sticky regular expression per step, kept here as the reference.
    const HEAD = /^([A-Z_]\w*)/i, CALL = /\s*\??\.\s*([A-Z_]\w*)\s*\(\s*\)/iy, FIELD = /\s*\??\.\s*([A-Z_]\w*)/iy, INDEX = /\s*\[\s*(\d+)\s*\]/y, TRAIL = /\s*$/y;
    function reference(expression: string) {
      const s = expression.trim();
      const head = HEAD.exec(s);
      if (!head) return undefined;
      const steps: unknown[] = [];
      let i = head[0].length;
      const at = (re: RegExp) => { re.lastIndex = i; return re.exec(s); };
      while (i < s.length) {
        let m = at(CALL);
        if (m) { steps.push({ kind: 'call', name: m[1] }); i += m[0].length; continue; }
        m = at(FIELD);
        if (m) { steps.push({ kind: 'field', name: m[1] }); i += m[0].length; continue; }
        m = at(INDEX);
        if (m) { steps.push({ kind: 'index', index: Number(m[1]) }); i += m[0].length; continue; }
        if (at(TRAIL)) break;
        return undefined;
      }
      return { root: head[1], steps };
    }
    const piece = fc.constantFrom(
      'a', 'Zq_9', '_', '1', '.', '?', '?.', '(', ')', '()', '[', ']', '[0]', '[12 ]', ' ', '\t', '\u00a0', '\u2028', 'é', '+', 'ſ',
    );
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }).map((xs) => xs.join('')), (text) => {
      assert.deepEqual(parsePath(text), reference(text), JSON.stringify(text));
    }), { numRuns: 5_000, seed: 7 });
  });

  it('checks 40 templates of braces nested 5,000 deep with no finding on them', () => {
    const deep = '${' + '{'.repeat(5_000) + '}'.repeat(5_000) + '}';
    const text = card('').replace('"t"', `"${Array.from({ length: 40 }, () => deep).join(' ')}"`);
    const r = checkDocument(text, 'universal-message', { config: CONFIG });
    assert.deepEqual(r.diagnostics.filter((d) => d.rule === 'template-syntax' || d.rule === 'dynamic-list'), []);
  });
});

describe('linear time: elsewhere in the server (searches per element)', () => {
  it('fix-all combines edits as the compare-with-every-taken-edit version did', () => {
    const doc = parseJsonDocument('{}');
    const old = (fixes: FixData[]) => {
      const taken: { offset: number; length: number; newText: string }[] = [];
      const seen = new Set<string>();
      for (const fix of fixes) {
        if (fix.kind !== 'replace') continue;
        const edits = [{ offset: fix.offset, length: fix.length, newText: fix.text }];
        const key = JSON.stringify(edits);
        if (seen.has(key)) continue;
        if (edits.some((e) => taken.some((t) => e.offset < t.offset + t.length && t.offset < e.offset + e.length ||
          (e.offset === t.offset && e.length === 0 && t.length === 0)))) continue;
        seen.add(key);
        taken.push(...edits);
      }
      return taken;
    };
    const fix = fc.record({ offset: fc.nat(30), length: fc.nat(4), text: fc.constantFrom('', 'x', 'yy') })
      .map((f): FixData => ({ kind: 'replace', title: 't', ...f }));
    fc.assert(
      fc.property(fc.array(fix, { maxLength: 25 }), (fixes) => assert.deepEqual(combine((f) => fixToEdits(doc, f), fixes), old(fixes))),
      { numRuns: runs(1000) },
    );
  });

  it('finds the node at an offset as jsonc-parser does, on valid and broken text', () => {
    const texts = fc.oneof(fc.json(), stringOf('{}[],:"a1 ', 20));
    fc.assert(fc.property(texts, (text) => {
      const root = parseJsonDocument(text).root;
      if (!root) return;
      for (let o = -1; o <= text.length + 1; o++) {
        assert.equal(nodeAtOffset(root, o), findNodeAtOffset(root, o, true), `${JSON.stringify(text)} at ${o}`);
        assert.equal(nodeAtOffset(root, o, false), findNodeAtOffset(root, o, false), `${JSON.stringify(text)} at ${o}, end excluded`);
      }
    }), { numRuns: runs(1000) });
  });

  it('folds multi-line block comments, not unclosed ones nor comment-like text in strings', () => {
    const text = '[\n/* one\n two */ 1,\n/* same line */ 2,\n"/* in a\\n string */",\n/*/\n*/ 3,\n/* never\n closed /* \n]';
    const comments = foldingRanges(parseJsonDocument(text)).filter((r) => r.kind === 'comment');
    assert.deepEqual(comments, [{ startLine: 1, endLine: 2, kind: 'comment' }, { startLine: 5, endLine: 6, kind: 'comment' }]);
    assert.deepEqual(foldingRanges(parseJsonDocument('[1] ' + '/*x\n'.repeat(10_000))).filter((r) => r.kind === 'comment'), []);
  });

  it('the indentation of inserted properties is read as before', () => {
    const old = (text: string, obj: { children?: { offset: number }[] }) => {
      const first = obj.children?.[0];
      if (!first) return '  ';
      const lineStart = text.lastIndexOf('\n', first.offset - 1) + 1;
      const indent = text.slice(lineStart, first.offset);
      return /^[ \t]*$/.test(indent) ? indent : '  ';
    };
    for (const text of [
      '{"a": 1}', '{ "a": 1 }', '{\n    "a": 1\n}', '{\n\t"a": 1}', 'x\n{ "a": 1 }', '{\n  x "a": 1}', '{\n"a": 1}',
      '[\n  {\n      "a": {\n   "b": 1 } } ]',
    ]) {
      const doc = parseJsonDocument(text);
      const objects: NonNullable<typeof doc.root>[] = [];
      const walk = (n: NonNullable<typeof doc.root>) => {
        if (n.type === 'object') objects.push(n);
        for (const c of n.children ?? []) walk(c);
      };
      walk(doc.root!);
      for (const obj of objects) assert.equal(propertyIndent(text, obj), old(text, obj), JSON.stringify(text));
    }
  });
});
