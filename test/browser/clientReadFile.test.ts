/**
 * The web client's answer to the server's universalMessage/readFile
 * (client/src/browser/readFile.ts), over a fake editor file system: regular files only,
 * size-capped, never a throw.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FileStat, Uri } from 'vscode';
import { readFileForServer, readFolderForServer, type ReadFileHost } from '../../client/src/browser/readFile';
import { READ_FILE_MAX_BYTES } from '../../server/src/protocol/readFile';

const FILE = 1, DIRECTORY = 2, SYMBOLIC_LINK = 64;

/** Entries by URI: a stat (type, size) and the bytes a read returns. */
function host(entries: Record<string, { type: number; size: number; bytes?: Uint8Array }>): ReadFileHost & { reads: string[] } {
  const reads: string[] = [];
  const entry = (uri: Uri) => {
    const e = entries[String(uri)];
    if (!e) throw new Error(`EntryNotFound (FileSystemError): ${String(uri)}`);
    return e;
  };
  return {
    reads,
    parse: (uri) => uri as unknown as Uri,
    stat: async (uri) => { const e = entry(uri); return { type: e.type, size: e.size, ctime: 0, mtime: 0 } as FileStat; },
    readFile: async (uri) => { reads.push(String(uri)); return entry(uri).bytes ?? new Uint8Array(); },
    readDirectory: async (uri) => {
      const prefix = `${String(uri)}/`;
      if (entry(uri).type !== DIRECTORY) throw new Error(`FileNotADirectory (FileSystemError): ${String(uri)}`);
      return Object.entries(entries)
        .filter(([u]) => u.startsWith(prefix) && !u.slice(prefix.length).includes('/'))
        .map(([u, e]): [string, number] => [u.slice(prefix.length), e.type]);
    },
    fileType: { File: FILE, Directory: DIRECTORY, SymbolicLink: SYMBOLIC_LINK },
  };
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('readFileForServer: what the web client hands the language server', () => {
  it('answers a regular file with its UTF-8 text', async () => {
    const text = '{ "user": { "name": "Zoë 👋" } }';
    assert.equal(await readFileForServer(host({ 'vscode-vfs://github/a/b.sample.json': { type: FILE, size: utf8(text).length, bytes: utf8(text) } }), { uri: 'vscode-vfs://github/a/b.sample.json' }), text);
  });

  it('follows a symbolic link to a regular file', async () => {
    assert.equal(await readFileForServer(host({ 'file:///w/umsg.config.json': { type: FILE | SYMBOLIC_LINK, size: 2, bytes: utf8('{}') } }), { uri: 'file:///w/umsg.config.json' }), '{}');
  });

  it('answers null for a directory named like a config file, without reading it', async () => {
    const h = host({ 'file:///w/umsg.config.json': { type: DIRECTORY, size: 4096 } });
    assert.equal(await readFileForServer(h, { uri: 'file:///w/umsg.config.json' }), null);
    assert.deepEqual(h.reads, []);
  });

  it('answers null for a file over the cap, without reading it', async () => {
    const h = host({ 'file:///w/a.sample.json': { type: FILE, size: READ_FILE_MAX_BYTES + 1 } });
    assert.equal(await readFileForServer(h, { uri: 'file:///w/a.sample.json' }), null);
    assert.deepEqual(h.reads, []);
  });

  it('answers null when the file grew over the cap between stat and read', async () => {
    assert.equal(await readFileForServer(host({ 'file:///w/a.sample.json': { type: FILE, size: 2, bytes: new Uint8Array(READ_FILE_MAX_BYTES + 1) } }), { uri: 'file:///w/a.sample.json' }), null);
  });

  it('answers null for a missing file and for malformed params, never throwing', async () => {
    const h = host({});
    assert.equal(await readFileForServer(h, { uri: 'file:///w/missing.sample.json' }), null);
    assert.equal(await readFileForServer(h, undefined), null);
    assert.equal(await readFileForServer(h, { uri: 42 } as unknown as { uri: string }), null);
  });
});

describe('readFolderForServer: the folders the server walks for workspace diagnostics', () => {
  it('lists files and folders; a link to a folder is not walked; a folder that cannot be listed is null', async () => {
    const fs = host({
      'file:///w': { type: DIRECTORY, size: 0 },
      'file:///w/a.umsg': { type: FILE, size: 2 },
      'file:///w/linked.umsg': { type: FILE | SYMBOLIC_LINK, size: 2 },
      'file:///w/cards': { type: DIRECTORY, size: 0 },
      'file:///w/loop': { type: DIRECTORY | SYMBOLIC_LINK, size: 0 },
      'file:///w/cards/b.umsg': { type: FILE, size: 2 },
    });
    assert.deepEqual(await readFolderForServer(fs, { uri: 'file:///w' }), [
      ['a.umsg', 'file'], ['linked.umsg', 'file'], ['cards', 'folder'], ['loop', 'other'],
    ]);
    assert.equal(await readFolderForServer(fs, { uri: 'file:///w/a.umsg' }), null);
    assert.equal(await readFolderForServer(fs, { uri: 'file:///missing' }), null);
  });
});
