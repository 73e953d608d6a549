/**
 * The language service (server/src/core/index.ts), the core's one public face, as the server,
 * the command line and a future web extension call it: text in, results in offsets out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService, languageOf, resolveConfig, type Rule } from '../../server/src/core';

const service = createLanguageService();
const config = resolveConfig(undefined);
const context = { config };

const MESSAGE = `{
  "type": "rich",
  "title": "${'T'.repeat(95)}",
  "description": "Fresh pasta",
  "richMedia": { "height": "TALL", "fileUrl": "https://example.com/a.png", "altText": "A" },
  "insideActions": [ { "type": "reply", "display": "Order", "payload": "ORDER_\${item}" } ]
}
`;

describe('languageOf', () => {
  it('knows the three languages and umsg.config.json by name', () => {
    assert.equal(languageOf('/a/menu.umsg'), 'universal-message');
    assert.equal(languageOf('C:\\a\\shop.configmeta.json'), 'configuration-meta');
    assert.equal(languageOf('stripe.provider.json'), 'native-provider');
    assert.equal(languageOf('/proj/umsg.config.json'), 'umsg-config');
    assert.equal(languageOf('/proj/not-umsg.config.json'), undefined);
    assert.equal(languageOf('/proj/package.json'), undefined);
  });

  it('reads the name after the last / or \\, whichever separator the path uses', () => {
    assert.equal(languageOf('a\\b/x.provider.json'), 'native-provider');
    assert.equal(languageOf('a/b\\umsg.config.json'), 'umsg-config');
    assert.equal(languageOf('umsg.config.json'), 'umsg-config');
    assert.equal(languageOf('/p/umsg.config.json/other.json'), undefined);
    assert.equal(languageOf('/p/x.umsg/'), undefined);
  });
});

describe('check', () => {
  it('checks a message and shares its parse with the features of the same handle', async () => {
    const doc = service.open(MESSAGE, 'universal-message');
    const result = await service.check(doc, context);
    assert.deepEqual(result.diagnostics.map((d) => d.rule), ['channel-limit']);
    assert.equal(result.cancelled, false);
    assert.ok(service.symbols(doc).length > 0);
  });

  it('checks umsg.config.json with its own rule set (rule config), like any language', async () => {
    const doc = service.open('{ "channels": { "whatsap": "off" }, "maxFilesize": 3 }', 'umsg-config');
    const result = await service.check(doc, context);
    assert.deepEqual(result.diagnostics.map((d) => [d.rule, d.severity]), [['config', 'error'], ['config', 'error']]);
    assert.match(result.diagnostics[0].message, /did you mean "whatsapp"/);
  });

  it('stops a rule\'s long loop once cancelled, and reports the check as cancelled', async () => {
    let iterations = 0;
    const token = { isCancellationRequested: false };
    const busy: Rule = {
      id: 'busy', description: 'reports a lot', defaultSeverity: 'warning', languages: ['universal-message'],
      check(ctx) {
        for (let i = 0; i < 100_000; i++) {
          iterations++;
          if (i === 10) token.isCancellationRequested = true;
          ctx.report({ message: 'x', offset: 0, length: 0 });
        }
      },
    };
    const own = createLanguageService({ rules: [busy] });
    const result = await own.check(own.open(MESSAGE, 'universal-message'), context, token);
    assert.equal(result.cancelled, true);
    assert.ok(iterations < 1_000, `the rule ran ${iterations} iterations after cancellation`);
  });

  it('runs no rule when cancelled before it starts', async () => {
    const result = await service.check(service.open(MESSAGE, 'universal-message'), context, { isCancellationRequested: true });
    assert.equal(result.cancelled, true);
    assert.deepEqual(result.diagnostics, []);
  });

  it('with inOneGo (the command line), checks without ever yielding and finds what a sliced check finds', async () => {
    // Rules that take 15 ms each: a sliced check yields between them.
    const slow = (id: string): Rule => ({
      id, description: '', defaultSeverity: 'warning', languages: ['universal-message'],
      check(ctx) {
        const until = performance.now() + 15;
        while (performance.now() < until) { /* busy */ }
        ctx.report({ message: id, offset: 0, length: 1 });
      },
    });
    const rules = [slow('a'), slow('b'), slow('c')];
    let yields = 0;
    const yieldToHost = () => { yields++; return Promise.resolve(); };
    const sliced = createLanguageService({ rules, yieldToHost });
    const inOneGo = createLanguageService({ rules, yieldToHost, inOneGo: true });
    const expected = await sliced.check(sliced.open(MESSAGE, 'universal-message'), context);
    assert.ok(yields > 0, 'the sliced check yielded');
    yields = 0;
    const result = await inOneGo.check(inOneGo.open(MESSAGE, 'universal-message'), context);
    assert.equal(yields, 0);
    assert.deepEqual(result.diagnostics, expected.diagnostics);
    assert.deepEqual(result.diagnostics.map((d) => d.message), ['a', 'b', 'c']);
  });

  it('reports a rule that throws and goes on with the others', async () => {
    const errors: string[] = [];
    const broken: Rule = {
      id: 'broken',
      description: '',
      defaultSeverity: 'error',
      languages: ['universal-message'],
      check() { throw new Error('boom'); },
    };
    const fine: Rule = {
      id: 'fine',
      description: '',
      defaultSeverity: 'hint',
      languages: ['universal-message'],
      check(ctx) { ctx.report({ message: 'ok', offset: 0, length: 1 }); },
    };
    const own = createLanguageService({ rules: [broken, fine], onRuleError: (rule) => errors.push(rule) });
    const result = await own.check(own.open(MESSAGE, 'universal-message'), context);
    assert.deepEqual(errors, ['broken']);
    assert.deepEqual(result.diagnostics.map((d) => d.rule), ['fine']);
  });
});

