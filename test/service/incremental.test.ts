/**
 * A long document's version opened with its previous version (`open(text, language, config,
 * previous)`, as the server does on every edit) answers as a fresh open of the same text: the
 * same findings, hover, completion and outline, over random edits, whether its parse was made
 * from the previous one (syntax/incremental.ts) or whole. And it is made from it when the edit
 * stays inside an element: `ready` answers at once, without a parse in slices.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createLanguageService, resolveConfig, type LanguageId, type ServiceDocument } from '../../server/src/core';
import { sourceOf } from '../../server/src/core/syntax/textSource';
import { runs } from '../support/runs';

const config = resolveConfig(undefined);
const context = { config };

/** A Configuration Meta of 1,300 entries (over 100,000 characters), a few of them wrong. */
const META = '[\n' + Array.from({ length: 1300 }, (_, i) => '  ' + JSON.stringify(
  i % 4 === 0 ? { key: `apiKey${i}`, label: `API key ${i}`, type: 'String' }
    : i % 4 === 1 ? { key: `sandbox${i}`, label: `Sandbox ${i}`, type: 'Boolean', default_value: i % 8 === 1 ? 'yes' : 'false' }
      : i % 4 === 2 ? { key: `footer ${i}`, label: `Footer ${i}`, type: 'text' }
        : { key: `currency${i}`, label: `Currency ${i}`, options: [{ value: 'EUR', label: 'Euro' }, { value: 'USD', label: 'US dollar' }] },
)).join(',\n') + '\n]\n';

/** A card with 1,000 actions (over 100,000 characters, so parsed as a long document), templates in some, findings in many. */
const CARD = [
  '{',
  '  "type": "rich",',
  '  "title": "Menu of ${day}",',
  '  "description": "Tap a dish",',
  '  "insideActions": [',
  Array.from({ length: 1000 }, (_, k) => k % 3 === 0
    ? `    { "type": "click", "display": "Order the dish number ${k} \${dish.name}", "payload": "ORDER_${k}", "url": "https://x.example/${k}" }`
    : k % 3 === 1
      ? `    { "type": "reply", "display": "Reply ${k}", "payload": \${payload${k}}, "url": "https://x.example/${k}" }`
      : `    { "type": "call", "display": "Call ${k}", "phoneNumber": "+1 555 ${k}" }`).join(',\n'),
  '  ]',
  '}',
  '',
].join('\n');

const piece = fc.constantFrom('x', ' ', '"', ',', '{', '}', ']', '\n', '${', '"type": "reply"', 'https://', '+');
const editArb = fc.record({
  at: fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1_000_000),
  remove: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.nat(2) }, { weight: 1, arbitrary: fc.nat(60) }),
  insert: fc.oneof(fc.constant(''), piece),
});

/**
 * What a user sees of a version: findings, hover and completion at a few places, the outline,
 * links and inlay hints. `outlineFirst`: the features that read the card model are asked before
 * the check, so that they, not the check, bring a model carried over the re-reads up to date.
 */
async function answers(handle: ServiceDocument, places: number[], outlineFirst = false) {
  const features = () => ({
    symbols: service.symbols(handle, context),
    links: service.links(handle, context),
    hints: service.inlayHints(handle, context, 0, handle.text.length),
  });
  const first = outlineFirst ? features() : undefined;
  const { diagnostics } = await service.check(handle, context);
  return {
    diagnostics,
    hovers: places.map((o) => service.hover(handle, o, context)),
    completions: places.slice(0, 2).map((o) => service.complete(handle, o, context)),
    ...(first ?? features()),
  };
}

const service = createLanguageService({ inOneGo: true });
const places = fc.array(fc.nat(), { minLength: 3, maxLength: 3 });

