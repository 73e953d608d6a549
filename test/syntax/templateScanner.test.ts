/**
 * The template scanner: where templates start and end, what they hold, the problems it reports
 * and how it recovers, marker lines, nesting depth, and the masked text. Expected offsets are
 * computed from the documents themselves (indexOf on a written-out piece), never copied from
 * the scanner's output.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { anyString } from '../support/anyText';
import { parseTree, type ParseError } from 'jsonc-parser';
import { templateProblemMessage } from '../../server/src/core/rules/template-syntax';
import { MAX_TEMPLATE_LENGTH, MAX_TEMPLATE_PROBLEMS, scanTemplates, type ScanResult, type TemplateRegion } from '../../server/src/core/syntax/templateScanner';
import { hostileString, kotlinExpression, stringPieces, templatedCard } from '../support/templateGen';

/** The region of the first occurrence of `piece` in `text` (the piece is a whole template). */
function regionOf(text: string, piece: string, from = 0): { start: number; end: number } {
  const start = text.indexOf(piece, from);
  assert.ok(start >= 0, `test document holds ${piece}`);
  return { start, end: start + piece.length };
}

function only(result: ScanResult): TemplateRegion {
  assert.equal(result.templates.length, 1, 'exactly one template');
  return result.templates[0];
}

function jsonErrors(masked: string): ParseError[] {
  const errors: ParseError[] = [];
  parseTree(masked, errors, { disallowComments: false, allowTrailingComma: false });
  return errors;
}

/** The value jsonc-parser reads at `path` in the masked text. */
function maskedValue(masked: string, key: string): unknown {
  const root = parseTree(masked);
  const prop = root?.children?.find((p) => p.children?.[0].value === key);
  return prop?.children?.[1]?.value;
}

