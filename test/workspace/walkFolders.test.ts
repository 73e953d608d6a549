/**
 * The order `umsg check` reports a folder's files in, and workspace diagnostics walk them in:
 * localeCompare's, whether a folder's names are all plain (sorted without the collator) or not;
 * and which files it found as regular files.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FolderWalk, type FolderEntry } from '../../server/src/workspace/walkFolders';

/** The names of one folder's files as the walk takes them. */
async function walked(names: readonly string[]): Promise<string[]> {
  const taken: string[] = [];
  const walk = new FolderWalk({
    list: () => Promise.resolve(names.map((name): FolderEntry => ({ name, kind: 'file' }))),
    follow: () => Promise.resolve(undefined),
    join: (folder, name) => `${folder}/${name}`,
  }, {
    wanted: () => true,
    take: (file) => { taken.push(file.slice('/p/'.length)); },
    problem: () => undefined,
  });
  await walk.walk('/p', '/p');
  return taken;
}

const byLocale = (names: readonly string[]) => [...names].sort((a, b) => a.localeCompare(b));

describe('the order of a folder\'s files', () => {
  it('is localeCompare\'s for plain names: \'_\' before \'-\' before \'.\' before digits before letters', async () => {
    const names = ['b.umsg', 'a_b.umsg', 'a-b.umsg', 'a.b.umsg', 'a0.umsg', 'ab.umsg', 'a.umsg', 'card-10.umsg', 'card-9.umsg', '_x.umsg'];
    assert.deepEqual(await walked(names), byLocale(names));
    assert.deepEqual(await walked(names), ['_x.umsg', 'a_b.umsg', 'a-b.umsg', 'a.b.umsg', 'a.umsg', 'a0.umsg', 'ab.umsg', 'b.umsg',
      'card-10.umsg', 'card-9.umsg']);
  });

  it('is localeCompare\'s for names with capitals, spaces and letters beyond ASCII too', async () => {
    const names = ['b.umsg', 'B.umsg', 'Ab.umsg', 'aa.umsg', 'é.umsg', 'e.umsg', 'f.umsg', 'a b.umsg', 'a_b.umsg', 'Z.umsg'];
    assert.deepEqual(await walked(names), byLocale(names));
  });

  it('is localeCompare\'s for any names of plain characters, and of plain characters and a few others', async () => {
    const plain = fc.string({ unit: fc.constantFrom(...'_-.09azbm'), maxLength: 6 });
    const mixed = fc.string({ unit: fc.constantFrom(...'_-.09azAZ é'), maxLength: 6 });
    for (const name of [plain, mixed]) {
      await fc.assert(fc.asyncProperty(fc.uniqueArray(name, { maxLength: 12 }), async (names) => {
        assert.deepEqual(await walked(names), byLocale(names));
      }), { numRuns: 300 });
    }
  });
});

describe('what the walk says of each file', () => {
  it('says which files the listing (or a link\'s target) showed as regular files, so that their reads need not ask', async () => {
    const taken: [string, boolean][] = [];
    const entries: FolderEntry[] = [
      { name: 'a.umsg', kind: 'file' }, { name: 'pipe.umsg', kind: 'other' }, { name: 'to-file.umsg', kind: 'link' },
      { name: 'to-pipe.umsg', kind: 'link' },
    ];
    const walk = new FolderWalk({
      list: () => Promise.resolve(entries),
      follow: (link) => Promise.resolve({ kind: link.endsWith('to-file.umsg') ? 'file' : 'other', real: `${link}.real` }),
      join: (folder, name) => `${folder}/${name}`,
    }, {
      wanted: () => true,
      take: (file, _real, regular) => { taken.push([file.slice('/p/'.length), regular]); },
      problem: () => undefined,
    });
    await walk.walk('/p', '/p');
    assert.deepEqual(taken, [['a.umsg', true], ['pipe.umsg', false], ['to-file.umsg', true], ['to-pipe.umsg', false]]);
  });
});
