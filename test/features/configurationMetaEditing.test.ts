/**
 * Configuration Meta and native provider files in the core: the model, completion and hover
 * on small inline documents (`|` marks the cursor; the text has no other `|`), and quick
 * fixes applied to the text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/core/check/run';
import { type Diagnostic } from '../../server/src/core/check/severities';
import { fixToEdits } from '../../server/src/core/features/fixes';
import { applyEdits } from '../../server/src/core/features/formatting';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { featuresFor } from '../../server/src/core/features/languageFeatures';
import { DEFAULT_CONFIG } from '../../server/src/core/findings/config';
import { configMetaOf, keyFromLabel, labelFromKey } from '../../server/src/core/model/configMeta';
import { completeMeta } from '../../server/src/core/features/metaCompletion';
import { hoverMeta } from '../../server/src/core/features/metaHover';
import { classNameProblem, implementationProblem, providerOf } from '../../server/src/core/model/provider';
import type { LanguageId } from '../../server/src/core/syntax/languages';
import { expandSnippet } from '../support/snippets';

const META: LanguageId = 'configuration-meta';
const PROVIDER: LanguageId = 'native-provider';

function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0, 'the document has a | cursor');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

const complete = (marked: string, language: LanguageId = META) => {
  const { text, offset } = cursor(marked);
  return completeMeta(parseJsonDocument(text), offset, language);
};
const labels = (marked: string, language: LanguageId = META) => complete(marked, language).map((e) => e.label);

const hover = (marked: string, language: LanguageId = META) => {
  const { text, offset } = cursor(marked);
  const h = hoverMeta(parseJsonDocument(text), offset, language);
  return h && { contents: h.contents, on: text.slice(h.offset, h.offset + h.length) };
};

/** A provider descriptor around a Configuration Meta array written as `entries`. */
function provider(entries: string, deployMode = 'hosted'): string {
  return `{
  "label": "Stripe payments",
  "providerType": "Native Provider",
  "deployMode": "${deployMode}",
  "implements": ["payments.IPayment"],
  "providerClassName": "com.example.payments.StripePaymentProvider",
  "configurationMeta": ${entries},
  "implementation": "com.example.providers:stripe:1.0.0"
}`;
}

const findings = (text: string, language: LanguageId) => checkDocument(text, language).diagnostics;
const brief = (ds: Diagnostic[]) => ds.map((d) => `${d.severity} ${d.rule}: ${d.message}`);

/** Applies the fix titled `title` of the first finding of `rule`, and returns the new text. */
function applyFix(text: string, language: LanguageId, rule: string, title: string): string {
  const doc = parseJsonDocument(text);
  const d = checkDocument(text, language).diagnostics.find((x) => x.rule === rule);
  assert.ok(d, `a ${rule} finding in:\n${text}`);
  const fix = d.fixes?.find((f) => f.title === title);
  assert.ok(fix, `fix "${title}" among ${JSON.stringify(d.fixes?.map((f) => f.title))}`);
  return applyEdits(text, fixToEdits(doc, fix));
}

