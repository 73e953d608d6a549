/**
 * The masked JSONC parse: static and templated parts of strings, value templates, syntax
 * findings (one per mistake, on the offending token, offsets of the source), the depth guard
 * and the cap on the number of findings.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseJsonDocument, type JsonDocument, type Node } from '../../server/src/core/syntax/jsonDocument';
import { propertyNode } from '../../server/src/core/syntax/nodes';
import { decodeJsonString } from '../../server/src/core/syntax/strings';
import { codePointLength } from '../../server/src/core/util/codePoints';
import { syntaxMessage } from '../../server/src/core/rules/syntax';
import { expectedSegments, templatedCard } from '../support/templateGen';

/** The value node of `name` in the root object. */
function valueOf(doc: JsonDocument, name: string): Node {
  const value = propertyNode(doc.root, name)?.children?.[1];
  assert.ok(value, `the root has a value for ${name}`);
  return value;
}

function messages(doc: JsonDocument): [number, number, string][] {
  return doc.syntax.map((s) => [s.offset, s.length, syntaxMessage(s)]);
}

describe('parseJsonDocument: strings and templates', () => {
  it('splits a templated string into decoded static segments', () => {
    // "Caf\u00e9 😀 ${name}!" decodes to "Café 😀 " + template + "!"
    const text = '{ "t": "Caf\\u00e9 😀 ${name}!" }';
    const doc = parseJsonDocument(text);
    const info = doc.stringInfo(valueOf(doc, 't'));
    assert.deepEqual(info.segments, ['Café 😀 ', '!']);
    assert.equal(info.prefix, 'Café 😀 ');
    assert.equal(info.staticText, 'Café 😀 !');
    assert.equal(info.staticLength, 8, 'C a f é, space, the emoji (one code point, two UTF-16 units), space, !');
    assert.equal(info.wholly, false);
    assert.deepEqual(info.templates.map((t) => [t.start, t.end, t.expression]), [[text.indexOf('${'), text.indexOf('!"'), 'name']]);
  });

  it('decodes a string without templates: escapes, surrogate pairs, wholly false', () => {
    const doc = parseJsonDocument('{ "t": "a\\nb\\u00e9\\ud83d\\ude00\\"\\\\\\/" }');
    const info = doc.stringInfo(valueOf(doc, 't'));
    assert.equal(info.staticText, 'a\nbé😀"\\/');
    assert.equal(info.staticLength, 8);
    assert.deepEqual(info.segments, [info.staticText]);
    assert.equal(info.prefix, info.staticText);
    assert.deepEqual(info.templates, []);
    assert.equal(info.wholly, false);
  });

  it('counts escapes and emoji in the static part of a templated string as code points', () => {
    const doc = parseJsonDocument('{ "t": "\\ud83d\\ude00${x}\\u00e9\\"" }');
    const info = doc.stringInfo(valueOf(doc, 't'));
    assert.deepEqual(info.segments, ['😀', 'é"']);
    assert.equal(info.staticLength, 3);
  });

  it('calls a string of templates and white space wholly templated', () => {
    const doc = parseJsonDocument('{ "a": "${x} ${y}", "b": "${x}", "c": "${x}${y}", "d": "${x}." }');
    const a = doc.stringInfo(valueOf(doc, 'a'));
    assert.deepEqual([a.wholly, a.segments, a.prefix, a.staticLength], [true, ['', ' ', ''], '', 1]);
    assert.equal(doc.stringInfo(valueOf(doc, 'b')).wholly, true);
    assert.deepEqual(doc.stringInfo(valueOf(doc, 'c')).segments, ['', '', '']);
    assert.equal(doc.stringInfo(valueOf(doc, 'd')).wholly, false);
  });

  it('reads the static parts around a template that spans lines and holds quotes', () => {
    const text = '{ "t": "Hi ${if (vip)\n  "Welcome back"\n else "Hello"}, friend" }';
    const doc = parseJsonDocument(text);
    assert.deepEqual(doc.syntax, []);
    assert.deepEqual(doc.stringInfo(valueOf(doc, 't')).segments, ['Hi ', ', friend']);
  });

  it('tells a closing quote from an escaped one at the end of a templated string', () => {
    // Unclosed at the line break: the last character is an escaped quote, part of the text.
    const open = parseJsonDocument('{ "a": "${x} say \\"\n}');
    assert.deepEqual(open.stringInfo(valueOf(open, 'a')).segments, ['', ' say "']);
    // Closed after an escaped backslash: the last quote closes the string.
    const closed = parseJsonDocument('{ "a": "${x} dir\\\\" }');
    assert.deepEqual(closed.syntax, []);
    assert.deepEqual(closed.stringInfo(valueOf(closed, 'a')).segments, ['', ' dir\\']);
  });

  it('keeps the stringInfo of a node (memoised)', () => {
    const doc = parseJsonDocument('{ "t": "a${b}" }');
    const node = valueOf(doc, 't');
    assert.equal(doc.stringInfo(node), doc.stringInfo(node));
  });

  it('tells which values are templates standing for the whole value', () => {
    const text = '{ "a": ${x}, "b": "${y}", "c": "z", "d": 1, "e": ${p}${q} }';
    const doc = parseJsonDocument(text);
    assert.deepEqual(doc.syntax, []);
    const a = doc.valueTemplate(valueOf(doc, 'a'));
    assert.deepEqual(a && [a.start, a.end, a.expression, a.inString], [text.indexOf('${x}'), text.indexOf('${x}') + 4, 'x', false]);
    assert.equal(doc.valueTemplate(valueOf(doc, 'b')), undefined, 'a template inside a string is not the value');
    assert.equal(doc.valueTemplate(valueOf(doc, 'c')), undefined);
    assert.equal(doc.valueTemplate(valueOf(doc, 'd')), undefined);
    const e = valueOf(doc, 'e');
    assert.deepEqual([e.type, e.offset, e.length], ['string', text.indexOf('${p}'), '${p}${q}'.length], 'adjacent templates are one value');
    assert.equal(doc.valueTemplate(e)?.expression, 'p');
  });

  it('keeps node offsets those of the source', () => {
    const text = '{ "a": "${x}", "b": [${y}, "${z}z"] }';
    const doc = parseJsonDocument(text);
    const b = valueOf(doc, 'b');
    assert.deepEqual(b.children?.map((c) => text.slice(c.offset, c.offset + c.length)), ['${y}', '"${z}z"']);
  });

  it('decodes JSON string content leniently and counts code points', () => {
    assert.equal(decodeJsonString('a\\u00e9\\q\\'), 'aé\\q\\', 'bad escapes stay as written');
    assert.equal(codePointLength('😀é'), 2);
    assert.equal(codePointLength('\ud83d'), 1, 'a lone surrogate counts once');
  });

  it('agrees with the generator on the static segments of templated strings (property)', () => {
    fc.assert(
      fc.property(templatedCard, (card) => {
        const doc = parseJsonDocument(card.text);
        assert.deepEqual(doc.syntax, []);
        const title = valueOf(doc, 'title');
        assert.equal(title.offset, card.title.offset);
        const info = doc.stringInfo(title);
        const segments = expectedSegments(card.title.pieces);
        const staticText = segments.join('');
        assert.deepEqual(info.segments, segments);
        assert.equal(info.staticText, staticText);
        assert.equal(info.prefix, segments[0]);
        assert.equal(info.staticLength, [...staticText].length);
        assert.equal(info.wholly, segments.length > 1 && staticText.trim() === '');
        assert.deepEqual(info.templates, card.templates.filter((t) => t.start > title.offset && t.end < title.offset + title.length));
      }),
      { numRuns: 200 },
    );
  });
});

