/**
 * The `universalMessage/preview` request over a real LSP connection: answered from the open
 * (unsaved) text and the files around it, followed from a sample or sibling to its message,
 * and bounded by maxFileSize.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { FormPreview } from '../../server/src/core/features/preview/form';
import type { MessagePreview } from '../../server/src/core/features/preview/viewModel';
import { PREVIEW_REQUEST, previewTargetUri, type PreviewResult } from '../../server/src/lsp/preview';
import { startHarness, type Harness } from '../support/lspHarness';

const URI = 'file:///proj/cards/menu.umsg';
const MENU = `{
  "type": "rich",
  "title": "Hello \${user.name}",
  "insideActions": [
    // @each dishes
    { "type": "reply", "display": "\${it.label()}", "payload": "\${it.name()}" }
    // @end
  ]
}`;
const SAMPLE = JSON.stringify({ user: { name: 'Ada' }, dishes: [{ name: 'A', label: 'Risotto' }, { name: 'B', label: 'Pizza' }] });

let h: Harness | undefined;
afterEach(() => { h?.dispose(); h = undefined; });

const ask = async (params: object) => (await h!.client.sendRequest(PREVIEW_REQUEST, params)) as PreviewResult;

describe('universalMessage/preview', () => {
  it('draws the open, unsaved text with the sample data, and the chosen list length', async () => {
    h = await startHarness({ pull: true, files: { '/proj/cards/menu.sample.json': SAMPLE } });
    await h.open(URI, MENU);
    const first = await ask({ uri: URI, mode: 'sample' });
    const p = first.preview as MessagePreview;
    assert.equal(first.version, 1);
    assert.deepEqual(p.columns.map((c) => c.channel), ['messenger', 'gbm', 'whatsapp']);
    assert.equal(p.columns[0].title?.text, 'Hello Ada');
    assert.deepEqual(p.columns[0].buttons.map((b) => b.label.text), ['Risotto', 'Pizza']);
    await h.change(URI, 2, MENU.replace('Hello', 'Welcome'));
    const edited = await ask({ uri: URI, mode: 'template', listLength: 0 });
    const e = edited.preview as MessagePreview;
    assert.equal(edited.version, 2);
    assert.equal(e.columns[0].title?.text, 'Welcome ${user.name}');
    assert.deepEqual(e.columns[0].buttons, []);
  });

  it('follows a sample file or a sibling to its message, and draws the sibling on its channel', async () => {
    h = await startHarness({
      pull: true,
      files: {
        '/proj/cards/menu.umsg': MENU,
        '/proj/cards/menu.sample.json': SAMPLE,
        '/proj/cards/menu.whatsapp.umsg': '{ "type": "text" }',
      },
    });
    const r = await ask({ uri: 'file:///proj/cards/menu.sample.json' });
    assert.equal(r.uri, URI);
    const p = r.preview as MessagePreview;
    assert.equal(p.columns.find((c) => c.channel === 'whatsapp')?.verdict, 'override');
    assert.equal(p.columns.find((c) => c.channel === 'whatsapp')?.override?.file, 'menu.whatsapp.umsg');
    assert.equal(previewTargetUri('file:///proj/cards/menu.gbm.umsg'), URI);
  });

  it('draws an open universal-form sibling itself, on its channel alone, with the sample data', async () => {
    h = await startHarness({ pull: true, files: { '/proj/cards/menu.umsg': MENU, '/proj/cards/menu.sample.json': SAMPLE } });
    const sibling = 'file:///proj/cards/menu.whatsapp.umsg';
    await h.open(sibling, '{ "type": "rich", "title": "Hi ${user.name}", ' +
      '"insideActions": [ { "type": "reply", "display": "Go", "payload": "GO" } ] }');
    const r = await ask({ uri: sibling, mode: 'sample' });
    assert.equal(r.uri, sibling);
    const p = r.preview as MessagePreview;
    assert.deepEqual(p.columns.map((c) => c.channel), ['whatsapp']);
    assert.equal(p.columns[0].title?.text, 'Hi Ada');
    // A native-form sibling still previews its message NAME.umsg.
    assert.equal(previewTargetUri(sibling, '{ "type": "text", "text": { "body": "Hi" } }'), URI);
  });

  it('draws a native sibling as it stands in its editor, on its channel, with ranges in the sibling', async () => {
    const sibling = 'file:///proj/cards/menu.whatsapp.umsg';
    const onDisk = '{ "type": "text", "text": { "body": "Saved" } }';
    const edited = '{ "type": "text", "text": { "body": "Unsaved ${user.name}" } }';
    h = await startHarness({ pull: true, files: { '/proj/cards/menu.sample.json': SAMPLE, '/proj/cards/menu.whatsapp.umsg': onDisk } });
    await h.open(URI, MENU);
    await h.open(sibling, edited);
    const p = (await ask({ uri: sibling, mode: 'sample' })).preview as MessagePreview;
    const w = p.columns.find((c) => c.channel === 'whatsapp')!;
    assert.equal(w.layout, 'text');
    assert.equal(w.file, 'menu.whatsapp.umsg');
    assert.equal(w.body?.text, 'Unsaved Ada');
    assert.equal(edited.slice(w.body!.source!.offset, w.body!.source!.offset + w.body!.source!.length), '"Unsaved ${user.name}"');
  });

  it('draws a native sibling with no NAME.umsg beside it as itself, on its channel alone, with its findings', async () => {
    const sibling = 'file:///proj/cards/lunch.whatsapp.umsg';
    const list = JSON.stringify({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Choose a dish.' },
        action: {
          button: 'See the dishes please',
          sections: [{ title: 'Pasta', rows: [{ id: 'A', title: 'Cacio e pepe' }, { id: 'B', title: 'Carbonara' }] }],
        },
      },
    });
    h = await startHarness({ pull: true, files: { '/proj/cards/lunch.whatsapp.umsg': list } });
    const r = await ask({ uri: sibling, mode: 'sample' });
    assert.equal(r.uri, sibling);
    const p = r.preview as MessagePreview;
    assert.deepEqual(p.columns.map((c) => [c.channel, c.layout, c.file]), [['whatsapp', 'list', 'lunch.whatsapp.umsg']]);
    assert.equal(p.columns[0].list?.sections[0].rows.length, 2);
    // The 21-character button is over WhatsApp's 20: the column says so.
    assert.equal(p.columns[0].verdict, 'rejected');
    assert.match(p.columns[0].reasons[0].message, /lunch\.whatsapp\.umsg is WhatsApp's own message/);
  });

  it('draws the Integrations form of a Configuration Meta file', async () => {
    h = await startHarness({ pull: true });
    const uri = 'file:///proj/pay.configmeta.json';
    await h.open(uri, '[{ "key": "apiKey", "label": "API key", "type": "String" }]', 'configuration-meta');
    const f = (await ask({ uri })).preview as FormPreview;
    assert.equal(f.kind, 'form');
    assert.deepEqual(f.controls.map((c) => [c.key, c.control]), [['apiKey', 'text']]);
  });

  it('answers a file over maxFileSize with a one-line notice, and an unknown file without failing', async () => {
    h = await startHarness({ pull: true, files: { '/proj/umsg.config.json': '{ "maxFileSize": 20 }' } });
    await h.open('file:///proj/big.umsg', MENU);
    const big = (await ask({ uri: 'file:///proj/big.umsg' })).preview as MessagePreview;
    assert.match(big.notice ?? '', /over maxFileSize/);
    const none = await ask({ uri: 'file:///proj/missing.umsg' });
    assert.equal(none.preview.kind, 'none');
  });
});
