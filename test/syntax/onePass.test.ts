/**
 * A text without `${` is parsed in one pass (the tree's tokens stand for the template scan):
 * the document must be the one the two passes make, the template scan and then the tree of
 * the masked text. Held side by side on every fixture and example, on generated documents and
 * on random text full of what the scan counts (brackets, strings, comments, marker lines,
 * escaped line breaks, nesting past the depth limit), in one go and in steps.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ParseError } from 'jsonc-parser';
import { finishParse, parseJsonDocument, startJsonDocument, type JsonDocument, type Node } from '../../server/src/core/syntax/jsonDocument';
import { parseJsonTree } from '../../server/src/core/syntax/jsonTree';
import type { ParseOptions } from '../../server/src/core/syntax/syntaxProblems';
import { scanTemplates } from '../../server/src/core/syntax/templateScanner';
import { bigConfigMeta, hugeMessage } from '../../scripts/bench/corpora';
import { plainTree } from '../support/plainTree';
import { fixtureAndExampleFiles } from '../support/documentFiles';

/** The document as the two passes make it: the template scan, then the tree of its masked text. */
function twoPasses(text: string, options: ParseOptions): JsonDocument {
  const scan = scanTemplates(text, { depthLimit: options.depthLimit });
  const errors: ParseError[] = [];
  const root = scan.depthExceededAt === undefined ? parseJsonTree(scan.masked, errors) : undefined;
  return finishParse(text, options, scan, root, errors);
}

/** Everything a parse holds that the features read, as plain data. */
function facts(doc: JsonDocument): unknown {
  const strings: unknown[] = [];
  const stack: Node[] = doc.root ? [doc.root] : [];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'string') strings.push([n.offset, doc.valueTemplate(n)?.start, doc.stringInfo(n).staticText]);
    if (n.children) stack.push(...n.children);
  }
  return { tree: plainTree(doc.root), errors: doc.errors, syntax: doc.syntax, tooDeep: doc.tooDeep, scan: doc.scan, strings };
}

function same(text: string, options: ParseOptions = {}, stop?: () => boolean): void {
  const expected = facts(twoPasses(text, options));
  const label = `parse of ${JSON.stringify(text.slice(0, 160))}`;
  assert.deepEqual(facts(parseJsonDocument(text, options)), expected, label);
  if (stop) {
    const parse = startJsonDocument(text, options);
    while (!parse.run(stop)) { /* the editor yields here */ }
    assert.deepEqual(facts(parse.result()), expected, `${label}, in steps`);
  }
}

describe('the one-pass parse of a text without templates is the two passes\' parse', () => {
  it('on every fixture and example, and each without its templates', () => {
    const all = fixtureAndExampleFiles();
    assert.ok(all.length > 200, `${all.length} files`);
    for (const f of all) {
      const text = readFileSync(f, 'utf8');
      same(text);
      same(text.replaceAll('${', '$ {'));
    }
  });

  it('on a large generated message and Configuration Meta, in one go and in steps', () => {
    same(hugeMessage(2_000), {}, () => true);
    same(bigConfigMeta(5_000), {}, () => true);
  });

  it('on marker lines: their line starts after line breaks, block comments and the value\'s end', () => {
    for (const text of [
      '[\n  // @each items\n  {}, // @end\n]',
      '[ /* a\n b */ // @each items\n 1 ] // @end\n// @each more',
      '{"a": "x\\\n// @each items\n"}',
      '{"a": "x\\\r\n// @each items\n"}',
      '{"a": "x\\\\\n// @each items\n"}',
      '"\\\n // @each a',
      '["a\\\n", // @each x\n 1]',
      '["a\\\r\n", // @each x\n 1]',
      ': // @each items\n',
      '1 2 [[[ // @end',
      '// @each first\r// @end\r\n',
    ]) {
      same(text);
    }
  });

  it('on nesting at and past the depth limit, before and after the value', () => {
    const texts = ['[[[]]]', '[[[[]]]]', '{"a":[{"b":[]}]}', '[] [[[[', '[[[[ "x', '[[[] ] ]]]] [[[[]', '[ // @each a\n [[[[ ]]]] ]'];
    for (const text of texts) {
      same(text, { depthLimit: 3 });
      same(text);
    }
    same('['.repeat(1_500) + ']'.repeat(1_500));
  });

  it('on random text', () => {
    const piece = fc.constantFrom(
      '{', '}', '[', ']', ',', ':', '"a"', '"b', '\\', '"\\\n', '\n', '\r', '\r\n', ' ', '//c\n', '// @each items', '// @end',
      '/*', '*/', '1', '-', 'tru', 'true', 'null', '$', '{"k": "v"}', '"x": [1, 2]', '\'', '\t',
    );
    fc.assert(fc.property(fc.array(piece, { maxLength: 80 }), fc.integer({ min: 1, max: 6 }), (pieces, depthLimit) => {
      const text = pieces.join('');
      same(text, { depthLimit });
      same(text);
    }), { numRuns: 3_000 });
  });

  it('on random long text, stopping at random', () => {
    const piece = fc.constantFrom(
      '{', '}', '[', ']', ',', ':', '"a"', '"b', '\\', '\n', '//c\n', '// @each x\n', '/*', '*/', ' ', '1', 'true',
    );
    fc.assert(fc.property(
      fc.array(piece, { minLength: 5_000, maxLength: 20_000 }),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 50 }),
      (pieces, pattern) => {
        let k = 0;
        same(pieces.join(''), {}, () => pattern[k++ % pattern.length]);
      },
    ), { numRuns: 10 });
  });
});
