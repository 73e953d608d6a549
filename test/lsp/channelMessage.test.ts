/**
 * "Create a channel-specific message for …" through the protocol: the code actions on
 * NAME.umsg, and the command's workspace edit (create NAME.<channel>.umsg, insert its text).
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { startHarness, type Harness, type HarnessOptions } from '../support/lspHarness';
import { channelMessageDraft } from '../../server/src/core/features/channelMessage';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';

const URI = 'file:///proj/cards/menu.umsg';
const CARD = `{
  "type": "rich",
  "title": "Hello \${user.name}",
  "description": "Today's specials",
  "insideActions": [ { "type": "reply", "display": "Order", "payload": "ORDER" } ]
}`;

const CAN_CREATE: HarnessOptions['capabilities'] = {
  workspace: { applyEdit: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } },
  window: { showDocument: { support: true } },
};

interface Action { title: string; kind: string; command?: { command: string; arguments: unknown[] } }
type Change = { kind: string; uri: string; options: object } | { textDocument: { uri: string }; edits: { newText: string }[] };
interface Edit { label?: string; edit: { documentChanges: Change[] } }

let h: Harness | undefined;
afterEach(() => { h?.dispose(); h = undefined; });

async function actions(uri = URI, only = ['refactor']): Promise<Action[]> {
  return h!.client.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [], only },
  }) as Promise<Action[]>;
}

describe('create a channel-specific message over LSP', () => {
  it('offers one action per target channel, and its command writes the native message as a create and an insert', async () => {
    h = await startHarness({ pull: true, capabilities: CAN_CREATE });
    const edits: Edit[] = [];
    const shown: string[] = [];
    h.client.onRequest('workspace/applyEdit', (p: Edit) => { edits.push(p); return { applied: true }; });
    h.client.onRequest('window/showDocument', (p: { uri: string }) => { shown.push(p.uri); return { success: true }; });
    await h.open(URI, CARD);
    const offered = await actions();
    // RCS is off by default: not a target, not offered.
    assert.deepEqual(offered.map((a) => a.title), [
      'Create a channel-specific message for Messenger',
      'Create a channel-specific message for Google Business Messages',
      'Create a channel-specific message for WhatsApp',
    ]);
    assert.ok(offered.every((a) => a.kind === 'refactor.umsg.channelMessage'));
    const whatsapp = offered[2].command!;
    await h.client.sendRequest('workspace/executeCommand', { command: whatsapp.command, arguments: whatsapp.arguments });
    assert.equal(edits.length, 1);
    const [create, insert] = edits[0].edit.documentChanges as [
      { kind: string; uri: string; options: object },
      { textDocument: { uri: string }; edits: { newText: string }[] },
    ];
    assert.deepEqual(create, {
      kind: 'create', uri: 'file:///proj/cards/menu.whatsapp.umsg', options: { overwrite: false, ignoreIfExists: false },
    });
    assert.equal(insert.textDocument.uri, 'file:///proj/cards/menu.whatsapp.umsg');
    const expected = channelMessageDraft(parseJsonDocument(CARD), 'whatsapp');
    assert.ok(expected.ok);
    assert.equal(insert.edits[0].newText, expected.text);
    assert.match(insert.edits[0].newText, /"text": "Hello \$\{user\.name\}"/);
    assert.deepEqual(shown, ['file:///proj/cards/menu.whatsapp.umsg']);
  });

  it('is not offered for a channel that already has its file, nor on a channel-specific message', async () => {
    const files = { '/proj/cards/menu.whatsapp.umsg': '{ "type": "text", "text": { "body": "hi" } }' };
    h = await startHarness({ pull: true, capabilities: CAN_CREATE, files });
    await h.open(URI, CARD);
    assert.deepEqual((await actions()).map((a) => a.title), [
      'Create a channel-specific message for Messenger',
      'Create a channel-specific message for Google Business Messages',
    ]);
    await h.open('file:///proj/cards/menu.whatsapp.umsg', '{ "type": "text", "text": { "body": "hi" } }');
    assert.deepEqual(await actions('file:///proj/cards/menu.whatsapp.umsg'), []);
  });

  it('is not offered to a client that cannot create files, for a dynamic list, nor when only quick fixes are asked', async () => {
    h = await startHarness({ pull: true });
    await h.open(URI, CARD);
    assert.deepEqual(await actions(), []);
    h.dispose();
    h = await startHarness({ pull: true, capabilities: CAN_CREATE });
    await h.open(URI, CARD);
    assert.deepEqual(await actions(URI, ['quickfix']), []);
    await h.open('file:///proj/cards/list.umsg', `{ "type": "rich", "title": "t", "description": "d", "insideActions": [
      // @each dishes
      { "type": "reply", "display": "\${it.label()}", "payload": "\${it.name()}" }
      // @end
    ] }`);
    assert.deepEqual(await actions('file:///proj/cards/list.umsg'), []);
  });

  it('a command with arguments that are not a URI and a channel does nothing', async () => {
    h = await startHarness({ pull: true, capabilities: CAN_CREATE });
    let asked = 0;
    h.client.onRequest('workspace/applyEdit', () => { asked++; return { applied: true }; });
    await h.open(URI, CARD);
    const command = 'universalMessage.createChannelMessage';
    await h.client.sendRequest('workspace/executeCommand', { command, arguments: [URI, 'telegram'] });
    await h.client.sendRequest('workspace/executeCommand', { command, arguments: [] });
    assert.equal(asked, 0);
  });
});