describe('scanTemplates: where templates are', () => {
  it('finds a template inside a JSON string', () => {
    const text = '{ "title": "Hi ${user.name}!" }';
    const t = only(scanTemplates(text));
    assert.deepEqual(t, { ...regionOf(text, '${user.name}'), expression: 'user.name', inString: true });
  });

  it('finds a template standing in place of a value ("forceRefresh": ${refresh})', () => {
    const text = '{ "forceRefresh": ${refresh} }';
    const r = scanTemplates(text);
    assert.deepEqual(only(r), { ...regionOf(text, '${refresh}'), expression: 'refresh', inString: false });
    assert.deepEqual(r.problems, []);
    assert.deepEqual(jsonErrors(r.masked), [], 'the masked text is valid JSON');
  });

  it('reads an if/else expression as one valid template', () => {
    const expression = 'if (vip) "Welcome back" else "Hello"';
    const text = `{ "title": "\${${expression}}" }`;
    const r = scanTemplates(text);
    assert.deepEqual(only(r), { ...regionOf(text, '${' + expression + '}'), expression, inString: true });
    assert.deepEqual(r.problems, []);
    assert.deepEqual(jsonErrors(r.masked), []);
    // The title the parser sees is the whole string, masked: `"` + filler + `"`.
    assert.equal(maskedValue(r.masked, 'title'), '_'.repeat(expression.length + 3));
  });

  it('lets braces nest: lambdas and blocks do not close the template', () => {
    const expression = 'dishes.filter { it.price > 3 }.map { d -> { d.name } }';
    const text = `"\${${expression}} tail"`;
    const t = only(scanTemplates(text));
    assert.equal(t.expression, expression);
    assert.equal(t.end, text.indexOf(' tail'));
  });

  it('skips string literals with escaped quotes and braces in them', () => {
    const expression = ' "say \\"}\\" now" + name ';
    const text = `{ "a": "\${${expression}}" }`;
    const t = only(scanTemplates(text));
    assert.equal(t.expression, expression);
    assert.equal(t.end, text.lastIndexOf('}"') + 1);
  });

  it('follows ${} nested in string literals, to any depth', () => {
    const expression = '"a ${ b + "}${ c { "}" } }" } c"';
    const text = `{ "a": "x\${${expression}}y" }`;
    const t = only(scanTemplates(text));
    assert.equal(t.expression, expression);
    assert.equal(text.slice(t.end), 'y" }');
  });

  it('reads """raw""" strings: quotes, braces and line breaks inside, ${} nested', () => {
    const expression = '"""a " } {\n "q ${ x } \\ """.trim()';
    const text = `{ "a": \${${expression}}, "b": 1 }`;
    const r = scanTemplates(text);
    assert.deepEqual(only(r), { ...regionOf(text, '${' + expression + '}'), expression, inString: false });
    assert.deepEqual(r.problems, []);
    assert.deepEqual(jsonErrors(r.masked), []);
  });

  it('reads character literals, among them a brace and an escaped apostrophe', () => {
    const expression = "c == '}' || c == '\\'' || c == '\"'";
    const text = `"\${${expression}}"`;
    assert.equal(only(scanTemplates(text)).expression, expression);
  });

  it('lets an expression span lines, in a string and in value position', () => {
    const e1 = 'listOf(\n    1,\n    2\n  ).size';
    const e2 = 'if (vip)\r\n "a"\r\n else "b"';
    const text = `{\n  "count": \${${e1}},\n  "title": "Hi \${${e2}}"\n}`;
    const r = scanTemplates(text);
    assert.deepEqual(r.templates, [
      { ...regionOf(text, '${' + e1 + '}'), expression: e1, inString: false },
      { ...regionOf(text, '${' + e2 + '}'), expression: e2, inString: true },
    ]);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(jsonErrors(r.masked), [], 'line breaks inside templates are masked away');
  });

  it('finds a template after an escaped backslash (\\\\${x}) in a JSON string', () => {
    const text = '"a\\\\${x}b"';
    assert.deepEqual(only(scanTemplates(text)), { ...regionOf(text, '${x}'), expression: 'x', inString: true });
  });

  it('finds templates in property names and after the JSON string that precedes them', () => {
    const text = '{ "k-${key}": "v", "n": ${n} }';
    const r = scanTemplates(text);
    assert.deepEqual(r.templates, [
      { ...regionOf(text, '${key}'), expression: 'key', inString: true },
      { ...regionOf(text, '${n}'), expression: 'n', inString: false },
    ]);
  });

  it('takes neither a lone $, nor $name, nor "$ {" for a template', () => {
    const r = scanTemplates('{ "a": "$ $name $ {x} $", "b": "$$" }');
    assert.deepEqual(r.templates, []);
    assert.deepEqual(r.problems, []);
  });

  it('ignores templates inside comments, even broken ones', () => {
    const text = '{\n  // ${ not.closed\n  /* ${x} and ${ */\n  "a": "${y}"\n}';
    const r = scanTemplates(text);
    assert.deepEqual(r.templates, [{ ...regionOf(text, '${y}'), expression: 'y', inString: true }]);
    assert.deepEqual(r.problems, []);
    assert.equal(r.masked.slice(0, text.indexOf('"a"')), text.slice(0, text.indexOf('"a"')), 'comments are not masked');
  });

  it('does not take "//" or "/*" inside a JSON string for a comment', () => {
    const text = '{ "url": "https://x.test/${path}", "b": "/* ${q} */" }';
    const r = scanTemplates(text);
    assert.deepEqual(r.templates.map((t) => t.expression), ['path', 'q']);
  });

  it('never evaluates an expression', () => {
    const g = globalThis as { __umsgEvaluated?: boolean };
    delete g.__umsgEvaluated;
    const text = '{ "a": ${globalThis.__umsgEvaluated = true}, "b": "${(() => { globalThis.__umsgEvaluated = true })()}" }';
    const r = scanTemplates(text);
    assert.equal(r.templates.length, 2);
    assert.equal(g.__umsgEvaluated, undefined);
  });
});

