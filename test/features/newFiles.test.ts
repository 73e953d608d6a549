/**
 * The new-file templates (core/features/newFiles.ts): a native provider's project (descriptor,
 * Kotlin class, build file, the settings include), a universal message, the config file. What
 * a builder relies on: the files and their names; the descriptor, the class and the build
 * file agreeing with each other; the settings file edited once, never twice; answers that
 * cannot make a Kotlin name refused with a message that names the fault; and `umsg check`
 * finding nothing in what was made.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { runCli } from '../../server/src/cli/main';
import {
  classNameFromLabel,
  includeProject,
  messageNameProblem,
  newCiWorkflow,
  newConfigFile,
  newMessageText,
  newProviderProject,
  providerAnswerProblems,
  settingsIncludes,
  type NewFile,
  type ProviderAnswers,
  type ProviderProject,
} from '../../server/src/core/features/newFiles';
import { newFiles } from '../../server/src/lsp/newFiles';
import { startHarness } from '../support/lspHarness';
import { runs } from '../support/runs';
import { NEW_FILES_REQUEST, type NewFilesResult } from '../../server/src/protocol/newFiles';

const ANSWERS: ProviderAnswers = {
  label: 'Stripe payments',
  deployMode: 'hosted',
  serviceInterface: 'services.example.payment.IPayment',
  packageName: 'com.example.payment',
  project: 'stripe',
};

function made(answers: Partial<ProviderAnswers> = {}, settings?: NewFile): ProviderProject {
  const result = newProviderProject({ ...ANSWERS, ...answers }, settings);
  assert.ok(!('problems' in result), `problems: ${JSON.stringify('problems' in result && result.problems)}`);
  return result;
}

function problemsOf(answers: Partial<ProviderAnswers>): string[] {
  const result = newProviderProject({ ...ANSWERS, ...answers });
  assert.ok('problems' in result, 'the answers were taken');
  return result.problems.map((p) => `${p.question}: ${p.message}`);
}

const fileText = (p: ProviderProject, suffix: string) => {
  const f = p.files.find((x) => x.path.endsWith(suffix));
  assert.ok(f, `no file ending ${suffix} in ${p.files.map((x) => x.path).join(', ')}`);
  return f.text;
};

describe('New Native Provider: the files', () => {
  it('writes the descriptor, the class and the build file in the subproject, and includes it in a new settings.gradle', () => {
    const p = made();
    assert.deepEqual(p.files.map((f) => f.path), [
      'stripe/stripe.provider.json',
      'stripe/src/main/kotlin/com/example/payment/StripePaymentsProvider.kt',
      'stripe/build.gradle',
    ]);
    assert.equal(p.settings?.path, 'settings.gradle');
    assert.deepEqual(settingsIncludes(p.settings.text), ['stripe']);
    assert.equal(p.className, 'com.example.payment.StripePaymentsProvider');
  });

  it('fills the descriptor from the answers, with a starter Configuration Meta', () => {
    const d = JSON.parse(fileText(made({ deployMode: 'private' }), '.provider.json'));
    assert.equal(d.label, 'Stripe payments');
    assert.equal(d.providerType, 'Native Provider');
    assert.equal(d.deployMode, 'private');
    assert.deepEqual(d.implements, ['services.example.payment.IPayment']);
    assert.equal(d.providerClassName, 'com.example.payment.StripePaymentsProvider');
    assert.equal(d.implementation, 'com.example.payment:stripe:1.0-SNAPSHOT');
    assert.deepEqual(d.configurationMeta.map((e: { key: string }) => e.key), ['apiKey', 'sandbox', 'region']);
  });

  it('sets group and version in build.gradle to the implementation string\'s group and version', () => {
    const p = made();
    const [group, project, version] = JSON.parse(fileText(p, '.provider.json')).implementation.split(':');
    const build = fileText(p, 'build.gradle').split('\n');
    assert.ok(build.includes(`group = '${group}'`), build.join('\n'));
    assert.ok(build.includes(`version = '${version}'`), build.join('\n'));
    assert.ok(p.files.every((f) => f.path.startsWith(`${project}/`)));
  });

  it('declares the class in its package, implementing the interface and IProvider, built by its companion object', () => {
    const kt = fileText(made(), '.kt');
    const lines = kt.split('\n');
    assert.equal(lines[0], 'package com.example.payment');
    assert.ok(lines.includes('import services.example.payment.IPayment'));
    assert.ok(lines.includes('import io.opencui.core.IProvider'));
    assert.ok(lines.includes('class StripePaymentsProvider('));
    assert.ok(lines.includes(') : IPayment, IProvider {'));
    assert.ok(lines.includes('    companion object : ExtensionBuilder<IPayment> {'));
    assert.ok(lines.includes('        override fun invoke(config: Configuration): IPayment = StripePaymentsProvider(config)'));
  });

  it('reads every Configuration Meta key from the Configuration by that key, and no other', () => {
    const p = made();
    const keys = JSON.parse(fileText(p, '.provider.json')).configurationMeta.map((e: { key: string }) => e.key);
    const read = [...fileText(p, '.kt').matchAll(/config\["(\w+)"\]/g)].map((m) => m[1]);
    assert.deepEqual(read, keys);
  });

  it('imports the interface only from another package', () => {
    const same = fileText(made({ serviceInterface: 'com.example.payment.IPayment' }), '.kt');
    assert.ok(!same.includes('import com.example.payment.IPayment'));
    assert.ok(same.includes(') : IPayment, IProvider {'));
    const simple = fileText(made({ serviceInterface: 'IPayment' }), '.kt');
    assert.ok(!/^import .*IPayment$/m.test(simple));
  });

  it('names the class after the label', () => {
    assert.equal(classNameFromLabel('Stripe payments'), 'StripePaymentsProvider');
    assert.equal(classNameFromLabel('twilio-sms'), 'TwilioSmsProvider');
    assert.equal(classNameFromLabel('Calendar provider'), 'CalendarProvider');
    assert.equal(classNameFromLabel('Paiement sécurisé'), 'PaiementSecuriseProvider');
    assert.equal(classNameFromLabel('!!!'), undefined);
  });

  it('keeps a label with comment marks out of the comments\' way', () => {
    const kt = fileText(made({ label: 'Pay */ now /* later' }), '.kt');
    assert.ok(!kt.includes('Pay */'), kt);
    assert.ok(kt.includes('Pay * / now / * later'));
  });
});