describe('parseJsonDocument: syntax findings', () => {
  const TRAILING = /^Trailing comma/;

  it('reports a trailing comma in an object once, on the comma', () => {
    const text = '{ "a": 1, }';
    const doc = parseJsonDocument(text);
    assert.equal(doc.syntax.length, 1);
    assert.deepEqual(
      doc.syntax[0],
      { kind: 'trailing-comma', offset: text.indexOf(','), length: 1 },
      'the parser says what happened, as facts',
    );
    assert.match(syntaxMessage(doc.syntax[0]), TRAILING, 'the syntax rule says it in words');
  });

  it('reports a trailing comma in an array once, on the comma', () => {
    const text = '[1, 2, ]';
    const doc = parseJsonDocument(text);
    assert.deepEqual(doc.syntax.map((s) => [s.offset, s.length]), [[text.lastIndexOf(','), 1]]);
    assert.match(syntaxMessage(doc.syntax[0]), TRAILING);
  });

  it('finds the trailing comma through comments between it and the bracket', () => {
    for (const text of ['{\n  "a": 1, // the last one\n}', '{ "a": 1, /* , */ }', '[\n  1, // one\n  /* and */\n]']) {
      const doc = parseJsonDocument(text);
      const comma = text.indexOf(',');
      assert.deepEqual(doc.syntax.map((s) => [s.offset, s.length]), [[comma, 1]], text);
      assert.match(syntaxMessage(doc.syntax[0]), TRAILING);
    }
  });

  it('takes a comma inside a comment for no trailing comma', () => {
    const text = '{ "a": 1 /* , */ }';
    assert.deepEqual(parseJsonDocument(text).syntax, []);
  });

  it('reports a missing property once: "Expected a property name", not also "Expected a value"', () => {
    const text = '{ "a": 1, 2 }';
    const doc = parseJsonDocument(text);
    assert.deepEqual(doc.syntax.map((s) => [s.offset, s.length]), [[text.indexOf('2'), 1]]);
    assert.match(syntaxMessage(doc.syntax[0]), /property name/);
  });

  it('reports a single-quoted value once, on the value', () => {
    const text = '{ "height": \'TALL\', "b": 1 }';
    const doc = parseJsonDocument(text);
    assert.deepEqual(doc.syntax.map((s) => [s.offset, s.length]), [[text.indexOf("'"), "'TALL'".length]]);
    assert.match(syntaxMessage(doc.syntax[0]), /double quotes/);
  });

  it('reports a missing comma at the source offset, after a template', () => {
    const text = '{ "a": ${x} "b": 1 }';
    const doc = parseJsonDocument(text);
    assert.deepEqual(doc.syntax.map((s) => s.offset), [text.indexOf('"b"')]);
    assert.match(syntaxMessage(doc.syntax[0]), /','/);
  });

  it('reports text after a value stuck to a value template', () => {
    const text = '{ "w": ${x}px }';
    const doc = parseJsonDocument(text);
    assert.deepEqual(doc.syntax.map((s) => [s.offset, s.length]), [[text.indexOf('px'), 2]]);
  });

  it('reports an unclosed string on the string', () => {
    const text = '{\n  "a": "abc\n}';
    const doc = parseJsonDocument(text);
    assert.equal(doc.syntax.length, 1, 'the string ends at the line break; the object still closes');
    assert.equal(doc.syntax[0].offset, text.indexOf('"abc'));
    assert.match(syntaxMessage(doc.syntax[0]), /String is not closed/);
  });

  it('keeps the finding of an unclosed block comment inside the text', () => {
    for (const text of ['/*', '{ "a": 1 } /* open', '{ "a": 1 /* open\n}\n']) {
      const doc = parseJsonDocument(text);
      const comment = text.indexOf('/*');
      const finding = doc.syntax.find((s) => /Block comment/.test(syntaxMessage(s)));
      assert.deepEqual(finding && [finding.offset, finding.length], [comment, text.length - comment], JSON.stringify(text));
      for (const s of doc.syntax) assert.ok(s.offset + s.length <= text.length, `${syntaxMessage(s)} ends inside the text`);
    }
  });

  it('reports an empty file (white space only) once, at offset 0', () => {
    for (const text of ['', '  \n\t ']) {
      const doc = parseJsonDocument(text);
      assert.equal(doc.root, undefined);
      assert.deepEqual(messages(doc).map(([o, l]) => [o, l]), [[0, 0]], JSON.stringify(text));
      assert.match(syntaxMessage(doc.syntax[0]), /empty/);
    }
  });

  it('reports a file of comments only: it holds no value either', () => {
    const doc = parseJsonDocument('// @each dishes\n/* nothing else */\n');
    assert.equal(doc.root, undefined);
    assert.equal(doc.syntax.length, 1);
    assert.match(syntaxMessage(doc.syntax[0]), /JSON value/);
  });

  it('reports no syntax problem for valid JSONC with comments and templates', () => {
    const doc = parseJsonDocument('// card\n{ "a": [1, ${x}, "${y}"], /* b */ "b": { "c": null } }\n');
    assert.deepEqual(doc.syntax, []);
    assert.equal(doc.root?.type, 'object');
  });
});