describe('scanTemplates: problems and recovery', () => {
  it('reports an unterminated ${ at the end of the text on the two characters ${', () => {
    const text = '{ "a": ${user.name';
    const r = scanTemplates(text);
    const at = text.indexOf('${');
    assert.deepEqual(r.templates, []);
    assert.deepEqual(r.problems.map((p) => [p.kind, p.start, p.end]), [['unterminated', at, at + 2]]);
    assert.match(templateProblemMessage(r.problems[0]), /not closed/);
    // In value position the broken template takes the rest of its value (here, the text).
    assert.deepEqual(r.recovered, [{ start: at, end: text.length }]);
  });

  it('recovers after an unterminated template: the next template is still found', () => {
    const text = '{\n  "title": "Hi ${user.name",\n  "description": "${desc}"\n}';
    const r = scanTemplates(text);
    const at = text.indexOf('${user');
    assert.deepEqual(r.problems.map((p) => [p.kind, p.start, p.end]), [['unterminated', at, at + 2]]);
    assert.deepEqual(
      r.problems[0],
      { kind: 'unterminated', inside: 'string literal', start: at, end: at + 2 },
      'the scanner says what happened, as facts',
    );
    assert.equal(
      templateProblemMessage(r.problems[0]),
      'Template expression is not closed: its string literal ends before the closing }.',
      'the rule says it in words',
    );
    assert.deepEqual(r.templates, [{ ...regionOf(text, '${desc}'), expression: 'desc', inString: true }]);
    assert.equal(r.masked.slice(0, at + 2), text.slice(0, at + 2), 'the broken ${ is left as written');
    assert.deepEqual(jsonErrors(r.masked), [], 'and the JSON around it still parses');
  });

  it('recovers after an unterminated character literal', () => {
    const text = '[ "${ c == \'x }", "${ok}" ]';
    const r = scanTemplates(text);
    assert.deepEqual(r.problems.map((p) => [p.kind, p.start]), [['unterminated', text.indexOf('${')]]);
    assert.deepEqual(r.templates.map((t) => t.expression), ['ok']);
  });

  it('reports an empty ${} and a blank ${  }, and goes on', () => {
    const text = '{ "a": "x${}y", "b": ${  }, "c": "${z}" }';
    const r = scanTemplates(text);
    const empty = regionOf(text, '${}');
    const blank = regionOf(text, '${  }');
    assert.deepEqual(r.problems.map((p) => [p.kind, p.start, p.end]), [
      ['empty', empty.start, empty.end],
      ['empty', blank.start, blank.end],
    ]);
    assert.match(templateProblemMessage(r.problems[0]), /Empty template/);
    assert.deepEqual(r.templates.map((t) => t.expression), ['', '  ', 'z'], 'empty templates are still regions (masked)');
    assert.deepEqual(jsonErrors(r.masked), []);
  });

  it('reports unbalanced parentheses and brackets but keeps the region', () => {
    const text = '["${ f(a }", "${ xs[0 }"]';
    const r = scanTemplates(text);
    const p1 = regionOf(text, '${ f(a }');
    const p2 = regionOf(text, '${ xs[0 }');
    assert.deepEqual(r.problems.map((p) => [p.kind, p.start, p.end]), [['unbalanced', p1.start, p1.end], ['unbalanced', p2.start, p2.end]]);
    assert.match(templateProblemMessage(r.problems[0]), /parentheses/);
    assert.match(templateProblemMessage(r.problems[1]), /brackets/);
    assert.equal(r.templates.length, 2);
  });

  it('calls a template longer than MAX_TEMPLATE_LENGTH too long, and finds the next one', () => {
    const long = '${' + 'a'.repeat(MAX_TEMPLATE_LENGTH + 10) + '}';
    const text = `["${long}", "\${b}"]`;
    const r = scanTemplates(text);
    assert.deepEqual(r.problems.map((p) => [p.kind, p.start, p.end]), [['too-long', 2, 4]]);
    assert.deepEqual(r.templates.map((t) => t.expression), ['b']);
  });

  it('stops looking for templates when broken ones would cost more than linear work', () => {
    // Inside a JSON string, where each broken `${` is skipped by itself (in value position
    // the rest of the value goes with the first one).
    const text = '"' + '${'.repeat(200_000);
    const r = scanTemplates(text);
    const budget = r.problems.filter((p) => p.kind === 'budget');
    assert.equal(budget.length, 1, 'one budget problem');
    // Each broken `${` here scans MAX_TEMPLATE_LENGTH characters; the budget is 4n + 100,000.
    assert.ok(r.problems.length <= (4 * text.length + 100_000) / MAX_TEMPLATE_LENGTH + 3, `${r.problems.length} problems`);
    assert.deepEqual(r.templates, []);
  });
});