describe('over maxFileSize', () => {
  it('never parses: every feature answers empty and the check gives one file-size finding', async () => {
    const small = resolveConfig(undefined, { maxFileSize: 100 });
    const doc = service.open(MESSAGE, 'universal-message', small);
    assert.equal(doc.overSize, true);
    const ctx = { config: small };
    assert.deepEqual(service.symbols(doc), []);
    assert.deepEqual(service.folding(doc), []);
    assert.deepEqual(service.links(doc), []);
    assert.deepEqual(service.selectionRanges(doc, [5]), [[]]);
    assert.deepEqual(service.format(doc, { tabSize: 2, insertSpaces: true }), []);
    assert.deepEqual(service.inlayHints(doc, ctx, 0, MESSAGE.length), []);
    assert.deepEqual(service.complete(doc, 5, ctx), []);
    assert.equal(service.hover(doc, 25, ctx), undefined);
    const result = await service.check(doc, ctx);
    assert.deepEqual(result.diagnostics.map((d) => d.rule), ['file-size']);
    assert.equal(result.doc, undefined);
    assert.equal(service.channelSummary(doc, result.diagnostics, ctx), undefined);
  });
});

describe('editing features', () => {
  const doc = service.open(MESSAGE, 'universal-message');
  it('answers in offsets', () => {
    const offset = MESSAGE.indexOf('"title"') + 2;
    const hover = service.hover(doc, offset, context);
    assert.ok(hover && hover.offset <= offset && offset <= hover.offset + hover.length);
    const hints = service.inlayHints(doc, context, 0, MESSAGE.length);
    assert.ok(hints.some((h) => h.label.startsWith('95/')), JSON.stringify(hints));
    const chains = service.selectionRanges(doc, [offset]);
    assert.ok(chains[0].length > 1);
    assert.deepEqual(service.links(doc).map((l) => l.target), ['https://example.com/a.png']);
  });

  it('gives the channel summary with its problems', async () => {
    const result = await service.check(doc, context);
    const summary = service.channelSummary(doc, result.diagnostics, context);
    assert.ok(summary);
    assert.match(summary.title, /^Messenger: 1 problem · Google Business Messages ✓ · WhatsApp ✓$/);
    assert.deepEqual(summary.problems.map((p) => p.rule), ['channel-limit']);
  });

  it('turns a finding\'s fix into edits', async () => {
    const text = '{ "type": "Rich", "title": "Hi", "description": "Fresh pasta" }';
    const d = service.open(text, 'universal-message');
    const fix = (await service.check(d, context)).diagnostics.find((x) => x.rule === 'message-type')?.fixes?.[0];
    assert.ok(fix);
    const edits = service.fixEdits(d, fix);
    assert.equal(edits.length, 1);
    assert.equal(edits[0].newText, '"rich"');
  });
});

