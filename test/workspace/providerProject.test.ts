/**
 * Reading a provider's Gradle project (workspace/providerProject.ts) from the multi-project
 * fixture in test/fixtures/provider-project, shaped like the platform's own providers: a root
 * settings.gradle including Groovy and Kotlin-script subprojects, a root build that sets the
 * subprojects' version, Kotlin and Java provider classes with companion builders and constants.
 */
import assert from 'node:assert/strict';
import { readFileSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ProviderProjects, type ProjectFiles } from '../../server/src/workspace/providerProject';
import { SourceParsers, type Grammar } from '../../server/src/workspace/sourceParser';
import { listFolder, loadWasmFile } from '../../server/src/node/providerProjects';
import { readRegularFile } from '../../server/src/node/files';
import type { ProviderProjectFacts, SourceClass } from '../../server/src/core';
import { tempTree } from '../support/tempTree';

const ROOT = path.join(__dirname, '..', 'fixtures', 'provider-project');
const DESCRIPTOR = path.join(ROOT, 'providers', 'any.provider.json');
const descriptor = (implementation: string) => JSON.stringify({ implementation });

const diskFiles: ProjectFiles = { readText: (p) => readRegularFile(p, 10_000_000), list: listFolder };

/** Parsers that count their parses, by grammar. */
function countingParsers() {
  const parsers = new SourceParsers(loadWasmFile);
  const counts: Record<string, number> = {};
  const parse = parsers.parse.bind(parsers);
  parsers.parse = (grammar: Grammar, text: string) => {
    counts[grammar] = (counts[grammar] ?? 0) + 1;
    return parse(grammar, text);
  };
  return { parsers, counts };
}

function found(facts: ProviderProjectFacts) {
  assert.ok(facts.found, JSON.stringify(facts));
  return facts;
}

const textAt = (cls: SourceClass) => readFileSync(cls.at.file, 'utf8').slice(cls.at.offset, cls.at.offset + cls.at.length);