describe('New Native Provider: the settings file', () => {
  const GROOVY = "rootProject.name = 'extensions'\n\ninclude 'google'\ninclude 'meta'\n";

  it('appends the include to a Groovy settings file, and only once', () => {
    const first = made({}, { path: 'settings.gradle', text: GROOVY });
    assert.equal(first.settings?.text, `${GROOVY}include 'stripe'\n`);
    const again = made({}, first.settings);
    assert.equal(again.settings, undefined);
  });

  it('writes Kotlin in settings.gradle.kts', () => {
    const p = made({}, { path: 'settings.gradle.kts', text: 'rootProject.name = "providers"' });
    assert.equal(p.settings?.path, 'settings.gradle.kts');
    assert.equal(p.settings?.text, 'rootProject.name = "providers"\ninclude("stripe")\n');
  });

  it('knows the project included in every usual form', () => {
    for (const text of [
      "include 'stripe'",
      'include "stripe"',
      "include ':stripe'",
      'include("stripe")',
      'include(":meta", ":stripe")',
      "include 'meta',\n        'stripe'",
      "include '''stripe'''",
    ]) assert.equal(includeProject(text, 'stripe', false), undefined, text);
  });

  it('does not take a comment, another call or a template for an include', () => {
    for (const text of [
      "// include 'stripe'",
      "/* include 'stripe' */",
      "includeBuild '../stripe'",
      'include "$name"',
      "println 'include stripe'",
    ]) assert.equal(includeProject(text, 'stripe', false), `${text}\ninclude 'stripe'\n`, text);
  });
});

describe('New Native Provider: the settings file, any text', () => {
  /** Text made of the pieces a settings file is made of, in any order, unclosed ones included. */
  const PIECES = ['include', ' ', '\n', "'stripe'", '"stripe"', "':stripe'", '(', ')', ',', '.', '//', '/*', '*/', "'''", '"""',
    '"', "'", '\\', '$', 'x', 'meta'];
  const settingsText = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((p) => p.join(''));

  it('includes the project once: an edited file is never edited again, or the file is refused', () => {
    fc.assert(fc.property(settingsText, fc.boolean(), (text, kotlin) => {
      const path = kotlin ? 'settings.gradle.kts' : 'settings.gradle';
      const first = newProviderProject(ANSWERS, { path, text });
      if ('problems' in first) {
        assert.deepEqual(first.problems.map((p) => p.question), ['settings']);
        return;
      }
      if (!first.settings) return;
      const again = newProviderProject(ANSWERS, first.settings);
      assert.ok(!('problems' in again) && again.settings === undefined, `${JSON.stringify(text)} edited twice`);
    }), { numRuns: runs(2000), seed: 22 });
  });

  it('refuses a settings file that ends inside a comment or a string, where an include would be lost', () => {
    for (const [text, open] of [
      ["include 'meta'\n/* to do", 'comment on line 2'],
      ["include 'meta'\ndescription = '''many\nlines", 'string on line 2'],
      ["rootProject.name = 'providers\ninclude 'meta'", 'string on line 1'],
    ]) {
      const result = newProviderProject(ANSWERS, { path: 'settings.gradle', text });
      assert.ok('problems' in result, text);
      assert.equal(result.problems[0].message, `settings.gradle has a ${open} left open: an include added after it would be inside it. ` +
        'Close it, then make the provider again.');
    }
    // Kotlin's block comments nest: the include after the inner comment's end is still in the outer one.
    const nested = newProviderProject(ANSWERS, { path: 'settings.gradle.kts', text: '/* a /* b */ include("stripe")' });
    assert.ok('problems' in nested);
    const groovy = newProviderProject(ANSWERS, { path: 'settings.gradle', text: "/* a /* b */ include 'stripe'" });
    assert.ok(!('problems' in groovy) && groovy.settings === undefined);
  });
});

