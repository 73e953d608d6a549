/**
 * Findings are capped per file and rule: the first MAX_FINDINGS_PER_RULE in document order are
 * shown, and one more finding of the same rule, at the first one left out, says how many more
 * there are. The editor and the command line get the same list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/core/check/run';
import { MAX_FINDINGS_PER_RULE } from '../../server/src/core/check/cap';
import { type Diagnostic } from '../../server/src/core/check/severities';
import { DEFAULT_CONFIG } from '../../server/src/core/findings/config';
import { createLanguageService } from '../../server/src/core/index';
import { defineRule, type Rule, type RuleContext } from '../../server/src/core/findings/rule';
import { ALL_RULES } from '../../server/src/core/rules';
import { formatCount } from '../../server/src/core/util/count';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../server/src/cli/main';
import { tempTree } from '../support/tempTree';

const CONFIG = { ...DEFAULT_CONFIG, maxFileSize: Number.MAX_SAFE_INTEGER };

/** A card whose `n` click actions all lack their url: one action-required finding each. */
function clicksWithoutUrl(n: number): string {
  const actions = Array.from({ length: n }, (_, k) => `    { "type": "click", "display": "Open ${k}", "payload": "P${k}" }`);
  return `{\n  "type": "rich",\n  "title": "Menu",\n  "description": "Pick one",\n  "insideActions": [\n${actions.join(',\n')}\n  ]\n}\n`;
}

const ofRule = (ds: readonly Diagnostic[], rule: string) => ds.filter((d) => d.rule === rule);

