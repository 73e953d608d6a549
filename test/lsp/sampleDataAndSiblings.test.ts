/**
 * Templates that render, through the protocol: sample data beside the message (hover values,
 * completion of its names, exact checks), channel-specific siblings, and re-checks when those
 * files change.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { renderForChannel, type SampleData } from '../../server/src/core';
import { startHarness, type Harness } from '../support/lspHarness';

const DIR = '/proj/cards';
const URI = `file://${DIR}/menu.umsg`;
const MENU = `{
  "type": "rich",
  "title": "Hello \${user.name}",
  "description": "Tap a dish to order it",
  "insideActions": [
    // @each dishes
    { "type": "reply", "display": "\${it.label()}", "payload": "\${it.name()}" }
    // @end
  ]
}`;
const SAMPLE = JSON.stringify({ user: { name: 'Ana' }, dishes: [{ name: 'PASTA', label: 'Pasta' }, { name: 'PIZZA', label: 'Pizza' }] });

let h: Harness | undefined;
afterEach(() => { h?.dispose(); h = undefined; });
const req = <T>(method: string, params: object) => h!.client.sendRequest(method, params) as Promise<T>;
const diagnostics = async () => (await req<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri: URI } })).items;
const at = (text: string, needle: string, delta = 0) => {
  const offset = text.indexOf(needle) + delta;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
};

describe('sample data and channel-specific messages over LSP', () => {
  it('hover shows a template\'s value per list element with the sample data', async () => {
    h = await startHarness({ pull: true, files: { [`${DIR}/menu.sample.json`]: SAMPLE } });
    await h.open(URI, MENU);
    const hover = await req<{ contents: { value: string } }>(
      'textDocument/hover',
      { textDocument: { uri: URI }, position: at(MENU, '${it.label()}', 3) },
    );
    assert.match(hover.contents.value, /With the sample data \(2 elements in dishes\)/);
    assert.match(hover.contents.value, /\| 1 \| `"Pasta"` \|\n\| 2 \| `"Pizza"` \|/);
    const title = await req<{ contents: { value: string } }>(
      'textDocument/hover',
      { textDocument: { uri: URI }, position: at(MENU, '${user.name}', 3) },
    );
    assert.match(title.contents.value, /With the sample data: `"Ana"`/);
  });

  it('completion inside ${ offers it, it.name(), it.label() in the body and the sample names', async () => {
    h = await startHarness({ pull: true, files: { [`${DIR}/menu.sample.json`]: SAMPLE } });
    await h.open(URI, MENU);
    const inBody = await req<{ label: string }[]>(
      'textDocument/completion',
      { textDocument: { uri: URI }, position: at(MENU, 'it.label()', 0) },
    );
    const labels = inBody.map((i) => i.label);
    for (const l of ['it', 'it.name()', 'it.label()', 'user', 'user.name', 'dishes', 'dishes.size']) {
      assert.ok(labels.includes(l), `${l} in ${JSON.stringify(labels)}`);
    }
    const outside = await req<{ label: string }[]>(
      'textDocument/completion',
      { textDocument: { uri: URI }, position: at(MENU, 'user.name', 0) },
    );
    assert.ok(!outside.map((i) => i.label).includes('it'), '`it` is offered only in the body');
  });

  it('checks rendered values exactly, and re-checks when the sample file changes', async () => {
    h = await startHarness({ pull: true, files: { [`${DIR}/menu.sample.json`]: SAMPLE } });
    await h.open(URI, MENU);
    assert.deepEqual(await diagnostics(), []);
    h.files.set(`${DIR}/menu.sample.json`, JSON.stringify({
      user: { name: 'A'.repeat(80) },
      dishes: [1, 2, 3, 4].map((i) => ({ name: `D${i}`, label: `Dish ${i}` })),
    }));
    await h.client.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `file://${DIR}/menu.sample.json`, type: 2 }] });
    const ds = await diagnostics();
    assert.deepEqual(ds.map((d) => d.message), [
      "title renders to 86 characters with the sample data: over Messenger's 80.",
      "insideActions renders 4 actions with the sample data (dishes has 4): over Messenger's 3 and WhatsApp's 3.",
    ]);
    h.files.set(`${DIR}/menu.sample.json`, '{ "user": ');
    await h.client.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `file://${DIR}/menu.sample.json`, type: 2 }] });
    assert.deepEqual((await diagnostics()).map((d) => d.code), ['sample-data']);
  });

  it('a dynamic list over a value that is not a list in the sample data: the finding render repeats, at the list', async () => {
    const WHATSAPP = `${DIR}/menu.whatsapp.umsg`;
    const LIST = JSON.stringify({
      type: 'interactive',
      interactive: { type: 'list', body: { text: 'Menu' }, action: { button: 'Dishes', sections: [{ title: 'Today', rows: ['ROWS'] }] } },
    }, null, 2).replace('"ROWS"', '\n// @each dishes\n{ "id": "${it.name()}", "title": "${it.label()}" }\n// @end\n');
    for (const value of ['{ "name": "PASTA" }', '"pasta"', '3', 'null', undefined]) {
      const sample = value === undefined ? '{ "user": { "name": "Ana" } }' : `{ "user": { "name": "Ana" }, "dishes": ${value} }`;
      h = await startHarness({ pull: true, files: { [`${DIR}/menu.sample.json`]: sample } });
      for (const [uri, text, channelSpecific] of [[URI, MENU, undefined], [`file://${WHATSAPP}`, LIST, 'whatsapp']] as const) {
        await h.open(uri, text);
        const items = (await req<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } })).items;
        const render = renderForChannel(text, { sample: JSON.parse(sample) as SampleData, channelSpecific });
        const told = render.findings.filter((f) => f.rule === 'sample-data');
        assert.equal(told.length, 1, `${value} ${uri}`);
        assert.deepEqual(items.map((d) => [d.code, d.message, d.range.start]), [['sample-data', told[0].message, at(text, 'dishes\n')]]);
        assert.match(told[0].message, value === undefined ? /^The sample data has no "dishes": / : /^dishes is (an? [a-z]+|null) in the sample data, not a list: /);
      }
      h.dispose();
      h = undefined;
    }
  });

  it('a channel-specific sibling takes that channel out of the checks, the summary and the hover', async () => {
    const long = MENU.replace('Tap a dish to order it', 'D'.repeat(70));
    h = await startHarness({ pull: true, files: { [`${DIR}/menu.whatsapp.umsg`]: '{}' } });
    await h.open(URI, long);
    assert.deepEqual(await diagnostics(), [], 'the 70-character description is only over WhatsApp\'s 60');
    const lenses = await req<{ command: { title: string } }[]>('textDocument/codeLens', { textDocument: { uri: URI } });
    assert.equal(lenses[0].command.title, 'Messenger ✓ · Google Business Messages ✓ · WhatsApp: own message');
    const hover = await req<{ contents: { value: string } }>(
      'textDocument/hover',
      { textDocument: { uri: URI }, position: at(long, '"description"', 2) },
    );
    assert.match(hover.contents.value, /WhatsApp uses its own channel-specific message, so its limits do not apply here/);
  });

  it('a WhatsApp message in native form is checked against WhatsApp\'s format, with NAME.sample.json', async () => {
    h = await startHarness({ pull: true, files: { [`${DIR}/menu.sample.json`]: '{ "label": "Choose a dish from the menu" }' } });
    const uri = `file://${DIR}/menu.whatsapp.umsg`;
    await h.open(uri, '{ "type": "interactive", "interactive": { "type": "list", "body": { "text": "Menu" }, ' +
      '"action": { "button": "${label}", "sections": [ { "rows": [ { "id": "1", "title": "Pasta" } ] } ] } }, "foo": 1 }');
    const items = (await req<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } })).items;
    assert.deepEqual(items.map((d) => [d.code, d.message]), [
      ['channel-limit', 'interactive.action.button renders to "Choose a dish from the menu" with the sample data: ' +
        'has 27 characters: WhatsApp allows at most 20 (list button).'],
      ['unknown-property',
        'Unknown property "foo" in WhatsApp message: WhatsApp rejects it. Known: type, context, biz_opaque_callback_data, interactive.'],
    ]);
  });

  it('a Messenger message in native form is checked for syntax and against Messenger\'s format', async () => {
    h = await startHarness({ pull: true });
    const uri = `file://${DIR}/menu.messenger.umsg`;
    await h.open(uri, '{ "attachment": { "type": "template", "text": "${unclosed" }, }');
    const items = (await req<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } })).items;
    // The trailing comma, the unclosed template, and Messenger's format: a template attachment
    // has no text (no "needs" finding while the document does not parse: it is being typed).
    assert.deepEqual(items.map((d) => d.code).sort(), ['syntax', 'template-syntax', 'unknown-property']);
  });
});
