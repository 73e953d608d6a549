/**
 * A provider descriptor against its Gradle project (test/fixtures/provider-project): each
 * mismatch flagged on its token, each quick fix applied and the result checked clean, clean
 * descriptors clean, a descriptor with no project found untouched by the project rules, and
 * hover, links and go to definition on the class.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { createLanguageService, type Diagnostic, type DocumentContext, type ProviderProjectFacts } from '../../server/src/core';
import { DEFAULT_CONFIG } from '../../server/src/core/findings/config';
import { applyEdits } from '../../server/src/core/features/formatting';
import { nodeProviderProjects } from '../../server/src/node/providerProjects';

const ROOT = path.join(__dirname, '..', 'fixtures', 'provider-project');
const PROVIDERS = path.join(ROOT, 'providers');
const PROJECT_RULES = new Set([
  'provider-project',
  'provider-build',
  'provider-class-source',
  'provider-implements',
  'provider-config-undeclared',
  'provider-config-unused',
]);
const service = createLanguageService({ inOneGo: true });
const projects = nodeProviderProjects();

async function contextFor(file: string, text: string): Promise<DocumentContext> {
  return { config: DEFAULT_CONFIG, providerProject: await projects.factsFor(file, text) };
}

async function check(file: string, text: string) {
  const context = await contextFor(file, text);
  const handle = service.open(text, 'native-provider');
  const { diagnostics } = await service.check(handle, context);
  return { diagnostics, context, handle };
}

const projectFindings = (diagnostics: readonly Diagnostic[]) => diagnostics.filter((d) => PROJECT_RULES.has(d.rule));
const shown = (text: string, d: Diagnostic) => `${d.rule} ${JSON.stringify(text.slice(d.offset, d.offset + d.length))}`;

/** Applies the preferred fix of every finding of `rule`, at once, as fix all does. */
function applyPreferred(text: string, diagnostics: readonly Diagnostic[], rule: string): string {
  const handle = service.open(text, 'native-provider');
  const edits = diagnostics.filter((d) => d.rule === rule).flatMap((d) => {
    const fix = d.fixes?.find((f) => f.preferred);
    assert.ok(fix, `${rule} offers a preferred fix: ${d.message}`);
    return service.fixEdits(handle, fix);
  });
  return applyEdits(text, edits);
}