describe('findings capped per rule', () => {
  it('shows the first 1,000 findings of a rule and one finding that counts the rest, at the first one left out', () => {
    const n = 2_345;
    const text = clicksWithoutUrl(n);
    const found = ofRule(checkDocument(text, 'universal-message', { config: CONFIG }).diagnostics, 'action-required');
    assert.equal(MAX_FINDINGS_PER_RULE, 1_000);
    assert.equal(found.length, MAX_FINDINGS_PER_RULE + 1);
    const shown = found.slice(0, MAX_FINDINGS_PER_RULE);
    const summary = found[MAX_FINDINGS_PER_RULE];
    // The shown ones are the first actions of the file, in order.
    const actionStarts: number[] = [];
    for (let at = text.indexOf('{ "type": "click"'); at >= 0; at = text.indexOf('{ "type": "click"', at + 1)) actionStarts.push(at);
    assert.deepEqual(shown.map((d) => d.offset), actionStarts.slice(0, MAX_FINDINGS_PER_RULE));
    assert.equal(summary.message, '… and 1,345 more `action-required` findings in this file; the first 1,000 are shown.');
    assert.equal(summary.offset, actionStarts[MAX_FINDINGS_PER_RULE]);
    assert.equal(summary.length, shown[0].length);
    assert.equal(summary.severity, shown[0].severity);
    assert.equal(summary.rule, 'action-required');
    assert.deepEqual(summary.standsFor, { [summary.severity]: 1_345 });
  });

  it('changes nothing at or under the cap', () => {
    const found = ofRule(
      checkDocument(clicksWithoutUrl(MAX_FINDINGS_PER_RULE), 'universal-message', { config: CONFIG }).diagnostics,
      'action-required',
    );
    assert.equal(found.length, MAX_FINDINGS_PER_RULE);
    assert.ok(found.every((d) => d.message.startsWith('Click action has no url')));
  });

  it('says "1 more finding" when one is left out', () => {
    const found = ofRule(
      checkDocument(clicksWithoutUrl(MAX_FINDINGS_PER_RULE + 1), 'universal-message', { config: CONFIG }).diagnostics,
      'action-required',
    );
    assert.equal(found[found.length - 1].message, '… and 1 more `action-required` finding in this file; the first 1,000 are shown.');
  });

  it('keeps the first findings in document order when a rule reports them in another order', () => {
    // A rule that reports one finding per character, from the end of the text to its start,
    // with a milder severity on odd offsets: the shown ones are the first 1,000 offsets.
    const text = `{ "type": "rich", "title": "${'x'.repeat(4_000)}" }`;
    const backwards = defineRule({
      id: 'backwards',
      description: 'test',
      defaultSeverity: 'warning',
      languages: ['universal-message'],
      check(ctx) {
        for (let o = text.length - 1; o >= 0; o--) {
          ctx.report({ message: `at ${o}`, offset: o, length: 1, severity: o % 2 ? 'hint' : 'warning' });
        }
      },
    });
    const found = checkDocument(text, 'universal-message', { config: CONFIG, rules: [backwards] }).diagnostics;
    assert.equal(found.length, MAX_FINDINGS_PER_RULE + 1);
    const summary = found.find((d) => d.message.startsWith('…'))!;
    assert.deepEqual(found.filter((d) => d !== summary).map((d) => d.offset), Array.from({ length: MAX_FINDINGS_PER_RULE }, (_, k) => k));
    assert.equal(summary.offset, MAX_FINDINGS_PER_RULE);
    assert.equal(summary.severity, 'warning'); // the finding at offset 1,000 is a warning
    assert.equal(
      summary.message,
      `… and ${(text.length - MAX_FINDINGS_PER_RULE).toLocaleString('en-US')} more \`backwards\` findings in this file; ` +
        'the first 1,000 are shown.',
    );
  });

  it('gives the finding that counts the rest the severity of the most severe one left out', () => {
    // 1,000 warnings are shown; left out: a warning first, then an error.
    const mixed = defineRule({
      id: 'mixed',
      description: 'test',
      defaultSeverity: 'warning',
      languages: ['universal-message'],
      check(ctx) {
        for (let o = 0; o < 1_000; o++) ctx.report({ message: `at ${o}`, offset: o, length: 1 });
        ctx.report({ message: 'a warning', offset: 1_000, length: 1 });
        ctx.report({ message: 'an error', offset: 1_001, length: 1, severity: 'error' });
      },
    });
    const text = `{ "type": "rich", "title": "${'x'.repeat(1_100)}" }`;
    const found = checkDocument(text, 'universal-message', { config: CONFIG, rules: [mixed] }).diagnostics;
    const summary = found.find((d) => d.message.startsWith('…'))!;
    assert.equal(summary.offset, 1_000, 'at the first one left out');
    assert.equal(summary.severity, 'error', 'an error was among them');
    assert.deepEqual(summary.standsFor, { warning: 1, error: 1 });
  });

  it('counts each rule on its own, and names the channels of the findings left out', () => {
    // 1,200 reply buttons with an over-long display: channel-limit is capped; the count of
    // actions (one channel-limit finding on insideActions) comes first in the text.
    const actions = Array.from(
      { length: 1_200 },
      (_, k) => `{ "type": "reply", "display": "A display text that is far too long ${k}", "payload": "P${k}" }`,
    );
    const text = `{ "type": "rich", "title": "t", "description": "d", "insideActions": [ ${actions.join(', ')} ] }`;
    const found = ofRule(checkDocument(text, 'universal-message', { config: CONFIG }).diagnostics, 'channel-limit');
    assert.equal(found.length, MAX_FINDINGS_PER_RULE + 1);
    const summary = found.find((d) => d.message.startsWith('…'))!;
    assert.match(summary.message, /^… and 201 more `channel-limit` findings in this file; the first 1,000 are shown\.$/);
    assert.deepEqual(summary.channels, ['messenger', 'gbm', 'whatsapp']);
  });

  it('gives the editor the same findings as the command line', async () => {
    const text = clicksWithoutUrl(1_500);
    const service = createLanguageService();
    const doc = service.open(text, 'universal-message', CONFIG);
    const editor = (await service.check(doc, { config: CONFIG })).diagnostics;
    const cli = checkDocument(text, 'universal-message', { config: CONFIG }).diagnostics;
    assert.deepEqual(editor, cli);
    assert.equal(ofRule(editor, 'action-required').length, MAX_FINDINGS_PER_RULE + 1);
  });
});

