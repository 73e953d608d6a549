/**
 * Rendering with sample data and each channel's payload: golden files in test/fixtures/render/
 * (written by hand from what each channel does with a card), the safe evaluator, and a property
 * test of the dynamic-list split (render, then parse, random lists).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { anyString } from '../support/anyText';
import { parse as parseJsonc } from 'jsonc-parser';
import { channelPayload } from '../../server/src/core/channels';
import { analyzeLists } from '../../server/src/core/template/dynamicList';
import { listProblemMessage } from '../../server/src/core/rules/dynamic-list';
import { CHANNEL_IDS } from '../../server/src/core/channels';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { renderMessage, type SampleData } from '../../server/src/core/template/render';
import { evaluate, mentionsIt, parsePath } from '../../server/src/core/template/templateEval';

const ROOT = join(__dirname, '..', 'fixtures', 'render');

describe('render goldens', () => {
  for (const name of readdirSync(ROOT).sort()) {
    const dir = join(ROOT, name);
    const message = readFileSync(join(dir, `${name}.umsg`), 'utf8');
    const samplePath = join(dir, `${name}.sample.json`);
    const sample = existsSync(samplePath) ? parseJsonc(readFileSync(samplePath, 'utf8')) as SampleData : undefined;
    const expected = (file: string) => parseJsonc(readFileSync(join(dir, file), 'utf8'));
    it(`${name}: the rendered message`, () => {
      const r = renderMessage(parseJsonDocument(message), sample);
      assert.equal(r.error, undefined);
      assert.deepEqual(r.value, expected('expected.json'));
      assert.equal(JSON.stringify(JSON.parse(r.json!)), JSON.stringify(r.value), 'json is strict JSON of the value');
    });
    for (const channel of CHANNEL_IDS) {
      it(`${name}: the ${channel} payload`, () => {
        const r = renderMessage(parseJsonDocument(message), sample);
        assert.deepEqual(channelPayload(channel, r.value!), expected(`expected.${channel}.json`));
      });
    }
  }

  it('lists what it could not evaluate, and why', () => {
    const r = renderMessage(parseJsonDocument('{ "title": "${if (vip) "A" else "B"}", "n": ${count} }'), { vip: true });
    assert.deepEqual(r.unevaluated.map((u) => [u.expression, u.reason]), [
      ['if (vip) "A" else "B"', 'only paths such as user.name, it.name(), it.label() and list.size are evaluated'],
      ['count', 'the sample data has no "count"'],
    ]);
    assert.deepEqual(r.value, { title: '${if (vip) "A" else "B"}', n: '${count}' });
  });
});

describe('safe evaluator', () => {
  const data = { user: { name: 'Ana', tags: ['a', 'b'] }, dishes: [{ name: 'PASTA', label: 'Pasta' }, 'SOUP'] } as SampleData;
  it('resolves dotted paths, .size, [index], it, name() and label()', () => {
    assert.deepEqual(evaluate('user.name', { data }), { ok: true, value: 'Ana' });
    assert.deepEqual(evaluate(' user . tags . size ', { data }), { ok: true, value: 2 });
    assert.deepEqual(evaluate('dishes[0].label()', { data }), { ok: true, value: 'Pasta' });
    assert.deepEqual(evaluate('it.name()', { data, it: { name: 'X', label: 'Y' }, inBody: true }), { ok: true, value: 'X' });
    assert.deepEqual(
      evaluate('it.label()', { data, it: 'SOUP', inBody: true }),
      { ok: true, value: 'SOUP' },
      'a string element is its own label',
    );
    assert.deepEqual(evaluate('user?.name', { data }), { ok: true, value: 'Ana' });
  });
  it('leaves everything else unevaluated, with a reason', () => {
    for (const e of ['user.name + "!"', 'if (a) b else c', 'user.name.uppercase()', 'process.exit()', 'constructor.constructor("x")()']) {
      const r = evaluate(e, { data });
      assert.equal(r.ok, false, e);
    }
    assert.deepEqual(evaluate('it', { data }), { ok: false, reason: '`it` is only defined inside a dynamic list body' });
    assert.deepEqual(evaluate('user.age', { data }), { ok: false, reason: 'user is an object without "age"' });
    assert.deepEqual(evaluate('toString', { data }), { ok: false, reason: 'the sample data has no "toString"' }, 'no prototype names');
    assert.equal(parsePath('a.b(1)'), undefined);
  });
  it('knows `it` from a lambda parameter and a string', () => {
    assert.equal(mentionsIt('it.name()'), true);
    assert.equal(mentionsIt('items.map { it.name }'), false);
    assert.equal(mentionsIt('"it"'), false);
    assert.equal(mentionsIt('user.it'), false);
  });
});

describe('dynamic list split (property)', () => {
  it('renders one valid action per list element, in order, for any list', () => {
    const message = `{
  "type": "rich",
  "title": "Menu",
  "description": "Pick",
  "insideActions": [
    // @each dishes
    { "type": "reply", "display": "\${it.label()}", "payload": "\${it.name()}" }
    // @end
  ]
}`;
    const doc = parseJsonDocument(message);
    const text = anyString({ maxLength: 12 });
    fc.assert(fc.property(fc.array(fc.record({ name: text, label: text }), { maxLength: 8 }), (dishes) => {
      const r = renderMessage(doc, { dishes });
      assert.equal(r.error, undefined);
      const actions = (r.value as { insideActions: { display: string; payload: string }[] }).insideActions;
      assert.deepEqual(actions.map((a) => [a.display, a.payload]), dishes.map((d) => [d.label, d.name]));
      assert.equal(r.listLength, dishes.length);
    }), { numRuns: 300 });
  });
});

describe('dynamic list findings on generated input', () => {
  it('keep to 100 and a count', () => {
    // How long this takes is held by `npm run bench` (scripts/growth.ts).
    const text = '// @each x\n'.repeat(100_000);
    const { problems } = analyzeLists(parseJsonDocument(text));
    assert.equal(problems.length, 101);
    // 100,000 markers: each @each but the last lacks its @end before the next one, and the last lacks one at all.
    assert.deepEqual(
      [problems[100].kind, problems[100].kind === 'more' ? problems[100].hidden : undefined],
      ['more', 99900],
      'the analysis counts what it leaves out, as facts',
    );
    assert.equal(listProblemMessage(problems[100]), '99900 more dynamic list problems not shown.');
  });
});