describe('a version opened with its previous one answers as a fresh open', () => {
  for (const [name, language, start] of [
    ['a Configuration Meta', 'configuration-meta', META],
    ['a card with many actions', 'universal-message', CARD],
  ] as [string, LanguageId, string][]) {
    it(`on ${name}, over random edits`, async () => {
      let made = 0;
      let all = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: 4 }), places, async (edits, at) => {
          let text = start;
          let handle = service.open(text, language, config);
          assert.equal(await service.ready(handle), true);
          for (const e of edits) {
            const where = Math.min(text.length, Math.floor(e.at * text.length));
            text = text.slice(0, where) + e.insert + text.slice(Math.min(text.length, where + e.remove));
            handle = service.open(text, language, config, handle);
            all++;
            // Made from the previous parse: at once. A whole parse of this length goes in slices.
            if (service.ready(handle) === true) made++;
            const places = at.map((n) => n % (text.length + 1));
            assert.deepEqual(await answers(handle, places), await answers(service.open(text, language, config), places));
          }
        }),
        { numRuns: runs(6), seed: 6 },
      );
      assert.ok(made > all / 3, `${made} of ${all} versions made from the previous parse`);
    });
  }

  const documents = [
    ['a Configuration Meta', 'configuration-meta', META],
    ['a card with many actions', 'universal-message', CARD],
  ] as [string, LanguageId, string][];
  for (const [name, language, start] of documents) it(`answers as a fresh open when told where each edit is, on ${name}`, async () => {
    let made = 0;
    let all = 0;
    // Parsed: a version in between is parsed (as the server parses each version a hover asks
    // about) but nothing asks for its card model, which is then carried over several re-reads.
    const step = fc.record({ edit: editArb, asked: fc.boolean(), parsed: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), places, async (steps, at) => {
        let text = start;
        let handle = service.open(text, language, config);
        assert.equal(await service.ready(handle), true);
        // The card model made for the first version, carried over the versions never asked.
        service.symbols(handle, context);
        for (const [k, { edit: e, asked, parsed }] of steps.entries()) {
          const start = Math.min(text.length, Math.floor(e.at * text.length));
          const oldEnd = Math.min(text.length, start + e.remove);
          text = text.slice(0, start) + e.insert + text.slice(oldEnd);
          // As the server does: the span of the change event that made this version from the last one opened.
          handle = service.open(text, language, config, handle, { start, oldEnd, newEnd: start + e.insert.length });
          if (!asked && k < steps.length - 1) {
            if (parsed) await service.ready(handle);
            continue;
          }
          all++;
          if (service.ready(handle) === true) made++;
          const places = at.map((n) => n % (text.length + 1));
          assert.deepEqual(await answers(handle, places, true), await answers(service.open(text, language, config), places));
        }
      }),
      { numRuns: runs(6), seed: 7 },
    );
    assert.ok(made > all / 3, `${made} of ${all} versions made from the previous parse`);
  });

  it('reads a typed version near the edit from its source alone, for its parse, hover and completion', async () => {
    // The text each version is opened with has the right length and none of the characters,
    // as an editor's text kept in pieces stands for one that must not be read whole: any read
    // of it makes the answers differ from a fresh open's.
    for (const [language, start, key] of [
      ['configuration-meta', META, '"label"'],
      ['universal-message', CARD, '"display"'],
    ] as [LanguageId, string, string][]) {
      await fc.assert(
        fc.asyncProperty(fc.nat(400), fc.array(fc.integer({ min: -120, max: 120 }), { minLength: 2, maxLength: 2 }), async (n, near) => {
          const keyAt = start.indexOf(key, Math.floor((n / 400) * start.length * 0.9));
          const at = start.indexOf('"', keyAt + key.length) + 3;
          let text = start;
          let handle = service.open(text, language, config);
          assert.equal(await service.ready(handle), true);
          for (let k = 0; k < 4; k++) {
            const insert = k % 2 === 0;
            const edit = { start: at, oldEnd: insert ? at : at + 1, newEnd: insert ? at + 1 : at };
            text = text.slice(0, at) + (insert ? 'x' : '') + text.slice(edit.oldEnd);
            handle = service.open('\u0001'.repeat(text.length), language, config, handle, edit, sourceOf(text));
            assert.equal(service.ready(handle), true, 'made from the previous parse');
            const fresh = service.open(text, language, config);
            for (const offset of [keyAt + 2, at, ...near.map((d) => keyAt + d)]) {
              assert.deepEqual(service.hover(handle, offset, context), service.hover(fresh, offset, context), `hover at ${offset}`);
              const completion = service.complete(handle, offset, context);
              assert.deepEqual(completion, service.complete(fresh, offset, context), `completion at ${offset}`);
            }
          }
        }),
        { numRuns: runs(8), seed: 8 },
      );
    }
  });

  it('goes by the span it is told, over versions never parsed too', async () => {
    const typed = META.replace('API key 400', 'API key 4x00');
    const at = META.indexOf('API key 400') + 'API key 4'.length;
    const again = typed.replace('API key 4x00', 'API key 4xy00');
    // A span from the first character to the last: no element holds it, so a whole parse (in slices).
    const everything = { start: 0, oldEnd: META.length, newEnd: typed.length };
    const parsedFirst = async () => {
      const first = service.open(META, 'configuration-meta', config);
      assert.equal(await service.ready(first), true);
      return first;
    };
    const wide = service.open(typed, 'configuration-meta', config, await parsedFirst(), everything);
    assert.notEqual(service.ready(wide), true, 'the whole text told as the edit');
    const small = service.open(typed, 'configuration-meta', config, await parsedFirst(), { start: at, oldEnd: at, newEnd: at + 1 });
    assert.equal(service.ready(small), true, 'the one character told');
    // A version never parsed: the next one's edit is the two edits together.
    const skipped = service.open(typed, 'configuration-meta', config, await parsedFirst(), everything);
    const next = service.open(again, 'configuration-meta', config, skipped, { start: at + 1, oldEnd: at + 1, newEnd: at + 2 });
    assert.notEqual(service.ready(next), true, 'the whole text, then one character');
    const skippedSmall = service.open(typed, 'configuration-meta', config, await parsedFirst(), { start: at, oldEnd: at, newEnd: at + 1 });
    const nextSmall = service.open(again, 'configuration-meta', config, skippedSmall, { start: at + 1, oldEnd: at + 1, newEnd: at + 2 });
    assert.equal(service.ready(nextSmall), true, 'one character, then another');
    assert.deepEqual(await answers(nextSmall, [40, at]), await answers(service.open(again, 'configuration-meta', config), [40, at]));
  });

  it('parses the previous version again when it is asked after its parse was taken over', async () => {
    const first = service.open(META, 'configuration-meta', config);
    const before = await answers(first, [40, 5000]);
    const typed = META.replace('API key 400', 'API key 4x00');
    const second = service.open(typed, 'configuration-meta', config, first);
    assert.equal(service.ready(second), true);
    assert.deepEqual(await answers(first, [40, 5000]), before);
  });

  it('tells the host once a document just opened is parsed, before its waiters go on, and not after an edit', async () => {
    let told = 0;
    const host = createLanguageService({ inOneGo: true, afterOpeningParse: () => { told++; } });
    const first = host.open(META, 'configuration-meta', config);
    const waiting = [host.ready(first), host.ready(first)];
    assert.equal(told, 0);
    const toldWhenAnswered = await Promise.all(waiting.map(async (w) => { await w; return told; }));
    assert.deepEqual(toldWhenAnswered, [1, 1]);
    const typed = host.open(META.replace('API key 400', 'API key 4x00'), 'configuration-meta', config, first);
    assert.equal(host.ready(typed), true);
    assert.ok(host.hover(typed, 40, context));
    assert.equal(told, 1);
    // An edit across the array's bracket is parsed whole, as every edit after a syntax error
    // before it: not told, or each keystroke there would wait for the host's work too.
    const broken = host.open(META.slice(1), 'configuration-meta', config, typed);
    assert.equal(await host.ready(broken), true);
    assert.equal(told, 1);
    // Opened again, without an earlier version.
    assert.equal(await host.ready(host.open(META.slice(1), 'configuration-meta', config)), true);
    assert.equal(told, 2);
  });
});