describe('findings past the cap are counted without being built', () => {
  /** The same rules, except that none is ever told it is past its cap: every finding is built and reported. */
  const reportingAll = (rules: readonly Rule[]): Rule[] =>
    rules.map((rule) => ({ ...rule, check: (ctx: RuleContext) => rule.check({ ...ctx, capped: () => false }) }));

  it('gives the same findings as reporting every one (channel-limit, unknown-property), channels and severities included', () => {
    // Per action: a display too long, a click action WhatsApp sends as text, url and phoneNumber
    // on replies, url on float actions; Messenger errors, WhatsApp warnings, GBM off.
    const inside = Array.from({ length: 2_600 }, (_, k) => (k % 3 === 0
      ? { type: 'click', display: `Open the menu of day ${k}`, payload: `M${k}`, url: `https://example.com/${k}` }
      : { type: 'reply', display: k % 2 ? `R${k}` : `Reply number ${k} of the day`, payload: `R${k}`, url: 'https://example.com', phoneNumber: '+15551234' }));
    const float = Array.from({ length: 1_200 }, (_, k) => ({ type: 'reply', display: `Float reply ${k} is long`, payload: `F${k}`, url: 'https://x.example' }));
    const text = JSON.stringify({ type: 'rich', title: 't', description: 'd', insideActions: inside, floatActions: float }, null, 2);
    const channels = { ...CONFIG.channels, messenger: 'error' as const, whatsapp: 'warning' as const, gbm: 'off' as const };
    const config = { ...CONFIG, channels };
    const counted = checkDocument(text, 'universal-message', { config }).diagnostics;
    const reported = checkDocument(text, 'universal-message', { config, rules: reportingAll(ALL_RULES) }).diagnostics;
    assert.deepEqual(counted, reported);
    const summaries = counted.filter((d) => d.standsFor);
    assert.deepEqual(summaries.map((d) => d.rule).sort(), ['channel-limit', 'unknown-property']);
  });

  it('gives a rule that counts the same summary as one that reports, whatever the order, channels and severities', () => {
    // Forwards over the text, then a second pass backwards: the second pass reports before the
    // last kept finding, so the cap trims what it kept and hides some of it.
    const text = `{ "type": "rich", "title": "${'x'.repeat(3_000)}" }`;
    const finding = (o: number) => ({
      message: `at ${o}`, offset: o, length: 1 + (o % 3),
      channels: o % 5 === 0 ? ['gbm' as const] : o % 2 ? ['whatsapp' as const, 'rcs' as const] : undefined,
      severity: o % 7 === 0 ? 'information' as const : undefined,
    });
    const each = (report: (o: number) => void) => {
      for (let o = 0; o < text.length; o += 2) report(o);
      for (let o = text.length - 1; o >= 0; o -= 3) report(o);
    };
    const rule = (counts: boolean) => defineRule({
      id: 'many',
      description: 'test',
      defaultSeverity: 'warning',
      languages: ['universal-message'],
      check(ctx) {
        each((o) => {
          const f = finding(o);
          if (counts && ctx.capped(o)) ctx.count(f.offset, f.length, f.channels, f.severity);
          else ctx.report(f);
        });
      },
    });
    const config = { ...CONFIG, channels: { ...CONFIG.channels, gbm: 'off' as const, rcs: 'error' as const } };
    const counted = checkDocument(text, 'universal-message', { config, rules: [rule(true)] }).diagnostics;
    const reported = checkDocument(text, 'universal-message', { config, rules: [rule(false)] }).diagnostics;
    assert.deepEqual(counted, reported);
    assert.equal(counted.length, MAX_FINDINGS_PER_RULE + 1);
  });

  it('refuses a count of a finding the cap would show: the rule fails, its findings are not silently lost', () => {
    const failures: string[] = [];
    const early = defineRule({
      id: 'early',
      description: 'test',
      defaultSeverity: 'warning',
      languages: ['universal-message'],
      check(ctx) { ctx.count(0, 1); },
    });
    checkDocument('{ "type": "rich" }', 'universal-message', { config: CONFIG, rules: [early], onRuleError: (id) => failures.push(id) });
    assert.deepEqual(failures, ['early']);
  });
});