describe('Configuration Meta model', () => {
  it('reads the entries of a file root and of a provider alike, memoised per parse', () => {
    const entries = '[ { "key": "apiKey", "label": "API key", "type": "String" }, 3, ' +
      '{ "key": "currency", "label": "Currency", "options": [ { "value": "EUR", "label": "Euro" }, "USD" ] } ]';
    const fileDoc = parseJsonDocument(entries);
    const fromFile = configMetaOf(fileDoc, META);
    assert.ok(fromFile);
    assert.equal(configMetaOf(fileDoc, META), fromFile, 'memoised');
    assert.equal(fromFile.elements.length, 3);
    assert.deepEqual(fromFile.entries.map((e) => [e.index, e.props.get('key')?.valueNode?.value]), [[0, 'apiKey'], [2, 'currency']]);
    assert.deepEqual(fromFile.entries[1].options.map((o) => o.props.get('value')?.valueNode?.value), ['EUR']);
    const providerDoc = parseJsonDocument(provider(entries));
    const fromProvider = configMetaOf(providerDoc, PROVIDER);
    assert.deepEqual(fromProvider?.entries.map((e) => e.props.get('key')?.valueNode?.value), ['apiKey', 'currency']);
    assert.equal(providerOf(providerDoc)?.props.get('label')?.valueNode?.value, 'Stripe payments');
    assert.equal(configMetaOf(parseJsonDocument('{ "key": "a" }'), META), undefined, 'an object root holds no Configuration Meta');
    assert.equal(configMetaOf(providerDoc, 'universal-message'), undefined);
  });

  it('one implementation, two entry points: an entry gets the same findings in a file and in a provider', () => {
    const entries = '[\n    { "key": "api key", "type": "string", "default_value": true }\n  ]';
    const inFile = brief(findings(entries, META));
    const inProvider = brief(findings(provider(entries), PROVIDER));
    assert.equal(inFile.length, 4);
    assert.deepEqual(inProvider, inFile);
  });

  it('derives labels from keys and keys from labels', () => {
    assert.equal(labelFromKey('apiKey'), 'API key');
    assert.equal(labelFromKey('sandbox_mode'), 'Sandbox mode');
    assert.equal(labelFromKey('webhookURL'), 'Webhook URL');
    assert.equal(keyFromLabel('API key'), 'apiKey');
    assert.equal(keyFromLabel('webhook-secret'), 'webhookSecret');
    assert.equal(keyFromLabel('2FA code'), '_2faCode');
    assert.equal(keyFromLabel('---'), undefined);
  });

  it('names the missing part of an Implementation string', () => {
    assert.match(implementationProblem('io.opencui.extensions:stripe')!.message, /lacks its version/);
    assert.match(implementationProblem('io.opencui.extensions')!.message, /lacks its project and version/);
    assert.match(implementationProblem(':stripe:1.0')!.message, /lacks its group:/);
    assert.match(implementationProblem('a::1.0')!.message, /lacks its project:/);
    assert.equal(implementationProblem('io.opencui.extensions:stripe:1.0.0'), undefined);
    assert.deepEqual(implementationProblem('a.b : c : 1'), {
      message: 'implementation "a.b : c : 1" has white space: write <group>:<project>:<version> without spaces.',
      fixed: 'a.b:c:1',
    });
  });

  it('accepts fully qualified class names only', () => {
    assert.equal(classNameProblem('com.example.payments.StripePaymentProvider'), undefined);
    assert.equal(classNameProblem('com.example.Outer$Inner'), undefined);
    assert.match(classNameProblem('StripePaymentProvider')!.message, /has no package/);
    assert.equal(classNameProblem('com/example/Stripe.kt')!.fixed, 'com.example.Stripe');
    assert.match(classNameProblem('com..Stripe')!.message, /empty part/);
    assert.match(classNameProblem('com.1x.Stripe')!.message, /starts with a digit/);
  });
});

