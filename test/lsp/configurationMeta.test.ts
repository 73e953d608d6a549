/**
 * Configuration Meta and native provider files through the protocol: a real LSP client over
 * in-memory streams gets diagnostics with codes, completion of enum values and entry
 * skeletons, hover and quick fixes.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { DOCS_BASE, startHarness, type Harness } from '../support/lspHarness';

const META_URI = 'file:///proj/providers/stripe.configmeta.json';
const PROVIDER_URI = 'file:///proj/providers/stripe.provider.json';

const META = `[
  { "key": "apiKey", "label": "API key", "type": "string" },
  { "key": "sandbox", "label": "Sandbox mode", "type": "Boolean", "default_value": true },
  { "key": "region", "type": "String", "defaultValue": "eu-west-1" }
]`;

const PROVIDER = `{
  "label": "Stripe payments",
  "providerType": "Native Provider",
  "deployMode": "private",
  "implements": ["payments.IPayment"],
  "providerClassName": "com.example.payments.StripePaymentProvider",
  "configurationMeta": [
    { "key": "apiKey", "label": "API key", "type": "String" }
  ],
  "implementation": "io.opencui.extensions:stripe"
}`;

let h: Harness | undefined;
afterEach(() => { h?.dispose(); h = undefined; });

const req = <T>(method: string, params: object) => h!.client.sendRequest(method, params) as Promise<T>;
const pull = async (uri: string) => (await req<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } })).items;
const textAt = (text: string, d: Diagnostic) => {
  const lines = text.split('\n');
  return d.range.start.line === d.range.end.line
    ? lines[d.range.start.line].slice(d.range.start.character, d.range.end.character)
    : '(several lines)';
};
const position = (text: string, marker: string, delta: number) => {
  const offset = text.indexOf(marker) + delta;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
};

describe('Configuration Meta over LSP', () => {
  it('reports findings with codes, doc links and ranges on the offending key or value', async () => {
    h = await startHarness({ pull: true });
    await h.open(META_URI, META, 'configuration-meta');
    const items = await pull(META_URI);
    const seen = items.map((d) => [d.code, d.severity, textAt(META, d)]);
    assert.deepEqual(seen, [
      ['meta-type-value', 1, '"string"'],
      ['meta-default-value', 1, 'true'],
      ['meta-required', 1, '{'],
      ['unknown-property', 2, '"defaultValue"'],
    ]);
    assert.ok(items.every((d) => d.source === 'umsg' && d.codeDescription?.href === `${DOCS_BASE}${d.code}.md`));
    assert.match(String(items.find((d) => d.code === 'unknown-property')!.message), /did you mean "default_value"\?/);
  });

  it('pushes diagnostics for a provider descriptor, including the private-deploy information', async () => {
    h = await startHarness({ pull: false });
    const wait = h.nextDiagnostics(PROVIDER_URI, (d) => d.length > 0);
    await h.open(PROVIDER_URI, PROVIDER, 'native-provider');
    const ds = (await wait).diagnostics;
    assert.deepEqual(ds.map((d) => [d.code, d.severity, textAt(PROVIDER, d)]), [
      ['provider-private-deploy', 3, '"private"'],
      ['provider-implementation', 1, '"io.opencui.extensions:stripe"'],
    ]);
    assert.match(String(ds[1].message), /lacks its version/);
    const fixed = h.nextDiagnostics(PROVIDER_URI, (d) => d.length === 0);
    await h.change(PROVIDER_URI, 2, PROVIDER.replace('"private"', '"hosted"').replace(':stripe"', ':stripe:1.0.0"'));
    await fixed;
  });

  it('checks a file by its name when the client gives it the plain json language', async () => {
    h = await startHarness({ pull: true });
    await h.open(PROVIDER_URI, '{}', 'json');
    assert.deepEqual((await pull(PROVIDER_URI)).map((d) => d.code), ['provider-required']);
  });

  it('completes the type values, the deploy modes and whole entry skeletons', async () => {
    h = await startHarness({ pull: true });
    const meta = '[\n  { "key": "apiKey", "label": "API key", "type": "" }\n  \n]';
    await h.open(META_URI, meta, 'configuration-meta');
    const types = await req<{ label: string; documentation: { value: string } }[]>(
      'textDocument/completion',
      { textDocument: { uri: META_URI }, position: position(meta, '"type": ""', 9) },
    );
    assert.deepEqual(types.map((i) => i.label), ['String', 'Text', 'Boolean']);
    assert.match(types[0].documentation.value, /single-line text input/);
    const skeletons = await req<{ label: string; kind: number; insertTextFormat: number; additionalTextEdits?: { newText: string }[] }[]>(
      'textDocument/completion',
      { textDocument: { uri: META_URI }, position: { line: 2, character: 2 } },
    );
    assert.deepEqual(skeletons.map((i) => i.label), ['String entry', 'Text entry', 'Boolean entry', 'options entry']);
    assert.ok(skeletons.every((i) => i.kind === 15 && i.insertTextFormat === 2), 'snippets');
    assert.deepEqual(skeletons[0].additionalTextEdits?.map((e) => e.newText), [','], 'the comma after the previous entry');

    await h.open(PROVIDER_URI, '{ "deployMode": "" }', 'native-provider');
    const modes = await req<{ label: string }[]>(
      'textDocument/completion',
      { textDocument: { uri: PROVIDER_URI }, position: { line: 0, character: 17 } },
    );
    assert.deepEqual(modes.map((i) => i.label), ['private', 'hosted']);
  });

  it('hovers with the field meaning and how the entry renders', async () => {
    h = await startHarness({ pull: true });
    await h.open(META_URI, META, 'configuration-meta');
    const hover = await req<{ contents: { value: string }; range: unknown }>(
      'textDocument/hover',
      { textDocument: { uri: META_URI }, position: position(META, '"Boolean"', 3) },
    );
    assert.match(hover.contents.value, /boolean component/);
    await h.open(PROVIDER_URI, PROVIDER, 'native-provider');
    const impl = await req<{ contents: { value: string } }>(
      'textDocument/hover',
      { textDocument: { uri: PROVIDER_URI }, position: position(PROVIDER, '"implementation"', 3) },
    );
    assert.match(impl.contents.value, /<group>:<project>:<version>/);
  });

  it('offers quick fixes from the diagnostic code and data', async () => {
    h = await startHarness({ pull: true });
    await h.open(META_URI, META, 'configuration-meta');
    const items = await pull(META_URI);
    type Action = {
      title: string;
      kind: string;
      isPreferred?: boolean;
      edit: { changes: Record<string, { newText: string; range: Diagnostic['range'] }[]> };
    };
    const actionsFor = (code: string) => {
      const d = items.find((x) => x.code === code)!;
      return req<Action[]>('textDocument/codeAction', { textDocument: { uri: META_URI }, range: d.range, context: { diagnostics: [d] } })
        .then((a) => ({ d, a: a.filter((x) => x.kind === 'quickfix') }));
    };
    const type = await actionsFor('meta-type-value');
    assert.deepEqual(type.a.map((x) => x.title), ['Change to "String"']);
    assert.equal(type.a[0].isPreferred, true);
    assert.deepEqual(type.a[0].edit.changes[META_URI], [{ newText: '"String"', range: type.d.range }]);
    const bool = await actionsFor('meta-default-value');
    assert.deepEqual(bool.a[0].edit.changes[META_URI].map((e) => e.newText), ['"true"']);
    const label = await actionsFor('meta-required');
    assert.deepEqual(label.a.map((x) => x.title), ['Add "label": "Region"']);
    const rename = await actionsFor('unknown-property');
    assert.deepEqual(rename.a.map((x) => x.title), ['Rename to "default_value"', 'Remove "defaultValue"']);
  });
});
