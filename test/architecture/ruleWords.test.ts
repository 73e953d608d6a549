/**
 * The words of a finding live in its rule's file. The JSON parse, the template scanner and the
 * dynamic-list analysis report what they found as data (a kind and its facts); syntax,
 * template-syntax and dynamic-list turn that into messages. These tests keep the layers apart:
 * the parse and the scanner know nothing of the rules.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { checkDocument } from '../../server/src/core/check/run';

const CORE = path.resolve(__dirname, '..', '..', 'server', 'src', 'core');

describe('rule messages live in rule files', () => {
  for (const file of ['syntax/jsonTree.ts', 'syntax/jsonDocument.ts', 'syntax/templateScanner.ts', 'template/dynamicList.ts']) {
    it(`${file} imports no rule`, () => {
      const imports = ts.preProcessFile(readFileSync(path.join(CORE, file), 'utf8'), true, true).importedFiles.map((f) => f.fileName);
      assert.deepEqual(imports.filter((f) => f.includes('rules')), []);
    });
  }

  it('one text with a problem of each layer: the rules word them at the places the layers found', () => {
    const text = [
      '{',
      '  "type": "rich", "title": "Hi ${}", "description": "${it}",',
      '  "insideActions": [',
      '    // @each dishes for today',
      '    { "type": "reply", "display": "${it}", "payload": "P" }',
      '    // @end',
      '  ],',
      '}',
    ].join('\n');
    const found = checkDocument(text, 'universal-message').diagnostics
      .filter((d) => ['syntax', 'template-syntax', 'dynamic-list'].includes(d.rule))
      .sort((a, b) => a.offset - b.offset)
      .map((d) => [d.rule, text.slice(d.offset, d.offset + d.length), d.message]);
    assert.deepEqual(found, [
      ['template-syntax', '${}', 'Empty template expression ${}: write an expression or remove it.'],
      ['dynamic-list', '${it}', '`it` is only defined inside a dynamic list body (between // @each and // @end).'],
      [
        'dynamic-list',
        'dishes for today',
        '// @each takes one list expression, such as // @each dishes: "for today" is not part of it. ' +
          'Put a remark on a comment line of its own.',
      ],
      ['syntax', ',', "Trailing comma: the rendered message must be strict JSON, remove this ','."],
    ]);
  });

  it('a comma left in a dynamic list body is one finding, dynamic-list\'s, not also a syntax error', () => {
    const text = '{ "type": "rich", "title": "T", "description": "D", "insideActions": [\n' +
      '// @each dishes\n{ "type": "reply", "display": "${it}", "payload": "P" },\n// @end\n] }';
    const found = checkDocument(text, 'universal-message').diagnostics
      .filter((d) => d.rule === 'syntax' || d.rule === 'dynamic-list')
      .map((d) => [d.rule, d.offset, d.length]);
    assert.deepEqual(found, [['dynamic-list', text.indexOf('},') + 1, 1]]);
  });
});