describe('provider projects', () => {
  const { parsers, counts } = countingParsers();
  const projects = new ProviderProjects(diskFiles, parsers);

  it('reads the projects a settings.gradle includes, in its usual forms', async () => {
    const facts = found(await projects.factsFor(DESCRIPTOR, descriptor('io.acme:nowhere:1.0')));
    assert.equal(facts.settingsFile, path.join(ROOT, 'settings.gradle'));
    // include 'payments'; include('channels', ':tools:notifier'): a nested path is named by its last part.
    assert.deepEqual(facts.projects, ['payments', 'channels', 'notifier']);
    assert.equal(facts.project, undefined);
  });

  it('takes the group from the subproject and the version from the root build\'s subprojects block', async () => {
    const { project } = found(await projects.factsFor(DESCRIPTOR, descriptor('io.acme.payments:payments:1.2.0')));
    assert.ok(project);
    assert.equal(project.buildFile, path.join(ROOT, 'payments', 'build.gradle'));
    assert.equal(project.group?.value, 'io.acme.payments');
    assert.equal(project.group?.from, 'project');
    assert.equal(project.group?.at.line, 9); // group 'io.acme.payments', line 10
    assert.equal(project.version?.value, '1.2.0');
    assert.equal(project.version?.from, 'subprojects');
    assert.equal(project.version?.at.file, path.join(ROOT, 'build.gradle'));
  });

  it('reads group and version from a build.gradle.kts', async () => {
    const { project } = found(await projects.factsFor(DESCRIPTOR, descriptor('io.acme.channels:channels:2.1.0')));
    assert.equal(project?.group?.value, 'io.acme.channels');
    assert.equal(project?.version?.value, '2.1.0');
    assert.equal(project?.version?.from, 'project');
  });

  it('finds each class by package and name, with its supertypes resolved through the imports', async () => {
    const { project } = found(await projects.factsFor(DESCRIPTOR, descriptor('io.acme.payments:payments:1.2.0')));
    const names = project!.classes.map((c) => c.qualifiedName).sort();
    assert.deepEqual(names, ['io.acme.other.CardPaymentProvider', 'io.acme.payments.CardPaymentProvider', 'io.acme.payments.CardWebhook']);
    const provider = project!.classes.find((c) => c.qualifiedName === 'io.acme.payments.CardPaymentProvider')!;
    assert.equal(textAt(provider), 'CardPaymentProvider');
    assert.deepEqual(provider.supertypes, [
      { written: 'IPayment', candidates: ['io.acme.payments.api.IPayment'] },
      { written: 'IProvider', candidates: ['io.acme.payments.IProvider', 'io.opencui.core.IProvider'] },
    ]);
    assert.match(provider.declaration, /^data class CardPaymentProvider\(/);
    assert.ok(!provider.declaration.includes('{'), 'the declaration stops before the body');
  });

  it('counts the keys the provider class reads, and no key in a comment, a log line or another class', async () => {
    const { project } = found(await projects.factsFor(DESCRIPTOR, descriptor('io.acme.payments:payments:1.2.0')));
    const provider = project!.classes.find((c) => c.qualifiedName === 'io.acme.payments.CardPaymentProvider')!;
    // settings[BASE_URL], settings[LANG], ${settings["merchant_id"]} in a template, config.get(API_KEY) in the builder.
    assert.deepEqual(provider.keyReads.map((r) => r.key), ['base_url', 'lang', 'merchant_id', 'api_secret']);
    const first = provider.keyReads[0].at;
    assert.equal(readFileSync(first.file, 'utf8').slice(first.offset, first.offset + first.length), 'settings[BASE_URL]');
    const webhook = project!.classes.find((c) => c.name === 'CardWebhook')!;
    assert.deepEqual(webhook.keyReads.map((r) => r.key), ['webhook_secret']);
  });

  it('reads a Java provider class: implements, get with a constant or a literal, this.field', async () => {
    const { project } = found(await projects.factsFor(DESCRIPTOR, descriptor('io.acme.channels:channels:2.1.0')));
    const [sms] = project!.classes;
    assert.equal(sms.qualifiedName, 'io.acme.channels.SmsChannel');
    assert.equal(sms.language, 'java');
    assert.deepEqual(sms.supertypes.map((s) => s.written), ['IMessageChannel', 'IProvider']);
    assert.ok(sms.supertypes[0].candidates.includes('io.opencui.channel.IMessageChannel'));
    assert.deepEqual(sms.keyReads.map((r) => r.key), ['account_sid', 'from_number']);
  });

  it('parses each file once while its text is unchanged', async () => {
    await projects.factsFor(DESCRIPTOR, descriptor('io.acme.payments:payments:1.2.0'));
    const before = { ...counts };
    await projects.factsFor(DESCRIPTOR, descriptor('io.acme.payments:payments:1.2.0'));
    await projects.factsFor(DESCRIPTOR, descriptor('io.acme.channels:channels:2.1.0'));
    assert.deepEqual(counts, before);
  });

  it('finds no project above a descriptor outside any Gradle build, and says why', async () => {
    const outside = path.join(__dirname, '..', 'fixtures', 'rules', 'provider-project', 'valid-no-build.provider.json');
    const facts = await projects.factsFor(outside, descriptor('io.acme:stripe:9.9.9'), path.join(__dirname, '..', '..'));
    assert.equal(facts.found, false);
    assert.match(!facts.found ? facts.reason : '', /no Gradle build \(settings\.gradle or settings\.gradle\.kts\) at or above this file/);
  });

  it('reads sources a file at a time: a grammar that cannot load is a reason, never a throw', async () => {
    const broken = new ProviderProjects(diskFiles, new SourceParsers(async (name) => ({ missing: `${name} is not here` })));
    const facts = await broken.factsFor(DESCRIPTOR, descriptor('io.acme.payments:payments:1.2.0'));
    assert.equal(facts.found, false);
    assert.match(!facts.found ? facts.reason : '', /web-tree-sitter\.wasm is not here/);
  });

  it('reads a hostile source without failing: classes nested 2,000 deep, an index 10,000 parentheses deep', async () => {
    const depth = 2000;
    const source = 'package a\n' + 'class C(val config: Configuration) {\n'.repeat(depth) + '}\n'.repeat(depth) +
      `class D(val config: Configuration) {\n  val x = config[${'('.repeat(10_000)}"k"${')'.repeat(10_000)}]\n  val y = config["z"]\n}\n`;
    const files = new Map<string, string>([
      ['/h/settings.gradle', "include 'p'\n"],
      ['/h/p/src/main/kotlin/Deep.kt', source],
    ]);
    const memory: ProjectFiles = {
      readText: async (p) => files.get(p),
      list: async (dir) => {
        const listing: Record<string, { name: string; folder: boolean }[]> = {
          '/h': [{ name: 'settings.gradle', folder: false }, { name: 'p', folder: true }],
          '/h/p/src/main/kotlin': [{ name: 'Deep.kt', folder: false }],
        };
        return listing[dir];
      },
    };
    const facts = found(await new ProviderProjects(memory, parsers).factsFor('/h/x.provider.json', descriptor('g:p:1'), '/h'));
    const classes = facts.project!.classes;
    // Nested classes are read 32 levels deep, not 2,000 (each name repeats the outer ones).
    assert.equal(classes.filter((c) => c.name === 'C').length, 33);
    const d = classes.find((c) => c.qualifiedName === 'a.D');
    // The parenthesised key is an expression, not a literal: only "z" is a read.
    assert.deepEqual(d?.keyReads.map((r) => r.key), ['z']);
  });

  it('reads no source, build or settings file that is a symbolic link', async () => {
    const outside = tempTree({ 'Secret.kt': 'package leak\nclass Secret(val config: Configuration) { val k = config["token"] }\n' });
    const dir = tempTree({
      'settings.gradle': "include 'p'\n",
      'p/src/main/kotlin/Own.kt': 'package own\nclass Own\n',
    });
    symlinkSync(path.join(outside, 'Secret.kt'), path.join(dir, 'p/src/main/kotlin/Linked.kt'));
    symlinkSync(outside, path.join(dir, 'p/src/main/kotlin/linkedFolder'));
    symlinkSync(path.join(dir, 'settings.gradle'), path.join(dir, 'p/build.gradle'));
    const projects = new ProviderProjects(diskFiles, parsers);
    const facts = found(await projects.factsFor(path.join(dir, 'x.provider.json'), descriptor('g:p:1'), dir));
    assert.deepEqual(facts.project?.classes.map((c) => c.qualifiedName), ['own.Own']);
    assert.equal(facts.project?.buildFile, undefined);
  });

  it('reads include, group and version written with parentheses and with project.', async () => {
    const files = new Map<string, string>([
      ['/w/settings.gradle.kts', 'rootProject.name = "w"\ninclude(":a", "b")\ninclude(":c:d")\ninclude("x${y}")\n'],
      ['/w/c/d/build.gradle.kts', 'project.group = "g.d"\nversion = rootProject.version\n'],
      ['/w/build.gradle.kts', 'allprojects { version = "9" }\n'],
    ]);
    const memory: ProjectFiles = {
      readText: async (p) => files.get(p),
      list: async (dir) => {
        const names = new Set<string>();
        const folders = new Set<string>();
        for (const p of files.keys()) {
          if (!p.startsWith(`${dir}/`)) continue;
          const rest = p.slice(dir.length + 1);
          const cut = rest.indexOf('/');
          if (cut < 0) names.add(rest); else folders.add(rest.slice(0, cut));
        }
        return names.size + folders.size === 0 ? undefined
          : [...[...names].map((name) => ({ name, folder: false })), ...[...folders].map((name) => ({ name, folder: true }))];
      },
    };
    const facts = found(await new ProviderProjects(memory, parsers).factsFor('/w/p/x.provider.json', descriptor('g.d:d:9'), '/w'));
    // The interpolated include is not a plain name: left out.
    assert.deepEqual(facts.projects, ['a', 'b', 'd']);
    assert.equal(facts.project?.dir, '/w/c/d');
    assert.equal(facts.project?.group?.value, 'g.d');
    // An expression is kept as written and not compared; it wins over the root's allprojects.
    assert.equal(facts.project?.version?.value, undefined);
    assert.equal(facts.project?.version?.written, 'rootProject.version');
  });
});
