/**
 * A provider descriptor's Gradle project through the protocol: findings from the project, go
 * to definition and a document link to the class, and a re-check when a watched build or
 * source file changes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { URI } from 'vscode-uri';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import type { ProviderProjectFacts } from '../../server/src/core';
import { nodeProviderProjects } from '../../server/src/node/providerProjects';
import { startHarness, type Harness } from '../support/lspHarness';

const ROOT = path.join(__dirname, '..', 'fixtures', 'provider-project');
const FILE = path.join(ROOT, 'providers', 'card-payments.provider.json');
const DOC = URI.file(FILE).toString();
const TEXT = readFileSync(FILE, 'utf8');
const CLASS_FILE = path.join(ROOT, 'payments', 'src', 'main', 'kotlin', 'io', 'acme', 'payments', 'CardPayments.kt');

let h: Harness | undefined;
afterEach(() => { h?.dispose(); h = undefined; });
const req = <T>(method: string, params: object) => h!.client.sendRequest(method, params) as Promise<T>;
const diagnostics = async () => (await req<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri: DOC } })).items;
const at = (text: string, needle: string) => {
  const before = text.slice(0, text.indexOf(needle)).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
};

describe('provider projects over LSP', () => {
  it('goes to the provider class and links to it', async () => {
    const projects = nodeProviderProjects();
    h = await startHarness({ pull: true, providerProject: (p, text, root) => projects.factsFor(p, text, root) });
    await h.open(DOC, TEXT, 'native-provider');
    assert.deepEqual((await diagnostics()).filter((d) => String(d.code).startsWith('provider-')), []);
    const location = await req<{ uri: string; range: { start: { line: number; character: number } } }>(
      'textDocument/definition',
      { textDocument: { uri: DOC }, position: at(TEXT, 'CardPaymentProvider"') },
    );
    assert.equal(location.uri, URI.file(CLASS_FILE).toString());
    const line = readFileSync(CLASS_FILE, 'utf8').split('\n')[location.range.start.line];
    assert.equal(line.slice(location.range.start.character), 'data class CardPaymentProvider('.slice('data class '.length));
    const links = await req<{ target: string }[]>('textDocument/documentLink', { textDocument: { uri: DOC } });
    assert.deepEqual(links.map((l) => l.target), [`${URI.file(CLASS_FILE).toString()}#L8,12`]);
    const none = await req<unknown>('textDocument/definition', { textDocument: { uri: DOC }, position: at(TEXT, '"label"') });
    assert.equal(none, null);
  });

  it('offers to fix either side of a group mismatch: the descriptor, or the build file', async () => {
    const projects = nodeProviderProjects();
    h = await startHarness({ pull: true, providerProject: (p, text, root) => projects.factsFor(p, text, root) });
    const file = path.join(ROOT, 'providers', 'card-payments-drifted.provider.json');
    const uri = URI.file(file).toString();
    const text = readFileSync(file, 'utf8');
    await h.open(uri, text, 'native-provider');
    const items = (await req<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } })).items;
    const group = items.find((d) => d.code === 'provider-build' && typeof d.message === 'string' && d.message.includes('group'));
    assert.ok(group);
    type Edits = Record<string, { range: Diagnostic['range']; newText: string }[]>;
    type Action = { title: string; isPreferred?: boolean; edit: { changes: Edits } };
    const actions = await req<Action[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: group.range,
      context: { diagnostics: [group], only: ['quickfix'] },
    });
    assert.deepEqual(actions.map((a) => a.title), [
      'Change the group to "io.acme.payments", as payments/build.gradle sets it',
      'Set the group to "io.acme.extensions" in payments/build.gradle',
      // Fix all takes the descriptor's side only (the safe fixes): the group and the version together.
      'Fix all provider-build problems in this file',
    ]);
    const build = path.join(ROOT, 'payments', 'build.gradle');
    const [edit] = actions[1].edit.changes[URI.file(build).toString()];
    const line = readFileSync(build, 'utf8').split('\n')[edit.range.start.line];
    assert.equal(line.slice(edit.range.start.character, edit.range.end.character), "'io.acme.payments'");
    assert.equal(edit.newText, "'io.acme.extensions'");
    assert.notEqual(actions[1].isPreferred, true, 'never applied unattended');
  });

  it('checks again when a watched build or source file changes', async () => {
    const projects = nodeProviderProjects();
    let drift = false;
    const facts = async (p: string, text: string, root: string | undefined): Promise<ProviderProjectFacts> => {
      const real = await projects.factsFor(p, text, root);
      if (!drift || !real.found || !real.project) return real;
      // As if payments/build.gradle now set another group.
      return { ...real, project: { ...real.project, group: { ...real.project.group!, value: 'io.acme.billing' } } };
    };
    h = await startHarness({ pull: true, providerProject: facts });
    await h.open(DOC, TEXT, 'native-provider');
    assert.deepEqual((await diagnostics()).filter((d) => d.code === 'provider-build'), []);
    drift = true;
    // The build file changed on disk: the open descriptors are checked again, their project read anew.
    await h.client.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: URI.file(path.join(ROOT, 'payments', 'build.gradle')).toString(), type: 2 }],
    });
    await h.settle();
    const after = (await diagnostics()).filter((d) => d.code === 'provider-build');
    assert.deepEqual(after.map((d) => d.message), [
      'implementation group "io.acme.payments" differs from the group "io.acme.billing" that payments/build.gradle:10 sets.',
    ]);
  });
});