describe('completion in Configuration Meta and provider files', () => {
  it('offers the entry fields not yet present, and no type beside options', () => {
    assert.deepEqual(labels('[ { "key": "apiKey", | } ]'), ['label', 'type', 'placeholder', 'default_value', 'options']);
    assert.deepEqual(labels('[ { "key": "c", "options": [], | } ]'), ['label', 'placeholder', 'default_value']);
    assert.deepEqual(labels('[ { "key": "c", "options": [ { "value": "EUR", | } ] } ]'), ['label']);
  });

  it('offers the provider fields, and the entry fields inside its configurationMeta', () => {
    assert.deepEqual(
      labels('{ "label": "Stripe", | }', PROVIDER),
      ['providerType', 'deployMode', 'implements', 'providerClassName', 'configurationMeta', 'implementation'],
    );
    assert.deepEqual(
      labels('{ "configurationMeta": [ { | } ] }', PROVIDER),
      ['key', 'label', 'type', 'placeholder', 'default_value', 'options'],
    );
  });

  it('offers the enum values: type, deployMode, providerType', () => {
    assert.deepEqual(labels('[ { "key": "a", "type": | } ]'), ['String', 'Text', 'Boolean']);
    assert.deepEqual(labels('[ { "key": "a", "type": "Bo|" } ]'), ['String', 'Text', 'Boolean']);
    assert.deepEqual(labels('{ "deployMode": "|" }', PROVIDER), ['private', 'hosted']);
    assert.deepEqual(labels('{ "providerType": | }', PROVIDER), ['Native Provider']);
    const [native] = complete('{ "providerType": | }', PROVIDER);
    assert.equal(native.insertText, '"Native Provider"');
  });

  it('explains each type value by how it renders on the Integrations form', () => {
    const docs = Object.fromEntries(complete('[ { "type": | } ]').map((e) => [e.label, e.documentation]));
    assert.match(docs.String, /single-line text input/);
    assert.match(docs.Text, /text area/);
    assert.match(docs.Boolean, /boolean component/);
  });

  it('offers "true"/"false" for a Boolean default and the option values for a selection default', () => {
    assert.deepEqual(labels('[ { "type": "Boolean", "default_value": "|" } ]'), ['true', 'false']);
    assert.deepEqual(labels('[ { "options": [ { "value": "EUR" }, { "value": "USD" } ], "default_value": | } ]'), ['EUR', 'USD']);
    assert.deepEqual(labels('[ { "type": "String", "default_value": "|" } ]'), []);
  });

  it('replaces the partly typed value', () => {
    const { text, offset } = cursor('[ { "type": "Te|" } ]');
    const text2 = completeMeta(parseJsonDocument(text), offset, META).find((e) => e.label === 'Text')!;
    assert.deepEqual(text2.replace, { offset: text.indexOf('"Te"'), length: 4 });
    assert.equal(text2.insertText, '"Text"');
  });

  it('offers whole entry skeletons (String, Text, Boolean, options) at an element position, each a valid entry', () => {
    assert.deepEqual(labels('[ | ]'), ['String entry', 'Text entry', 'Boolean entry', 'options entry']);
    assert.deepEqual(labels('{ "configurationMeta": [ | ] }', PROVIDER), ['String entry', 'Text entry', 'Boolean entry', 'options entry']);
    for (const entry of complete('[ | ]')) {
      assert.equal(entry.kind, 'snippet');
      const text = `[\n  ${expandSnippet(entry.insertText)}\n]`;
      assert.deepEqual(brief(findings(text, META)), [], `${entry.label} inserted as it is:\n${text}`);
    }
    assert.match(complete('[ | ]').find((e) => e.label === 'options entry')!.documentation, /selection/);
  });

  it('adds the comma a new entry needs after the previous one, or before the next one', () => {
    const { text, offset } = cursor('[\n  { "key": "a", "label": "A", "type": "String" }\n  |\n]');
    const [first] = completeMeta(parseJsonDocument(text), offset, META);
    assert.deepEqual(first.additionalEdits, [{ offset: text.indexOf('}') + 1, length: 0, newText: ',' }]);
    const after = applyEdits(text, [...first.additionalEdits!, { offset, length: 0, newText: expandSnippet(first.insertText) }]);
    assert.deepEqual(brief(findings(after, META)), [], after);
    const [before] = complete('[ | { "key": "a", "label": "A", "type": "String" } ]');
    assert.ok(before.insertText.endsWith(','), 'a comma before the next entry');
    assert.equal(before.additionalEdits, undefined);
  });

  it('offers an option skeleton inside options, and a whole descriptor in an empty provider file', () => {
    assert.deepEqual(labels('[ { "key": "c", "label": "C", "options": [ | ] } ]'), ['option']);
    const [descriptor] = complete('|', PROVIDER);
    assert.equal(descriptor.label, 'native provider');
    assert.deepEqual(brief(findings(expandSnippet(descriptor.insertText), PROVIDER)), []);
    assert.deepEqual(labels('|'), ['[ String entry ]', '[ Text entry ]', '[ Boolean entry ]', '[ options entry ]']);
  });

  it('adds the comma when a property is typed on the line after a value', () => {
    const { text, offset } = cursor('[\n  {\n    "key": "apiKey"\n    |\n  }\n]');
    const label = completeMeta(parseJsonDocument(text), offset, META).find((e) => e.label === 'label')!;
    assert.deepEqual(label.additionalEdits, [{ offset: text.indexOf('"apiKey"') + 8, length: 0, newText: ',' }]);
  });

  it('is reached through the language features table', () => {
    const { text, offset } = cursor('[ { "type": | } ]');
    const entries = featuresFor(META).complete!(parseJsonDocument(text), offset, { config: DEFAULT_CONFIG });
    assert.deepEqual(entries.map((e) => e.label), ['String', 'Text', 'Boolean']);
    assert.ok(featuresFor(PROVIDER).hover);
  });
});