describe('New Native Provider: answers that cannot make a project', () => {
  it('refuses a label that makes no Kotlin class name, saying why', () => {
    assert.deepEqual(problemsOf({ label: '2checkout' }), [
      'label: The label "2checkout" makes the class name "2checkoutProvider", which starts with a digit: start the label with a letter.',
    ]);
    assert.match(problemsOf({ label: '***' })[0], /^label: The label "\*\*\*" has no letter or digit/);
    assert.match(problemsOf({ label: ' ' })[0], /^label: Enter the provider's label/);
    assert.match(problemsOf({ label: 'Two\nlines' })[0], /^label: The label has a line break/);
  });

  it('refuses a package that is not a Kotlin package, naming the part at fault', () => {
    assert.deepEqual(problemsOf({ packageName: 'com.example.in' }), [
      'packageName: The package "com.example.in": "in" is a Kotlin keyword; each part is a name of ASCII letters, digits and \'_\'.',
    ]);
    assert.match(problemsOf({ packageName: 'com.my-company' })[0], /"my-company" has "-"/);
    assert.match(problemsOf({ packageName: 'com..example' })[0], /has an empty part/);
    assert.match(problemsOf({ packageName: 'com.2fa' })[0], /"2fa" starts with a digit/);
    assert.match(problemsOf({ packageName: 'com.exämple' })[0], /"exämple" has "ä"/);
  });

  it('refuses a service interface that is not a Kotlin name, or that has the class\'s name', () => {
    assert.match(problemsOf({ serviceInterface: 'services.pay ment.IPayment' })[0], /^serviceInterface: .*"pay ment" has a space/);
    assert.match(problemsOf({ serviceInterface: 'services.StripePaymentsProvider' })[0], /has the provider class's own name/);
  });

  it('refuses a project name that cannot be a folder and an implementation part, and an unknown deploy mode', () => {
    assert.match(problemsOf({ project: 'my project' })[0], /^project: The project name "my project" is a folder name/);
    assert.match(problemsOf({ project: '../up' })[0], /^project: /);
    assert.deepEqual(problemsOf({ deployMode: 'cloud' }), ['deployMode: The deploy mode is "private" or "hosted", not "cloud".']);
  });

  it('refuses answers that make a file or folder name longer than file systems take', () => {
    const long = 'a'.repeat(250);
    assert.match(problemsOf({ label: long })[0], /^label: It makes the name "Aaaa.*\(261 characters\), over the 255 .*: shorten the label\.$/);
    assert.match(problemsOf({ packageName: `com.${'a'.repeat(256)}` })[0], /^packageName: It makes the name .*\(256 characters\)/);
    assert.match(problemsOf({ project: long })[0], /^project: It makes the name .*\(264 characters\)/);
    // "A…aProvider.kt": 245 letters make 256 characters, 244 make 255.
    assert.match(problemsOf({ label: 'a'.repeat(245) })[0], /\(256 characters\)/);
    assert.ok(!('problems' in newProviderProject({ ...ANSWERS, label: 'a'.repeat(244) })));
  });

  it('judges only the answers given so far', () => {
    assert.deepEqual(providerAnswerProblems({}), []);
    assert.deepEqual(providerAnswerProblems({ packageName: 'com.example' }), []);
    assert.deepEqual(providerAnswerProblems({ project: '' }).map((p) => p.question), ['project']);
  });
});

describe('New Universal Message and the config file', () => {
  it('takes a message name of letters, digits, - and _, and refuses a dot', () => {
    assert.equal(messageNameProblem('order-status_2'), undefined);
    assert.match(messageNameProblem('promo.whatsapp') ?? '', /channel-specific/);
    assert.match(messageNameProblem('') ?? '', /Enter the message's name/);
    assert.equal(messageNameProblem('m'.repeat(250)), undefined);
    assert.match(messageNameProblem('m'.repeat(251)) ?? '', /\(256 characters\), over the 255/);
  });

  it('makes umsg.config.json with every channel at its default severity', () => {
    const config = newConfigFile();
    assert.equal(config.path, 'umsg.config.json');
    assert.deepEqual(JSON.parse(config.text), {
      channels: { messenger: 'warning', gbm: 'warning', whatsapp: 'warning', rcs: 'off' },
      rules: {},
    });
  });
});

describe('umsg check on what was made', () => {
  const dirs: string[] = [];
  after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

  async function check(files: NewFile[], exit = 0): Promise<{ file: string; rule: string }[]> {
    const dir = mkdtempSync(path.join(tmpdir(), 'umsg-new-files-'));
    dirs.push(dir);
    for (const f of files) {
      mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      writeFileSync(path.join(dir, f.path), f.text);
    }
    let stdout = '';
    const code = await runCli(['check', '.', '--format', 'json'], { cwd: dir, stdout: (t) => { stdout += t; }, stderr: () => {} });
    assert.ok(code === exit, `exit ${code}: ${stdout}`);
    const results = JSON.parse(stdout) as { filePath: string; messages: { ruleId: string }[] }[];
    assert.ok(results.length > 0);
    return results.flatMap((r) => r.messages.map((m) => ({ file: path.relative(dir, r.filePath), rule: m.ruleId })));
  }

  it('finds nothing in a hosted provider\'s project, a new message and the new config', async () => {
    const p = made();
    assert.deepEqual(await check([...p.files, p.settings!, { path: 'welcome.umsg', text: newMessageText() }, newConfigFile()]), []);
  });

  it('checks the hosted provider against its Gradle project: a build file at another version is found', async () => {
    const p = made();
    const files = p.files.map((f) => (f.path.endsWith('build.gradle') ? { ...f, text: f.text.replace(/^version .*$/m, "version '9.9.9'") } : f));
    assert.notDeepEqual(files, p.files, 'the build file sets a version');
    assert.deepEqual(await check([...files, p.settings!], 1), [{ file: 'stripe/stripe.provider.json', rule: 'provider-build' }]);
  });

  it('says only what private deploy implies in a private provider\'s descriptor', async () => {
    const p = made({ deployMode: 'private', label: 'Ünïcode «CRM» */', packageName: 'org.acme_crm.v2' });
    assert.deepEqual(await check([...p.files, p.settings!]), [{ file: 'stripe/stripe.provider.json', rule: 'provider-private-deploy' }]);
  });

  it('finds nothing in a message with every channel on, RCS included', async () => {
    const channels = '"messenger": "error", "gbm": "error", "whatsapp": "error", "rcs": "error"';
    const config = { path: 'umsg.config.json', text: `{ "channels": { ${channels} } }` };
    assert.deepEqual(await check([{ path: 'welcome.umsg', text: newMessageText() }, config]), []);
  });

  it('makes a CI workflow that runs umsg check', () => {
    const ci = newCiWorkflow();
    assert.equal(ci.path, '.github/workflows/umsg.yml');
    assert.match(ci.text, /^on: \[push, pull_request\]$/m);
  });
});

describe('universalMessage/newFiles', () => {
  it('answers the problems of partial answers, then the files of full ones, over the protocol', async () => {
    const h = await startHarness({ pull: true });
    try {
      const ask = async (params: object) => (await h.client.sendRequest(NEW_FILES_REQUEST, params)) as NewFilesResult;
      const partial = await ask({ kind: 'provider', answers: { packageName: 'com.in' } });
      assert.deepEqual(partial.problems.map((p) => p.question), ['packageName']);
      assert.deepEqual(partial.files, []);
      assert.deepEqual(partial.deployModes?.map((m) => m.value), ['private', 'hosted']);
      const full = await ask({ kind: 'provider', answers: ANSWERS, settings: { path: 'settings.gradle', text: "include 'stripe'\n" } });
      assert.deepEqual(full.problems, []);
      assert.equal(full.files.length, 3);
      assert.equal(full.settings, undefined);
      await assert.rejects(ask({ kind: 'provider', answers: { label: 7 } }), /malformed params/);
      await assert.rejects(ask({ kind: 'nothing' }), /malformed params/);
    } finally {
      h.dispose();
    }
  });

  it('names a message file, and refuses a bad name as a problem of the question "name"', () => {
    assert.deepEqual(newFiles({ kind: 'message', name: 'welcome' }).files.map((f) => f.path), ['welcome.umsg']);
    assert.deepEqual(newFiles({ kind: 'message', name: 'a.b' }).problems.map((p) => p.question), ['name']);
  });
});
