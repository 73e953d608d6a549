/**
 * The files the server must hear of (server/src/protocol/watchedFiles.ts): the globs it registers
 * and the VS Code client watches, and the name test the client applies to changes it makes in
 * the editor. The file holds its own copy of the core's names (the client must not bundle the
 * core); these tests hold it to them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHANNEL_IDS, CONFIG_FILE_NAME, languageOf } from '../../server/src/core';
import { excludeTest } from '../../server/src/lsp/globs';
import { affectsOthers } from '../../server/src/lsp/settings';
import { isProjectFile, isWatchedFile, WATCHED_FILES } from '../../server/src/protocol/watchedFiles';

const NAMES = [
  CONFIG_FILE_NAME, 'menu.umsg', ...CHANNEL_IDS.map((c) => `menu.${c}.umsg`), 'menu.sample.json', 'shop.configmeta.json',
  'stripe.provider.json', 'build.gradle', 'settings.gradle.kts', 'StripeProvider.kt', 'Legacy.java',
  // Not ours:
  'package.json', 'menu.umsg.bak', 'notes.md', 'tsconfig.json', 'build.gradle.orig', 'script.kts', 'x.umsg.json', 'kt',
  'other-umsg.config.json',
];

describe('watched files', () => {
  it('watches every file umsg checks and every file that changes another\'s findings', () => {
    for (const name of NAMES) {
      for (const uri of [`file:///w/${name}`, `file:///w/deep/er/${name}`]) {
        const needed = languageOf(uri) !== undefined || affectsOthers(uri);
        assert.equal(isWatchedFile(uri), needed, uri);
      }
    }
    assert.ok(WATCHED_FILES.includes(`**/${CONFIG_FILE_NAME}`));
  });

  it('answers as the registered globs match, for each name', () => {
    const globs = excludeTest(Object.fromEntries(WATCHED_FILES.map((g) => [g, true])))!;
    for (const name of NAMES) {
      for (const path of [name, `a/${name}`, `a/b/c/${name}`]) assert.equal(isWatchedFile(`/w/${path}`), globs(path), path);
    }
  });

  it('tells a Gradle project\'s files apart', () => {
    assert.deepEqual(NAMES.filter((n) => isProjectFile(`/w/${n}`)),
      ['build.gradle', 'settings.gradle.kts', 'StripeProvider.kt', 'Legacy.java']);
  });
});