describe('hover in Configuration Meta and provider files', () => {
  it('gives each entry field its meaning from the specification', () => {
    assert.match(hover('[ { "k|ey": "apiKey" } ]')!.contents, /\*\*key\*\* \(Configuration Meta entry, required\): .*passed to code generation/);
    assert.match(hover('[ { "lab|el": "API key" } ]')!.contents, /Integrations page/);
    assert.match(hover('[ { "default_va|lue": "x" } ]')!.contents, /for a `Boolean` entry `"true"` or `"false"`/);
    assert.match(hover('[ { "placeh|older": "x" } ]')!.contents, /Placeholder text/);
    assert.equal(hover('[ { "ty|pe": "String" } ]')!.on, '"type"');
  });

  it('shows how each entry renders on the Integrations form', () => {
    const type = hover('[ { "ty|pe": "String" } ]')!.contents;
    assert.match(type, /required when there is no options/);
    for (const line of [
      '`"type": "String"` | a single-line text input',
      '`"type": "Text"` | a text area',
      '`"type": "Boolean"` | a boolean component',
      '`options` | a selection',
    ]) {
      assert.ok(type.includes(line), `${line} in:\n${type}`);
    }
    assert.match(hover('[ { "type": "Str|ing" } ]')!.contents, /single-line text input/);
    assert.match(hover('[ { "type": "Te|xt" } ]')!.contents, /text area/);
    assert.match(hover('[ { "type": "Bool|ean" } ]')!.contents, /boolean component/);
    assert.match(hover('[ { "opt|ions": [] } ]')!.contents, /selection/);
    assert.match(hover('[ |{ "key": "sandbox", "type": "Boolean" } ]')!.contents, /\*\*Configuration Meta entry\*\* `sandbox`: the Integrations form shows a boolean component/);
    assert.match(hover('[ |{ "key": "c", "type": "String", "options": [] } ]')!.contents, /shows a selection/);
  });

  it('explains option and provider fields and values', () => {
    assert.match(hover('[ { "options": [ { "val|ue": "EUR" } ] } ]')!.contents, /Value stored when this option is chosen/);
    assert.match(hover('{ "implement|ation": "" }', PROVIDER)!.contents, /<group>:<project>:<version>/);
    assert.match(hover('{ "providerClass|Name": "" }', PROVIDER)!.contents, /Fully qualified name/);
    assert.match(hover('{ "deployMode": "pri|vate" }', PROVIDER)!.contents, /cannot be hosted by the platform/);
    assert.match(hover('{ "deployMode": "hos|ted" }', PROVIDER)!.contents, /Platform-hosted/);
    assert.match(hover('{ "providerType": "Native Pro|vider" }', PROVIDER)!.contents, /\*\*Native Provider\*\*/);
    assert.match(hover('{ "configurationMeta": [ { "ke|y": "a" } ] }', PROVIDER)!.contents, /\*\*key\*\* \(Configuration Meta entry/);
    assert.equal(hover('{ "unknown|Field": 1 }', PROVIDER), undefined);
  });
});

describe('quick fixes in Configuration Meta and provider files', () => {
  it('writes a type with the right case', () => {
    const text = '[\n  { "key": "apiKey", "label": "API key", "type": "string" }\n]';
    assert.equal(
      applyFix(text, META, 'meta-type-value', 'Change to "String"'),
      '[\n  { "key": "apiKey", "label": "API key", "type": "String" }\n]',
    );
  });

  it('turns a Boolean default into a string', () => {
    const text = '[\n  { "key": "sandbox", "label": "Sandbox mode", "type": "Boolean", "default_value": true }\n]';
    const fixed = applyFix(text, META, 'meta-default-value', 'Change to "true"');
    assert.equal(fixed, '[\n  { "key": "sandbox", "label": "Sandbox mode", "type": "Boolean", "default_value": "true" }\n]');
    assert.deepEqual(brief(findings(fixed, META)), []);
  });

  it('adds a missing label derived from the key', () => {
    const text = '[\n  { "key": "apiKey", "type": "String" }\n]';
    const fixed = applyFix(text, META, 'meta-required', 'Add "label": "API key"');
    assert.equal(fixed, '[\n  { "label": "API key", "key": "apiKey", "type": "String" }\n]');
    assert.deepEqual(brief(findings(fixed, META)), []);
  });

  it('adds a missing label on its own line in a multi-line entry', () => {
    const text = '[\n  {\n    "key": "webhook_secret",\n    "type": "String"\n  }\n]';
    const fixed = applyFix(text, META, 'meta-required', 'Add "label": "Webhook secret"');
    assert.equal(fixed, '[\n  {\n    "label": "Webhook secret",\n    "key": "webhook_secret",\n    "type": "String"\n  }\n]');
  });

  it('removes a type that options make useless', () => {
    const text = '[\n  { "key": "currency", "label": "Currency", "type": "String", "options": [ { "value": "EUR", "label": "Euro" } ] }\n]';
    const fixed = applyFix(text, META, 'meta-type-or-options', 'Remove "type"');
    assert.equal(fixed, '[\n  { "key": "currency", "label": "Currency", "options": [ { "value": "EUR", "label": "Euro" } ] }\n]');
    assert.deepEqual(brief(findings(fixed, META)), []);
  });

  it('replaces an unknown property by the suggestion', () => {
    const text = '[\n  { "key": "region", "label": "Region", "type": "String", "defaultValue": "eu-west-1" }\n]';
    const fixed = applyFix(text, META, 'unknown-property', 'Rename to "default_value"');
    assert.equal(fixed, '[\n  { "key": "region", "label": "Region", "type": "String", "default_value": "eu-west-1" }\n]');
    const p = provider('[]').replace('"providerType"', '"providertype"');
    assert.equal(applyFix(p, PROVIDER, 'unknown-property', 'Rename to "providerType"'), provider('[]'));
  });

  it('fixes provider values: type, deploy mode, class name path, implementation spaces', () => {
    const base = provider('[]');
    assert.equal(
      applyFix(base.replace('"Native Provider"', '"native provider"'), PROVIDER, 'provider-type', 'Change to "Native Provider"'),
      base,
    );
    assert.equal(applyFix(base.replace('"hosted"', '"Hosted"'), PROVIDER, 'provider-deploy-mode', 'Change to "hosted"'), base);
    assert.equal(
      applyFix(
        base.replace('com.example.payments.StripePaymentProvider', 'com/example/payments/StripePaymentProvider.kt'),
        PROVIDER,
        'provider-class-name',
        'Change to "com.example.payments.StripePaymentProvider"',
      ),
      base,
    );
    assert.equal(
      applyFix(
        base.replace('com.example.providers:stripe:1.0.0', 'com.example.providers : stripe : 1.0.0'),
        PROVIDER,
        'provider-implementation',
        'Change to "com.example.providers:stripe:1.0.0"',
      ),
      base,
    );
    assert.equal(applyFix(base.replace('"deployMode": "hosted",\n', ''), PROVIDER, 'provider-required', 'Add "deployMode": "hosted"').replace(/\s+/g, ' '), base.replace(/"deployMode": "hosted",\n\s*/, '').replace('{\n  "label"', '{\n  "deployMode": "hosted",\n  "label"').replace(/\s+/g, ' '));
  });

  it('marks only the one obvious correction as preferred (fix all)', () => {
    const text = '[\n  { "key": "a", "label": "A", "type": "string" },\n  { "key": "b", "label": "B", "type": "Number" }\n]';
    const ds = findings(text, META).filter((d) => d.rule === 'meta-type-value');
    assert.deepEqual(ds.map((d) => d.fixes?.map((f) => f.preferred === true)), [[true], [false, false, false]]);
  });
});

describe('provider findings', () => {
  it('a valid hosted provider has no finding; a private one has an information finding only', () => {
    const entries = '[ { "key": "apiKey", "label": "API key", "type": "String" } ]';
    assert.deepEqual(brief(findings(provider(entries), PROVIDER)), []);
    assert.deepEqual(
      findings(provider(entries, 'private'), PROVIDER).map((d) => [d.severity, d.rule]),
      [['information', 'provider-private-deploy']],
    );
  });

  it('ranges sit on the offending key or value, never the whole file', () => {
    const text = provider('[ { "key": "a b", "label": "A", "type": "Text", "defaultValue": "x" } ]').replace('1.0.0"', '"');
    for (const d of findings(text, PROVIDER)) {
      assert.ok(d.length < 40, `${d.rule} covers ${JSON.stringify(text.slice(d.offset, d.offset + d.length))}`);
    }
    assert.deepEqual(
      findings(text, PROVIDER).map((d) => d.rule).sort(),
      ['meta-key-identifier', 'provider-implementation', 'unknown-property'],
    );
  });
});