describe('scanTemplates: the cap on problems', () => {
  const emptyTemplates = (count: number) => '[' + Array.from({ length: count }, () => '"${}"').join(',') + ']';

  it('keeps MAX_TEMPLATE_PROBLEMS problems and says how many more there are', () => {
    const text = emptyTemplates(250);
    const r = scanTemplates(text);
    assert.equal(r.templates.length, 250, 'every template is still found and masked');
    assert.deepEqual(jsonErrors(r.masked), []);
    assert.equal(MAX_TEMPLATE_PROBLEMS, 100);
    assert.equal(r.problems.length, 101);
    assert.ok(r.problems.slice(0, 100).every((p) => p.kind === 'empty'));
    // Element k is `"${}"` at 1 + 6k; its template starts one character later.
    const last = r.problems[100];
    assert.deepEqual(
      [last.kind, last.start, last.end, templateProblemMessage(last)],
      ['too-many', 602, 605, '150 more template problems are not shown.'],
    );
  });

  it('says "1 more" in the singular, and nothing when nothing is hidden', () => {
    assert.equal(templateProblemMessage(scanTemplates(emptyTemplates(101)).problems[100]), '1 more template problem is not shown.');
    assert.equal(scanTemplates(emptyTemplates(100)).problems.length, 100);
  });
});

describe('scanTemplates: marker lines', () => {
  it('reads // @each <list> and // @end with offsets, list, ownLine and the line start', () => {
    const text = '{\n  "insideActions": [\n    // @each   dishes.items  \n    { "type": "reply" }\n    // @end\n  ]\n}';
    const r = scanTemplates(text);
    const each = text.indexOf('// @each');
    const end = text.indexOf('// @end');
    assert.deepEqual(r.markers, [
      {
        kind: 'each',
        start: each,
        end: text.indexOf('\n', each),
        list: 'dishes.items',
        listOffset: text.indexOf('dishes.items'),
        ownLine: true,
        lineStart: each - 4,
      },
      {
        kind: 'end',
        start: end,
        end: text.indexOf('\n', end),
        list: '',
        listOffset: text.indexOf('\n', end),
        ownLine: true,
        lineStart: end - 4,
      },
    ]);
  });

  it('says ownLine false when code precedes the marker on its line', () => {
    const text = '[ 1, // @each xs\n 2 ] //@end';
    const r = scanTemplates(text);
    assert.deepEqual(r.markers.map((m) => [m.kind, m.start, m.end, m.ownLine]), [
      ['each', text.indexOf('// @each'), text.indexOf('\n'), false],
      ['end', text.indexOf('//@end'), text.length, false],
    ]);
  });

  it('ends a marker at \\r of a CRLF line and still sees the next line as its own line', () => {
    const text = '[\r\n  // @each xs\r\n  {}\r\n  // @end\r\n]';
    const r = scanTemplates(text);
    assert.deepEqual(r.markers.map((m) => [m.kind, m.end, m.list, m.ownLine]), [
      ['each', text.indexOf('\r', 3), 'xs', true],
      ['end', text.lastIndexOf('\r'), '', true],
    ]);
  });

  it('sees a marker after a block comment that spans lines as on its own line', () => {
    const text = '[ /* note\n */ // @each xs\n]';
    const [m] = scanTemplates(text).markers;
    assert.equal(m.ownLine, false, 'the end of the block comment precedes it on its line');
    const text2 = '[ /* note\n */\n   // @each xs\n]';
    assert.equal(scanTemplates(text2).markers[0].ownLine, true);
  });

  it('takes no marker from a block comment, a string, @eachx or a template', () => {
    const text = '[ /* @each a */ "// @each b", ${ "// @each c" } // @eachx d\n // @ends\n]';
    assert.deepEqual(scanTemplates(text).markers, []);
  });
});