describe('parseJsonDocument: depth and limits', () => {
  it('refuses 100,000-deep nesting with one finding and no exception', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    const doc = parseJsonDocument(text);
    assert.equal(doc.tooDeep, true);
    assert.equal(doc.root, undefined);
    assert.equal(doc.syntax.length, 1);
    assert.deepEqual([doc.syntax[0].offset, doc.syntax[0].length], [1_000, 1], 'on the 1,001st bracket');
    assert.match(syntaxMessage(doc.syntax[0]), /^Nesting is 100,000 levels deep/);
    assert.match(syntaxMessage(doc.syntax[0]), /limit of 1,000/);
  });

  it('refuses deep objects, unclosed too', () => {
    const doc = parseJsonDocument('{"a":'.repeat(100_000));
    assert.equal(doc.tooDeep, true);
    assert.equal(doc.syntax.length, 1);
    assert.equal(doc.syntax[0].offset, 5_000);
  });

  it('parses 1,000 levels (the limit) and refuses 1,001', () => {
    const ok = parseJsonDocument('['.repeat(1_000) + ']'.repeat(1_000));
    assert.equal(ok.tooDeep, false);
    assert.deepEqual(ok.syntax, []);
    assert.equal(ok.root?.type, 'array');
    const over = parseJsonDocument('['.repeat(1_001) + ']'.repeat(1_001));
    assert.equal(over.tooDeep, true);
    assert.match(syntaxMessage(over.syntax[0]), /^Nesting is 1,001 levels deep/);
  });

  it('honours a depthLimit option', () => {
    const doc = parseJsonDocument('{"a": [[1]]}', { depthLimit: 2 });
    assert.equal(doc.tooDeep, true);
    assert.match(syntaxMessage(doc.syntax[0]), /Nesting is 3 levels deep, over the limit of 2/);
  });

  it('does not count brackets inside strings and templates as nesting', () => {
    const doc = parseJsonDocument(`{ "a": "${'['.repeat(5_000)}", "b": \${ ${'{'.repeat(3_000)}${'}'.repeat(3_000)} } }`);
    assert.equal(doc.tooDeep, false);
    assert.deepEqual(doc.syntax, []);
  });

  it('caps the syntax findings and says how many more there are', () => {
    // Each "\q" string has one invalid escape: 300 findings in all.
    const text = '[' + Array.from({ length: 300 }, () => '"\\q"').join(',') + ']';
    const doc = parseJsonDocument(text);
    assert.equal(doc.syntax.length, 101, '100 findings and one summary');
    assert.ok(doc.syntax.slice(0, 100).every((s) => /escape/.test(syntaxMessage(s))));
    const summary = doc.syntax[100];
    assert.equal(syntaxMessage(summary), '200 more syntax errors are not shown.');
    assert.equal(summary.offset, 1 + 100 * 5, 'at the 101st string');
  });

  it('caps at maxSyntaxProblems, counting one more in the singular', () => {
    const text = (n: number) => '[' + Array.from({ length: n }, () => '"\\q"').join(',') + ']';
    const ten = parseJsonDocument(text(30), { maxSyntaxProblems: 10 });
    assert.equal(ten.syntax.length, 11);
    assert.equal(syntaxMessage(ten.syntax[10]), '20 more syntax errors are not shown.');
    const one = parseJsonDocument(text(11), { maxSyntaxProblems: 10 });
    assert.equal(syntaxMessage(one.syntax[10]), '1 more syntax error is not shown.');
    assert.equal(parseJsonDocument(text(10), { maxSyntaxProblems: 10 }).syntax.length, 10, 'no summary when nothing is hidden');
  });

  it('counts mistakes, not jsonc-parser errors, in the summary', () => {
    // 150 unreadable values: jsonc-parser reports each twice (the token, then "value expected" on the comma).
    const text = '[' + Array.from({ length: 150 }, () => 'x').join(',') + ']';
    const doc = parseJsonDocument(text);
    assert.equal(doc.syntax.length, 101);
    assert.ok(doc.syntax.slice(0, 100).every((s, k) => s.offset === 1 + 2 * k), 'one finding per x');
    assert.equal(syntaxMessage(doc.syntax[100]), '50 more syntax errors are not shown.');
  });
});

describe('one finding per mistake', () => {
  it('gives `{,}` and `[,]` one finding on the comma', () => {
    for (const text of ['{,}', '[,]']) {
      const d = parseJsonDocument(text);
      assert.deepEqual(d.syntax.map((s) => [s.offset, s.length, syntaxMessage(s)]), [[1, 1, 'Expected a value.']], text);
    }
  });
});