describe('a channel-specific message in universal form: its channel alone', () => {
  const doc = service.open(MESSAGE, 'universal-message');
  const whatsapp = { config, channelSpecific: 'whatsapp' as const };

  it('the check, the channel summary, the length hints and hover name that channel only', async () => {
    // As NAME.umsg the 95-character title is over Messenger's 80; for WhatsApp alone it fits.
    const result = await service.check(doc, whatsapp);
    assert.deepEqual(result.diagnostics.filter((d) => d.channels).map((d) => d.channels), []);
    assert.equal(service.channelSummary(doc, result.diagnostics, whatsapp)?.title, 'WhatsApp ✓');
    // The title's hint is against the strictest target's limit: Messenger's 80 as NAME.umsg,
    // WhatsApp's 1,024 here (95 is far from it, so no hint).
    assert.deepEqual(service.inlayHints(doc, context, 0, MESSAGE.length).map((h) => h.label), ['95/80']);
    assert.deepEqual(service.inlayHints(doc, whatsapp, 0, MESSAGE.length), []);
    const near = MESSAGE.replace('"Fresh pasta"', `"${'d'.repeat(59)}"`);
    const nearDoc = service.open(near, 'universal-message');
    assert.deepEqual(service.inlayHints(nearDoc, whatsapp, 0, near.length).map((h) => h.label), ['59/60']);
    const hover = service.hover(doc, MESSAGE.indexOf('"title"') + 2, whatsapp)?.contents ?? '';
    assert.match(hover, /WhatsApp/);
    assert.doesNotMatch(hover, /Messenger|Google Business Messages/);
    const everywhere = service.hover(doc, MESSAGE.indexOf('"title"') + 2, context)?.contents ?? '';
    assert.match(everywhere, /Messenger/, 'as NAME.umsg, every channel');
  });

  it('in native form, completion and hover follow the channel\'s format, and the card\'s length hints stay silent', () => {
    const native = `{ "type": "text", "text": { "body": "${'b'.repeat(70)}" } }`;
    const n = service.open(native, 'universal-message');
    assert.match(service.hover(n, native.indexOf('"type"') + 2, whatsapp)?.contents ?? '', /WhatsApp message, required/);
    const offered = service.complete(n, native.indexOf('{') + 1, whatsapp).map((e) => e.label);
    assert.ok(offered.includes('context') && !offered.includes('title'), offered.join());
    assert.deepEqual(service.inlayHints(n, whatsapp, 0, native.length), []);
    assert.ok(service.hover(n, native.indexOf('"type"') + 2, context), 'as NAME.umsg, the universal hover answers');
  });

  it('with the channel off, no summary', async () => {
    const off = { config: resolveConfig({ channels: { whatsapp: 'off' }, rules: {} }), channelSpecific: 'whatsapp' as const };
    const result = await service.check(doc, off);
    assert.equal(service.channelSummary(doc, result.diagnostics, off), undefined);
  });
});

describe('render and payload', () => {
  it('renders with sample data and lists what it could not evaluate', () => {
    const out = service.render(MESSAGE, { sample: {} });
    assert.equal((out.value as { type: string }).type, 'rich');
    assert.deepEqual(out.unevaluated.map((n) => n.expression), ['item']);
    assert.equal(out.error, undefined);
  });

  it('gives a channel\'s payload, with what its API would reject and the findings that explain it', () => {
    const out = service.render(MESSAGE, { sample: { item: 'PASTA' }, channel: 'whatsapp' });
    assert.equal((out.value as { type: string }).type, 'interactive');
    for (const p of out.apiProblems) assert.ok(out.findings.some((f) => p.explainedBy.includes(f.rule)), p.message);
  });

  it('says why a broken message cannot be rendered', () => {
    const out = service.render('{ "type": "rich", ', { sample: undefined });
    assert.equal(out.value, undefined);
    assert.ok(out.error);
    assert.ok(out.findings.some((f) => f.rule === 'syntax'));
  });
});