describe('scanTemplates: nesting depth', () => {
  it('counts JSON objects and arrays, not brackets in strings, templates or comments', () => {
    const text = '[{"a": [1, "[[[{{", ${ {{ [[0]] }} }], /* [[[ */ "b": {}}] // {{{';
    const r = scanTemplates(text);
    assert.equal(r.maxDepth, 3);
    assert.equal(r.depthExceededAt, undefined);
  });

  it('marks the first bracket beyond depthLimit', () => {
    const text = '[[{"a": [[1]]}]]';
    const r = scanTemplates(text, { depthLimit: 3 });
    assert.equal(r.maxDepth, 5);
    assert.equal(r.depthExceededAt, text.indexOf('[[1'), 'the fourth opening bracket');
    const exact = scanTemplates(text, { depthLimit: 5 });
    assert.equal(exact.depthExceededAt, undefined, 'depth equal to the limit is fine');
  });

  it('counts 100,000 levels without recursion', () => {
    const r = scanTemplates('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000));
    assert.equal(r.maxDepth, 100_000);
    assert.equal(r.depthExceededAt, 1_000 * 5, 'the 1,001st "{" of the default limit of 1,000');
  });
});

describe('scanTemplates: masking', () => {
  it('masks a template in a string with underscores of the same length', () => {
    const text = '{ "t": "a${x.y}b" }';
    const r = scanTemplates(text);
    assert.equal(r.masked, '{ "t": "a______b" }');
  });

  it('masks a value template as a JSON string literal of the same length', () => {
    const r = scanTemplates('{ "n": ${count} }');
    assert.equal(r.masked, '{ "n": "______" }');
  });

  it('masks adjacent value templates ${a}${b} as one value', () => {
    const text = '[${a}${bb}, 1]';
    const r = scanTemplates(text);
    assert.equal(r.templates.length, 2);
    assert.equal(r.masked, '["' + '_'.repeat(7) + '", 1]', '9 characters: a quote, 7 underscores, a quote');
    const root = parseTree(r.masked);
    assert.equal(root?.children?.length, 2, 'two elements, not three');
    assert.deepEqual([root?.children?.[0].offset, root?.children?.[0].length], [1, '${a}${bb}'.length]);
  });

  it('keeps value templates apart when something separates them', () => {
    const r = scanTemplates('[${a} ${b}]');
    assert.equal(r.masked, '["__" "__"]');
  });

  it('returns the text itself when there is no template', () => {
    const text = '{ "a": "$ {}" }';
    assert.equal(scanTemplates(text).masked, text);
  });
});

/** Checks the invariants that hold for any input; returns nothing, throws on a breach. */
function checkInvariants(text: string, r: ScanResult): void {
  assert.equal(r.masked.length, text.length, 'masked text has the length of the source');
  let last = 0;
  const inside = new Uint8Array(text.length);
  for (const t of r.templates) {
    assert.ok(t.start >= last && t.start < t.end && t.end <= text.length, `region [${t.start}, ${t.end}) in order and in bounds`);
    assert.ok(text.startsWith('${', t.start) && text[t.end - 1] === '}', 'a region is ${...}');
    assert.equal(t.expression, text.slice(t.start + 2, t.end - 1));
    inside.fill(1, t.start, t.end);
    last = t.end;
  }
  for (const rec of r.recovered) inside.fill(1, rec.start, rec.end);
  for (let i = 0; i < text.length; i++) {
    if (!inside[i]) {
      if (r.masked[i] !== text[i]) {
        assert.fail(`character ${i} outside templates changed: ${JSON.stringify(text[i])} -> ${JSON.stringify(r.masked[i])}`);
      }
    } else if (r.masked[i] !== '_' && r.masked[i] !== '"') {
      assert.fail(`character ${i} inside a template is filled with ${JSON.stringify(r.masked[i])}`);
    }
  }
  // Value templates and recovered broken ones (joined when adjacent) become "___"; string
  // templates only underscores.
  const regions = [...r.templates, ...r.recovered.map((x) => ({ ...x, inString: false }))].sort((x, y) => x.start - y.start);
  for (let k = 0; k < regions.length; k++) {
    const t = regions[k];
    if (t.inString) {
      assert.equal(r.masked.slice(t.start, t.end), '_'.repeat(t.end - t.start));
      continue;
    }
    let end = t.end;
    while (k + 1 < regions.length && !regions[k + 1].inString && regions[k + 1].start === end) end = regions[++k].end;
    assert.equal(r.masked.slice(t.start, end), '"' + '_'.repeat(end - t.start - 2) + '"');
  }
  // Recovered broken templates: from a `${` that has a problem, masked as a value.
  for (const rec of r.recovered) {
    assert.ok(text.startsWith('${', rec.start) && rec.end >= rec.start + 2 && rec.end <= text.length, 'a recovered region starts at ${');
    assert.ok(r.problems.some((p) => p.start === rec.start), 'a recovered region has its problem');
    assert.ok(r.templates.every((t) => t.end <= rec.start || t.start >= rec.end), 'recovered regions and templates do not overlap');
    // Masked as a value ("___", joined with a value template right before it); the loop
    // above checks that only '_' and '"' fill it.
    assert.ok(r.masked[rec.end - 1] === '"' || r.masked[rec.end - 1] === '_', 'masked as a value');
  }
  for (const p of r.problems) {
    assert.ok(
      p.start >= 0 && p.start <= p.end && p.end <= text.length && templateProblemMessage(p).length > 0,
      `problem ${p.kind} in bounds`,
    );
  }
  for (const m of r.markers) {
    assert.ok(m.start >= 0 && m.start < m.end && m.end <= text.length, 'marker in bounds');
    assert.ok(text.startsWith('//', m.start));
    assert.equal(text.slice(m.listOffset, m.listOffset + m.list.length), m.list);
  }
}

describe('scanTemplates: properties', () => {
  it('finds exactly the generated templates of a card, and the masked card is valid JSON', () => {
    fc.assert(
      fc.property(templatedCard, (card) => {
        const r = scanTemplates(card.text);
        assert.deepEqual(r.templates, card.templates);
        assert.deepEqual(r.problems, []);
        checkInvariants(card.text, r);
        assert.deepEqual(jsonErrors(r.masked), []);
        // Adjacent value templates make one value: forceRefresh is one string node over all of them.
        const root = parseTree(r.masked);
        const value = root?.children?.find((p) => p.children?.[0].value === 'forceRefresh')?.children?.[1];
        const first = card.forceRefresh[0];
        const lastT = card.forceRefresh[card.forceRefresh.length - 1];
        assert.deepEqual([value?.type, value?.offset, value?.length], ['string', first.start, lastT.end - first.start]);
        assert.deepEqual(r.markers.map((m) => [m.kind, m.list]), [['each', 'dishes'], ['end', '']]);
      }),
      { numRuns: 300 },
    );
  });

  it('finds one template per generated expression in a JSON string, and in value position', () => {
    fc.assert(
      fc.property(kotlinExpression, (expression) => {
        const inString = `{ "a": "<\${${expression}}>" }`;
        const r1 = scanTemplates(inString);
        assert.deepEqual(r1.templates, [{ start: 9, end: 9 + expression.length + 3, expression, inString: true }]);
        assert.deepEqual(r1.problems, []);
        assert.deepEqual(jsonErrors(r1.masked), []);
        const inValue = `{ "a": \${${expression}} }`;
        const r2 = scanTemplates(inValue);
        assert.deepEqual(r2.templates, [{ start: 7, end: 7 + expression.length + 3, expression, inString: false }]);
        assert.deepEqual(jsonErrors(r2.masked), []);
        checkInvariants(inValue, r2);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the length and every character outside templates, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, anyString({ maxLength: 60 })), (text) => {
        checkInvariants(text, scanTemplates(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the invariants when generated templates are cut or joined with hostile text', () => {
    fc.assert(
      fc.property(templatedCard, fc.nat(), hostileString, (card, at, junk) => {
        const cut = at % (card.text.length + 1);
        const text = card.text.slice(0, cut) + junk + card.text.slice(cut);
        checkInvariants(text, scanTemplates(text));
      }),
      { numRuns: 300 },
    );
  });

  it('finds the templates of a string whatever its static parts are', () => {
    fc.assert(
      fc.property(stringPieces, (pieces) => {
        let text = '"';
        const expected: TemplateRegion[] = [];
        for (const p of pieces) {
          if ('raw' in p) text += p.raw;
          else {
            expected.push({ start: text.length, end: text.length + p.expression.length + 3, expression: p.expression, inString: true });
            text += '${' + p.expression + '}';
          }
        }
        text += '"';
        const r = scanTemplates(text);
        assert.deepEqual(r.templates, expected);
        assert.deepEqual(jsonErrors(r.masked), []);
      }),
      { numRuns: 300 },
    );
  });
});

describe('scanTemplates: a string literal with a template of its own at the start of a line', () => {
  it('is part of a multi-line expression, not a swallowed JSON property (found by the property test)', () => {
    const text = '{ "forceRefresh": ${user() { user() { \n"${":"}" } }}, "title": "t" }';
    const r = scanTemplates(text);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.templates.map((t) => text.slice(t.start, t.end)), ['${user() { user() { \n"${":"}" } }}']);
    // A real property on the next line still marks the template as unclosed.
    const broken = '{ "forceRefresh": ${user\n  "title": "t" }';
    assert.equal(scanTemplates(broken).problems[0]?.kind, 'unterminated');
  });
});