describe('provider descriptors against their Gradle project', () => {
  it('finds nothing in descriptors that match their project', async () => {
    for (const name of ['card-payments.provider.json', 'sms.provider.json']) {
      const file = path.join(PROVIDERS, name);
      const text = readFileSync(file, 'utf8');
      const { diagnostics } = await check(file, text);
      assert.deepEqual(projectFindings(diagnostics).map((d) => shown(text, d)), [], name);
    }
  });

  it('flags each drift on its token', async () => {
    const file = path.join(PROVIDERS, 'card-payments-drifted.provider.json');
    const text = readFileSync(file, 'utf8');
    const { diagnostics } = await check(file, text);
    assert.deepEqual(projectFindings(diagnostics).map((d) => shown(text, d)), [
      'provider-implements "\\"io.acme.payments.api.IRefund\\""',
      'provider-config-undeclared "\\"configurationMeta\\""',
      'provider-config-undeclared "\\"Lang\\""',
      'provider-config-unused "\\"webhook_secret\\""',
      'provider-config-unused "\\"publishable_key\\""',
      'provider-build "io.acme.extensions"',
      'provider-build "1.0"',
    ]);
  });

  it('applies the group and version fixes together, and the descriptor checks clean of them', async () => {
    const file = path.join(PROVIDERS, 'card-payments-drifted.provider.json');
    const text = readFileSync(file, 'utf8');
    const fixed = applyPreferred(text, (await check(file, text)).diagnostics, 'provider-build');
    assert.match(fixed, /"implementation": "io\.acme\.payments:payments:1\.2\.0"/);
    const again = await check(file, fixed);
    assert.deepEqual(again.diagnostics.filter((d) => d.rule === 'provider-build'), []);
  });

  it('renames a key that differs only by case, and it is then read and declared', async () => {
    const file = path.join(PROVIDERS, 'card-payments-drifted.provider.json');
    const text = readFileSync(file, 'utf8');
    const { diagnostics } = await check(file, text);
    const caseOnly = diagnostics.filter((d) => d.rule === 'provider-config-undeclared' && d.message.includes('only by case'));
    assert.equal(caseOnly.length, 1);
    const fixed = applyPreferred(text, caseOnly, 'provider-config-undeclared');
    assert.match(fixed, /\{ "key": "lang", "label": "Language"/);
    const again = await check(file, fixed);
    assert.deepEqual(again.diagnostics.filter((d) => d.message.includes('"lang"') || d.message.includes('"Lang"')), []);
  });

  it('removes unused entries one at a time (not a safe fix), and the meta stays valid', async () => {
    const file = path.join(PROVIDERS, 'card-payments-drifted.provider.json');
    let text = readFileSync(file, 'utf8');
    for (const key of ['webhook_secret', 'publishable_key']) {
      const { diagnostics, handle } = await check(file, text);
      const unused = diagnostics.find((d) => d.rule === 'provider-config-unused' && d.message.includes(`"${key}"`));
      assert.ok(unused, key);
      assert.equal(unused.fixes?.[0].preferred, undefined);
      text = applyEdits(text, service.fixEdits(handle, unused.fixes![0]));
    }
    const again = await check(file, text);
    assert.deepEqual(again.diagnostics.filter((d) => d.rule === 'provider-config-unused' || d.rule === 'syntax'), []);
    assert.doesNotMatch(text, /webhook_secret|publishable_key/);
  });

  it('changes a class name to the one class of that name in the sources', async () => {
    const file = path.join(PROVIDERS, 'missing-class.provider.json');
    const text = readFileSync(file, 'utf8').replace('io.acme.billing.CardPaymentProvider', 'io.acme.billing.CardWebhook');
    const { diagnostics } = await check(file, text);
    const fixed = applyPreferred(text, diagnostics, 'provider-class-source');
    assert.match(fixed, /"providerClassName": "io\.acme\.payments\.CardWebhook"/);
    assert.deepEqual((await check(file, fixed)).diagnostics.filter((d) => d.rule === 'provider-class-source'), []);
  });

  it('runs none of the project rules where no project is found, and hover on implementation says why', async () => {
    const file = path.join(__dirname, '..', 'fixtures', 'rules', 'provider-project', 'valid-no-build.provider.json');
    const text = readFileSync(file, 'utf8');
    const context: DocumentContext = {
      config: DEFAULT_CONFIG,
      providerProject: await projects.factsFor(file, text, path.join(__dirname, '..', '..')),
    };
    const handle = service.open(text, 'native-provider');
    assert.deepEqual(projectFindings((await service.check(handle, context)).diagnostics), []);
    const hover = service.hover(handle, text.indexOf('io.acme:stripe'), context);
    assert.match(hover?.contents ?? '', /\*\*Not checked against a project\*\*: no Gradle build/);
  });

  it('hovers, links and goes to the provider class', async () => {
    const file = path.join(PROVIDERS, 'card-payments.provider.json');
    const text = readFileSync(file, 'utf8');
    const { context, handle } = await check(file, text);
    const at = text.indexOf('io.acme.payments.CardPaymentProvider');
    const place = service.definition(handle, at, context);
    assert.ok(place);
    const source = readFileSync(place.file, 'utf8');
    assert.equal(place.file, path.join(ROOT, 'payments', 'src', 'main', 'kotlin', 'io', 'acme', 'payments', 'CardPayments.kt'));
    assert.equal(source.slice(place.offset, place.offset + place.length), 'CardPaymentProvider');
    assert.equal(source.split('\n')[place.line].slice(place.character, place.character + place.length), 'CardPaymentProvider');
    assert.equal(service.definition(handle, text.indexOf('"label"'), context), undefined);
    const links = service.links(handle, context);
    const linked = links.map((l) => [text.slice(l.offset, l.offset + l.length), l.at?.line]);
    assert.deepEqual(linked, [['"io.acme.payments.CardPaymentProvider"', 7]]);
    const hover = service.hover(handle, at, context);
    assert.match(hover?.contents ?? '', /```kotlin\ndata class CardPaymentProvider\(/);
    const implementation = service.hover(handle, text.indexOf('io.acme.payments:payments'), context);
    assert.match(implementation?.contents ?? '', /\*\*Gradle project\*\* `payments` in `settings\.gradle`: group `io\.acme\.payments`/);
  });

  it('reports a project it could read only in part, and goes on', async () => {
    const facts: ProviderProjectFacts = {
      found: true,
      settingsFile: path.join(ROOT, 'settings.gradle'),
      projects: ['payments'],
      project: {
        name: 'payments',
        dir: path.join(ROOT, 'payments'),
        buildFile: undefined,
        group: undefined,
        version: undefined,
        classes: [],
      },
      problems: ['payments/src/main/kotlin/Broken.kt was not read: the kotlin parser failed'],
    };
    const text = readFileSync(path.join(PROVIDERS, 'card-payments.provider.json'), 'utf8');
    const { diagnostics } = await service.check(service.open(text, 'native-provider'), { config: DEFAULT_CONFIG, providerProject: facts });
    const messages = projectFindings(diagnostics).map((d) => `${d.rule} ${d.severity}: ${d.message}`);
    assert.ok(messages.some((m) => m.startsWith('provider-project information: The Gradle project was read in part')), messages.join('\n'));
    assert.ok(messages.some((m) => m.startsWith('provider-build warning: payments (no build file) sets no group')), messages.join('\n'));
  });
});