describe('the command line counts every finding, shown or left out by the cap', () => {
  it('the summary, the json counts and --max-warnings count the 2,345 findings, not the 1,001 shown', async () => {
    // channel-limit off: only action-required's 2,345 findings (one per click without url).
    const dir = tempTree({
      'menu.umsg': clicksWithoutUrl(2_345),
      'umsg.config.json': '{ "rules": { "channel-limit": "off" } }',
    }, 'umsg-cap-');
    const run = async (args: string[]) => {
      let stdout = '', stderr = '';
      const code = await runCli(['check', ...args, '.'], { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd: dir });
      return { code, stdout, stderr };
    };
    // action-required is an error by default: 2,345 errors, all counted.
    const stylish = await run([]);
    assert.equal(stylish.code, 1);
    assert.equal(stylish.stdout.trim().split('\n').pop(), '✖ 2345 problems (2345 errors, 0 warnings) in 1 file checked.');
    const json = JSON.parse((await run(['--format', 'json'])).stdout) as { errorCount: number; messages: unknown[] }[];
    assert.equal(json[0].messages.length, 1_001);
    assert.equal(json[0].errorCount, 2_345);
    // As warnings (a config turns the rule down), they count against --max-warnings.
    writeFileSync(path.join(dir, 'umsg.config.json'), '{ "rules": { "channel-limit": "off", "action-required": "warning" } }');
    const under = await run(['--max-warnings', '2345']);
    assert.equal(under.code, 0, under.stderr);
    const over = await run(['--max-warnings', '2344']);
    assert.equal(over.code, 1);
    assert.match(over.stderr, /2345 warnings, more than --max-warnings 2344/);
  });
});

describe('--quiet and the cap', () => {
  it('still shows the finding that counts the rest when errors were left out, and counts those errors only', async () => {
    // Messenger errors, WhatsApp warnings. 1,000 shown: the count of actions and 999 displays
    // too long for both (errors). Left out: a click action WhatsApp cannot send (a warning),
    // then five more displays too long (errors).
    const reply = (k: number) => ({ type: 'reply', display: `Dish number ${k} with extras`, payload: `P${k}` });
    const actions: object[] = Array.from({ length: 999 }, (_, k) => reply(k));
    actions.push({ type: 'click', display: 'Menu', payload: 'MENU', url: 'https://example.com/menu' });
    for (let k = 1_000; k < 1_005; k++) actions.push(reply(k));
    const dir = tempTree({
      'big.umsg': JSON.stringify({ type: 'rich', title: 't', description: 'd', insideActions: actions }, null, 2),
      'umsg.config.json': '{ "channels": { "messenger": "error", "whatsapp": "warning", "gbm": "off", "rcs": "off" } }',
    }, 'umsg-cap-quiet-');
    const run = async (args: string[]) => {
      let stdout = '';
      const code = await runCli(
        ['check', '--format', 'json', ...args, '.'],
        { stdout: (t) => { stdout += t; }, stderr: () => {}, cwd: dir },
      );
      return {
        code,
        results: JSON.parse(stdout) as { errorCount: number; warningCount: number; messages: { severity: number; message: string }[] }[],
      };
    };
    const all = await run([]);
    assert.equal(all.code, 1);
    assert.deepEqual([all.results[0].errorCount, all.results[0].warningCount], [1_005, 1]);
    const quiet = await run(['--quiet']);
    const messages = quiet.results[0].messages;
    assert.equal(messages.length, 1_001);
    assert.equal(messages[1_000].message, '… and 6 more `channel-limit` findings in this file; the first 1,000 are shown.');
    assert.equal(messages[1_000].severity, 2);
    // --quiet leaves warnings out of the counts, the one left out by the cap too.
    assert.deepEqual([quiet.results[0].errorCount, quiet.results[0].warningCount], [1_005, 0]);
  });
});

describe('formatCount', () => {
  it('writes whole numbers as toLocaleString("en-US") does', () => {
    const samples = [
      0, 1, 9, 10, 99, 100, 999, 1_000, 1_001, 9_999, 10_000, 20_000, 99_999, 100_000, 999_999, 1_000_000, 1_234_567,
      2 ** 31, Number.MAX_SAFE_INTEGER,
    ];
    for (let n = 0; n < 5_000; n += 7) samples.push(n);
    for (const n of samples) assert.equal(formatCount(n), n.toLocaleString('en-US'), String(n));
    for (const n of [-1, -1_234, 1.5, 1_234.5678, Number.NaN, Infinity]) assert.equal(formatCount(n), n.toLocaleString('en-US'), String(n));
  });
});
