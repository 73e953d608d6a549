/**
 * The tokens that stop the work on a replaced version of an open document (lsp/versionTokens.ts):
 * a request's parse stops when a newer version arrives, a shared check when a newer version
 * arrives or every request waiting for it is cancelled. (Why they are classes is a matter of
 * memory, held by the lint rule against getters in object literals and measured by the bench.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CheckStop, Replaced, type OpenVersions } from '../../server/src/lsp/versionTokens';

const URI = 'file:///w/settings.configmeta.json';

function workspace() {
  const entries = new Map<string, { version: number }>();
  const versions = new Map<string, number>();
  const open: OpenVersions<{ version: number }> = { entries, documents: { get: (uri) => {
    const version = versions.get(uri);
    return version === undefined ? undefined : { version };
  } } };
  return { entries, versions, open };
}

describe('version tokens', () => {
  it("a request's parse goes on while its version is current, and stops once a newer one arrives", () => {
    const { entries, versions, open } = workspace();
    const first = { version: 1 };
    entries.set(URI, first);
    versions.set(URI, 1);
    const token = new Replaced(open, URI, first);
    assert.equal(token.isCancellationRequested, false);
    // The client sent version 2; no request has read it yet, so the entry is still the first.
    versions.set(URI, 2);
    assert.equal(token.isCancellationRequested, true, 'the document moved on');
    versions.set(URI, 1);
    entries.set(URI, { version: 1 });
    assert.equal(token.isCancellationRequested, true, 'another entry (a change of config) replaced it');
    entries.delete(URI);
    versions.delete(URI);
    assert.equal(token.isCancellationRequested, true, 'the document was closed');
  });

  it('a shared check stops when its entry is replaced or every waiting request is cancelled', () => {
    const entries = new Map<string, object>();
    const entry = {};
    entries.set(URI, entry);
    const first = { isCancellationRequested: false };
    const stop = new CheckStop(entries, URI, entry, first);
    assert.equal(stop.isCancellationRequested, false);
    const second = { isCancellationRequested: false };
    stop.tokens.add(second);
    first.isCancellationRequested = true;
    assert.equal(stop.isCancellationRequested, false, 'one request still waits');
    second.isCancellationRequested = true;
    assert.equal(stop.isCancellationRequested, true, 'every request was cancelled');
    second.isCancellationRequested = false;
    entries.set(URI, {});
    assert.equal(stop.isCancellationRequested, true, 'a newer version replaced the entry');
  });

  it('a request without a token (a push) keeps its check going until the entry is replaced', () => {
    const entries = new Map<string, object>();
    const entry = {};
    entries.set(URI, entry);
    const stop = new CheckStop(entries, URI, entry, undefined);
    const pulled = { isCancellationRequested: true };
    stop.tokens.add(pulled);
    assert.equal(stop.isCancellationRequested, false);
    entries.delete(URI);
    assert.equal(stop.isCancellationRequested, true);
  });
});
