/**
 * Sample data is read by own properties only, everywhere: `__proto__`, `constructor` and
 * `toString` are ordinary keys, present when the sample file has them and absent otherwise.
 * Samples go through parseSample, the reader the editor and `umsg render` use.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completeAt } from '../../server/src/core/features/completion';
import { DEFAULT_CONFIG } from '../../server/src/core/findings/config';
import { hoverAt } from '../../server/src/core/features/hover';
import { completeMeta } from '../../server/src/core/features/metaCompletion';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { renderMessage } from '../../server/src/core/template/render';
import { evaluate, samplePaths } from '../../server/src/core/template/templateEval';
import { parseSample } from '../../server/src/workspace/messageContext';

const sampleOf = (text: string) => {
  const parsed = parseSample(text, 'x.sample.json');
  assert.ok(parsed.sample, parsed.problem);
  return parsed.sample;
};

describe('sample data: own properties only', () => {
  it('it.name() and it.label() do not read a "__proto__" object as the element\'s fields', () => {
    const data = sampleOf('{ "dishes": [ { "__proto__": { "name": "evil", "label": "Evil" } } ] }');
    const element = (data.dishes as unknown[])[0] as never;
    assert.deepEqual(
      evaluate('it.name()', { data, it: element, inBody: true }),
      { ok: false, reason: 'it has no "name" field for name()' },
    );
    assert.deepEqual(
      evaluate('it.label()', { data, it: element, inBody: true }),
      { ok: false, reason: 'it has no "label" field for label()' },
    );
  });

  it('"__proto__" is an ordinary key: ${__proto__.x} reads it', () => {
    const data = sampleOf('{ "__proto__": { "x": 1 }, "a": { "__proto__": { "name": "n" } } }');
    assert.deepEqual(evaluate('__proto__.x', { data }), { ok: true, value: 1 });
    assert.deepEqual(evaluate('a.__proto__.name', { data }), { ok: true, value: 'n' });
    assert.deepEqual(evaluate('it.name()', { data, it: { __proto__: 'x' } as never, inBody: true }).ok, false);
  });

  it('"constructor" and "toString" are present only when the file has them', () => {
    const data = sampleOf('{ "constructor": "c", "item": { "toString": "t" }, "list": [ { "name": "n" } ] }');
    assert.deepEqual(evaluate('constructor', { data }), { ok: true, value: 'c' });
    assert.deepEqual(evaluate('item.toString', { data }), { ok: true, value: 't' });
    assert.equal(evaluate('item.constructor', { data }).ok, false);
    assert.equal(evaluate('list[0].constructor', { data }).ok, false);
    assert.equal(evaluate('it.constructor', { data, it: {}, inBody: true }).ok, false);
  });

  it('rendering, completion and hover read the same own keys', () => {
    const data = sampleOf('{ "__proto__": { "x": "from the file" } }');
    const text = '{ "type": "rich", "title": "${__proto__.x}", "description": "d" }';
    const doc = parseJsonDocument(text);
    const rendered = renderMessage(doc, data);
    assert.equal((rendered.value as { title: string }).title, 'from the file');
    assert.deepEqual(samplePaths(data).map((p) => p.path), ['__proto__', '__proto__.x']);
    assert.ok(completeAt(doc, text.indexOf('__proto__') + 2, data).some((e) => e.label === '__proto__.x'));
    const h = hoverAt(doc, text.indexOf('__proto__') + 2, { config: DEFAULT_CONFIG, sample: data })!;
    assert.match(h.contents, /With the sample data: `"from the file"`/);
  });

  it('a hover on the type value "constructor" is not taken for an action type', () => {
    const text = '{ "insideActions": [ { "type": "constructor" } ] }';
    const h = hoverAt(parseJsonDocument(text), text.indexOf('constructor') + 1, { config: DEFAULT_CONFIG });
    assert.ok(!h || !h.contents.includes('undefined'), h?.contents);
  });

  it('deep sample files are read without recursion', () => {
    const depth = 20_000;
    const data = sampleOf(`{ "a": ${'['.repeat(depth)}1${']'.repeat(depth)} }`);
    let v: unknown = data.a;
    for (let i = 0; i < depth; i++) v = (v as unknown[])[0];
    assert.equal(v, 1);
  });

  it('Configuration Meta: option values named "constructor" or "toString" get text documentation', () => {
    const text = '[ { "key": "k", "label": "K", ' +
      '"options": [ { "value": "constructor", "label": "C" }, { "value": "toString", "label": "T" } ], "default_value": "" } ]';
    const offset = text.indexOf('"default_value": "') + '"default_value": "'.length;
    const entries = completeMeta(parseJsonDocument(text), offset, 'configuration-meta');
    assert.deepEqual(entries.map((e) => e.label), ['constructor', 'toString']);
    for (const e of entries) assert.equal(typeof e.documentation, 'string', e.label);
  });
});

describe('render keeps a message\'s own "__proto__" key', () => {
  it('prints it in the payload as the message wrote it, and a broken rendering is still an error', () => {
    const doc = parseJsonDocument('{\n  // a comment\n  "type": "rich", "title": "T", "description": "D", "__proto__": { "x": 1 }\n}');
    const rendered = renderMessage(doc, undefined);
    assert.equal(rendered.error, undefined);
    assert.equal(rendered.json, '{\n  "type": "rich",\n  "title": "T",\n  "description": "D",\n  "__proto__": {\n    "x": 1\n  }\n}');
    assert.equal(Object.getPrototypeOf(rendered.value), Object.prototype);
    // An empty list leaves the static button's ',' with nothing after it.
    const broken = renderMessage(
      parseJsonDocument(
        '{ "type": "rich", "title": "T", "description": "D", "floatActions": [\n' +
          '{ "type": "reply", "display": "A", "payload": "A" },\n' +
          '// @each items\n{ "type": "reply", "display": "${it.name()}", "payload": "P" }\n// @end\n] }',
      ),
      { items: [] },
    );
    assert.match(String(broken.error), /^The rendered message is not valid JSON/);
  });
});

