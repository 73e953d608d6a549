/**
 * The command line and the files around a message: named pipes and devices, unreadable folders
 * and configs, links and link loops, the project root that ends the config walk, standard input
 * and a full disk, over temporary folders (the harness is test/support/cliRun.ts; worker
 * threads are in test/cli/threads.test.ts). Where the defect was a hang (named pipes, devices,
 * link loops) or the case needs its own process (another user, a full disk, a closed pipe), the
 * bundle (dist/cli.js, built when stale) runs as a child process with a timeout, so that a hang
 * fails the test instead of stalling the run. The other cases call `runCli` in-process, which
 * costs a fraction of a process start. With UMSG_CLI=path/to/cli.js every case runs that build
 * as a child process.
 *
 * Permissions: CI runs as root, where chmod does not stop reads. There the child runs as the
 * unprivileged user `nobody` (uid 65534), so unreadable folders are tested anyway; only when
 * that is impossible are those tests skipped, with the reason printed.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, openSync, realpathSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { ConfigLookup } from '../../server/src/workspace/configLookup';
import { messageContext } from '../../server/src/workspace/messageContext';
import { readRegularBytesSync, readRegularFile, readRegularFileSync } from '../../server/src/node/files';
import { ROOT, CLI, umsg, umsgJson, resultFor, assertNoCrash, tempTree, mkfifo, hasMkfifo, permissionSkip, VALID, NO_TITLE, LONG_TITLE, MESSENGER_ERROR, GREETING } from '../support/cliRun';

describe('named pipes and devices', () => {
  it('a named pipe as umsg.config.json is a config finding, not a hang', async (t) => {
    if (!hasMkfifo) return t.skip('no mkfifo here');
    const dir = tempTree({ 'a.umsg': VALID });
    mkfifo(path.join(dir, 'umsg.config.json'));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    const config = resultFor(run.results, path.join(dir, 'umsg.config.json'));
    assert.equal(config.messages.length, 1);
    assert.equal(config.messages[0].ruleId, 'config');
    assert.match(config.messages[0].message, /cannot be read \(it is a named pipe/);
    assert.deepEqual(resultFor(run.results, path.join(dir, 'a.umsg')).messages, [], 'the message is checked with the defaults');
    assert.equal(run.code, 1, 'an unusable config is an error');
  });

  it('a named pipe as NAME.sample.json is a sample-data finding; as a sibling it still counts as present', async (t) => {
    if (!hasMkfifo) return t.skip('no mkfifo here');
    const dir = tempTree({ 'brunch.umsg': LONG_TITLE });
    mkfifo(path.join(dir, 'brunch.sample.json'));
    mkfifo(path.join(dir, 'brunch.messenger.umsg'));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    const messages = resultFor(run.results, path.join(dir, 'brunch.umsg')).messages;
    // The Messenger sibling exists, so Messenger's title limit no longer applies to brunch.umsg.
    assert.deepEqual(messages.map((m) => m.ruleId), ['sample-data']);
    assert.match(messages[0].message, /brunch\.sample\.json cannot be read \(it is a named pipe/);
    // The sibling itself is a file to check: one line on standard error, exit 2.
    assert.match(run.stderr, /umsg: Cannot read "brunch\.messenger\.umsg": it is a named pipe/);
    assert.equal(run.code, 2);
  });

  it('four named pipes in a row do not stall the reads that follow', async (t) => {
    if (!hasMkfifo) return t.skip('no mkfifo here');
    const files: Record<string, string> = {};
    for (let i = 0; i < 8; i++) files[`m${i}.umsg`] = NO_TITLE;
    const dir = tempTree(files);
    for (let i = 0; i < 8; i++) mkfifo(path.join(dir, `m${i}.sample.json`));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    assert.equal(run.results.length, 8);
    for (const r of run.results) assert.deepEqual(r.messages.map((m) => m.ruleId).sort(), ['card-required', 'sample-data']);
  });

  it('a device as the config or the sample is refused without reading it', async () => {
    const dir = tempTree({ 'a.umsg': GREETING, 'sub/b.umsg': GREETING });
    symlinkSync('/dev/zero', path.join(dir, 'umsg.config.json'));
    symlinkSync('/dev/zero', path.join(dir, 'sub', 'b.sample.json'));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    // A link out of the project is refused before anything asks what it is.
    assert.match(
      resultFor(run.results, path.join(dir, 'umsg.config.json')).messages[0].message,
      /^umsg\.config\.json is a link to \/dev\/zero, outside the project \(.+\): it is not read/,
    );
    const sample = resultFor(run.results, path.join(dir, 'sub', 'b.umsg')).messages.find((m) => m.ruleId === 'sample-data');
    assert.ok(sample, 'the linked device is reported on the message');
  });

  it('readRegularFile: a pipe and a device give a reason, a missing file nothing, a large file its size', async (t) => {
    const dir = tempTree({ 'big.json': 'x'.repeat(1000), 'ok.json': '{}' });
    assert.equal(await readRegularFile(path.join(dir, 'ok.json'), 10), '{}');
    assert.equal(await readRegularFile(path.join(dir, 'none.json'), 10), undefined);
    assert.deepEqual(
      await readRegularFile(path.join(dir, 'big.json'), 999),
      { unreadable: 'it has 1000 bytes, over the limit of 999', size: 1000 },
    );
    assert.deepEqual(await readRegularFile('/dev/zero', 1e6), { unreadable: 'it is a device, not a regular file' });
    assert.deepEqual(await readRegularFile(dir, 1e6), { unreadable: 'it is a folder' });
    if (!hasMkfifo) return t.skip('no mkfifo here');
    mkfifo(path.join(dir, 'pipe.json'));
    assert.deepEqual(await readRegularFile(path.join(dir, 'pipe.json'), 1e6), { unreadable: 'it is a named pipe, not a regular file' });
  });
});

describe('the synchronous reader of the command line', () => {
  it('gives each file its own text: a long file, then a short one, then one over the shared buffer', () => {
    // readRegularFileSync decodes small files from one shared buffer: a shorter file read after
    // a longer one must not show the longer one's tail, and a file past that buffer is read whole.
    const long = '{"title": "' + 'é'.repeat(3000) + '"}';
    const large = 'ü'.repeat(40_000) + 'end';
    const dir = tempTree({ 'long.json': long, 'short.json': '{}', 'large.json': large, 'empty.json': '' });
    assert.equal(readRegularFileSync(path.join(dir, 'long.json'), 1e6), long);
    assert.equal(readRegularFileSync(path.join(dir, 'short.json'), 1e6), '{}');
    assert.equal(readRegularFileSync(path.join(dir, 'large.json'), 1e6), large);
    assert.equal(readRegularFileSync(path.join(dir, 'empty.json'), 1e6), '');
    assert.equal(readRegularFileSync(path.join(dir, 'short.json'), 2), '{}', 'a file exactly at the limit is read');
    assert.deepEqual(readRegularFileSync(path.join(dir, 'short.json'), 1), { unreadable: 'it has 2 bytes, over the limit of 1', size: 2 });
    assert.deepEqual(readRegularFileSync('/dev/zero', 1e6), { unreadable: 'it is a device, not a regular file' });
    assert.equal(readRegularFileSync(path.join(dir, 'none.json'), 10), undefined);
  });

  it('reads a file its folder listed as regular the same, in one read, limit and all', () => {
    // listedRegular skips the fstat: a read short of what it asked for is the whole file, and a
    // read that fills it (past the shared buffer, or past the limit) goes the way of any file.
    const long = '{"title": "' + 'é'.repeat(3000) + '"}';
    const large = 'ü'.repeat(40_000) + 'end';
    const dir = tempTree({ 'long.json': long, 'short.json': '{}', 'large.json': large, 'empty.json': '' });
    const read = (name: string, limit: number) => readRegularFileSync(path.join(dir, name), limit, true);
    assert.equal(read('long.json', 1e6), long);
    assert.equal(read('short.json', 1e6), '{}', 'not the long file\'s tail');
    assert.equal(read('large.json', 1e6), large);
    assert.equal(read('empty.json', 1e6), '');
    assert.equal(read('short.json', 2), '{}', 'a file exactly at the limit is read');
    assert.deepEqual(read('short.json', 1), { unreadable: 'it has 2 bytes, over the limit of 1', size: 2 });
    assert.deepEqual(read('large.json', 70_000), { unreadable: 'it has 80003 bytes, over the limit of 70000', size: 80_003 });
    // A listing that was wrong (the file replaced since): a device fills the read, and is then refused.
    assert.deepEqual(readRegularFileSync('/dev/zero', 1e6, true), { unreadable: 'it is a device, not a regular file' });
    assert.equal(readRegularFileSync(path.join(dir, 'none.json'), 10, true), undefined);
  });

  it('gives bytes that stay the file\'s own after the next read', () => {
    const dir = tempTree({ 'a.json': '{"a": 1}', 'b.json': '[]' });
    const a = readRegularBytesSync(path.join(dir, 'a.json'), 1e6) as Buffer;
    readRegularFileSync(path.join(dir, 'b.json'), 1e6);
    readRegularBytesSync(path.join(dir, 'b.json'), 1e6);
    assert.equal(a.toString('utf8'), '{"a": 1}');
  });
});

describe('the project root ends the config walk', () => {
  it('a config above a folder with .git is not used', async () => {
    const dir = tempTree({
      'umsg.config.json': MESSENGER_ERROR,
      'repo/.git/HEAD': 'ref: refs/heads/main\n',
      'repo/cards/a.umsg': LONG_TITLE,
      'loose/a.umsg': LONG_TITLE,
    });
    const inRepo = await umsgJson(['check', 'repo'], dir);
    assert.equal(inRepo.code, 0, inRepo.stderr);
    assert.deepEqual(
      resultFor(inRepo.results, path.join(dir, 'repo/cards/a.umsg')).messages.map((m) => m.severity),
      [1],
      'the default: a warning',
    );
    // The same config governs a folder that is not in a repository (the control).
    const loose = await umsgJson(['check', 'loose'], dir);
    assert.deepEqual(resultFor(loose.results, path.join(dir, 'loose/a.umsg')).messages.map((m) => m.severity), [2]);
    assert.equal(loose.code, 1);
  });

  it('.git as a file (a worktree or submodule) marks the root too', async () => {
    const dir = tempTree({ 'umsg.config.json': MESSENGER_ERROR, 'wt/.git': 'gitdir: /elsewhere\n', 'wt/a.umsg': LONG_TITLE });
    const run = await umsgJson(['check', 'wt'], dir);
    assert.equal(run.code, 0);
  });

  it('a config inside the repository, at its root or below, applies', async () => {
    const dir = tempTree({
      'umsg.config.json': '{ "channels": { "messenger": "off" } }',
      'repo/.git/HEAD': '',
      'repo/umsg.config.json': MESSENGER_ERROR,
      'repo/a/b/c.umsg': LONG_TITLE,
    });
    const run = await umsgJson(['check', 'repo'], dir);
    assert.equal(run.code, 1);
  });

  it('--print-config says which config applies to a file and where the project root is', async () => {
    const dir = tempTree({
      'umsg.config.json': MESSENGER_ERROR,
      'proj/umsg.config.json': '{ "root": true, "maxFileSize": 1000 }',
      'proj/x/a.umsg': VALID,
      'repo/.git/HEAD': '',
      'repo/a.umsg': VALID,
    });
    const run = await umsg(['check', '--print-config', 'proj/x/a.umsg'], dir);
    assert.equal(run.code, 0, run.stderr);
    const shown = JSON.parse(run.stdout);
    assert.equal(shown.configFile, path.join(dir, 'proj/umsg.config.json'));
    assert.equal(shown.projectRoot, path.join(dir, 'proj'));
    assert.equal(shown.config.maxFileSize, 1000);
    const none = JSON.parse((await umsg(['check', '--print-config', 'repo/a.umsg'], dir)).stdout);
    assert.equal(none.configFile, null, 'the config above the repository does not apply');
    assert.equal(none.projectRoot, path.join(dir, 'repo'));
    assert.equal(none.config.channels.messenger, 'warning');
  });

  it('an unreadable config is a config finding, not skipped silently', async (t) => {
    if (permissionSkip) return t.skip(permissionSkip);
    const dir = tempTree({ 'umsg.config.json': '{ "channels": { "messenger": "off" } }', 'a.umsg': LONG_TITLE });
    chmodSync(path.join(dir, 'umsg.config.json'), 0o000);
    const run = await umsgJson(['check'], dir, { unprivileged: true });
    assertNoCrash(run);
    const config = resultFor(run.results, path.join(dir, 'umsg.config.json'));
    assert.match(config.messages[0].message, /umsg\.config\.json cannot be read \(permission denied\): the checks use the defaults/);
    assert.deepEqual(
      resultFor(run.results, path.join(dir, 'a.umsg')).messages.map((m) => m.ruleId),
      ['channel-limit'],
      'defaults: Messenger is checked',
    );
    assert.equal(run.code, 1);
  });

  it('ConfigLookup: one walk per folder and one read per config, however many files', async () => {
    const reads: string[] = [];
    const exists: string[] = [];
    const files = new Map([['/p/umsg.config.json', '{ "channels": { "gbm": "off" } }'], ['/p/.git', '']]);
    const lookup = new ConfigLookup(
      async (p) => { reads.push(p); return files.get(p); },
      { exists: async (p) => { exists.push(p); return files.has(p); } },
    );
    for (let i = 0; i < 300; i++) {
      const found = await lookup.forFile(`/p/f${i % 10}/g${i % 3}/m${i}.umsg`);
      assert.equal(found.configPath, '/p/umsg.config.json');
      assert.equal(found.config.channels.gbm, 'off');
      assert.equal(found.root, '/p');
    }
    assert.deepEqual(reads, ['/p/umsg.config.json']);
    assert.equal(new Set(exists).size, exists.length, 'no path is tested twice');
  });

  it('a workspace folder ends the walk in the editor (stopAt)', async () => {
    const files = new Map([['/home/umsg.config.json', MESSENGER_ERROR]]);
    const found = await new ConfigLookup(async (p) => files.get(p), { stopAt: ['/home/me/project'] })
      .forFile('/home/me/project/cards/a.umsg');
    assert.equal(found.configPath, undefined);
    assert.equal(found.root, '/home/me/project');
  });
});

describe('a file too large even to read', () => {
  // Over maxFileSize × 3 + 3 bytes umsg check does not read a message at all (cli/checkFiles.ts);
  // under it, it reads it and the check's file-size rule counts characters. Both give the
  // rule's finding, with the severity the config gives the rule.
  const tree = (setting: string) => tempTree({
    'umsg.config.json': `{ "maxFileSize": 10, "rules": { "file-size": "${setting}" } }`,
    'unread.umsg': `{ "title": "${'x'.repeat(90)}" }`, // 12 + 90 + 3 = 105 bytes: over 33, not read
    'read.umsg': '{ "title": "abcdefgh" }', // 23 characters: read, over 10
  });

  it('gives the file-size finding in the rule\'s words and at the severity the config sets', async () => {
    const dir = tree('warning');
    const run = await umsgJson(['check', '.'], dir);
    assert.equal(run.code, 0, run.stderr);
    const unread = resultFor(run.results, path.join(dir, 'unread.umsg')).messages;
    const read = resultFor(run.results, path.join(dir, 'read.umsg')).messages;
    assert.deepEqual(
      unread.map((m) => [m.ruleId, m.severity, m.message]),
      [['file-size', 1, 'This file has 105 bytes, over the checking limit of 10 characters (maxFileSize): it was not checked.']],
    );
    assert.deepEqual(
      read.map((m) => [m.ruleId, m.severity, m.message]),
      [['file-size', 1, 'This file has 23 characters, over the checking limit of 10 (maxFileSize): it was not checked.']],
    );
  });

  it('gives nothing when the config turns the rule off', async () => {
    const run = await umsgJson(['check', '.'], tree('off'));
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.results.flatMap((r) => r.messages), []);
  });
});

describe('links', () => {
  it('a sample linked outside the project is refused with a sample-data finding, and never shown', async () => {
    const outside = tempTree({ 'secret.json': '{ "user": { "name": "TOPSECRET" } }' });
    const dir = tempTree({
      '.git/HEAD': '',
      'hello.umsg': GREETING,
      'shared/hello.json': '{ "user": { "name": "Ada" } }',
      'in/hello.umsg': GREETING,
    });
    symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'hello.sample.json'));
    symlinkSync(path.join(dir, 'shared/hello.json'), path.join(dir, 'in/hello.sample.json'));
    const run = await umsgJson(['check'], dir);
    const refused = resultFor(run.results, path.join(dir, 'hello.umsg')).messages.find((m) => m.ruleId === 'sample-data');
    assert.ok(refused, JSON.stringify(run.results));
    assert.match(refused.message, /hello\.sample\.json is a link to .*secret\.json, outside the project \(.+\): it is not read/);
    assert.deepEqual(resultFor(run.results, path.join(dir, 'in/hello.umsg')).messages, [], 'a link inside the project is followed');
    const rendered = await umsg(['render', 'hello.umsg'], dir);
    assert.doesNotMatch(rendered.stdout + rendered.stderr, /TOPSECRET/);
    assert.match(rendered.stderr, /outside the project/);
    assert.match((await umsg(['render', 'in/hello.umsg'], dir)).stdout, /Hello Ada/);
  });

  // A sample whose rendered title is over Messenger's 80 characters: the finding proves it was read.
  const LONG_NAME = '{ "user": { "name": "Ada Lovelace, Countess of Lovelace, ' +
    'who first published an algorithm for a machine, in 1843" } }';
  const botsTree = () => tempTree({ 'bots/greet.umsg': GREETING, 'bots/greet.sample.json': LONG_NAME, 'other-repo/.git/HEAD': '' });

  it('a plain sample beside the message is read wherever umsg check runs from: the project comes from the file', async () => {
    const top = botsTree();
    const bots = path.join(top, 'bots');
    const reports: string[] = [];
    for (const cwd of [path.join(top, 'other-repo'), '/', bots]) {
      const run = await umsgJson(['check', bots], cwd);
      assert.equal(run.code, 0, run.stderr);
      const messages = resultFor(run.results, path.join(bots, 'greet.umsg')).messages;
      assert.deepEqual(messages.map((m) => m.ruleId), ['channel-limit'], `from ${cwd}: ${JSON.stringify(messages)}`);
      assert.match(messages[0].message, /with the sample data/);
      reports.push(JSON.stringify(messages));
    }
    assert.equal(new Set(reports).size, 1, 'the same report from every folder');
    const rendered = await umsg(['render', path.join(bots, 'greet.umsg')], path.join(top, 'other-repo'));
    assert.equal(rendered.code, 0, rendered.stderr);
    assert.match(rendered.stdout, /Hello Ada Lovelace/);
    assert.equal(rendered.stderr, '');
  });

  it('a link out of a message\'s folder is refused when the message is in no project, and says where it points', async () => {
    const top = botsTree();
    const bots = path.join(top, 'bots');
    const secret = path.join(top, 'secret.json');
    const { writeFileSync, unlinkSync } = await import('node:fs');
    writeFileSync(secret, '{ "user": { "name": "TOPSECRET" } }');
    unlinkSync(path.join(bots, 'greet.sample.json'));
    symlinkSync(secret, path.join(bots, 'greet.sample.json'));
    for (const cwd of [top, '/', bots]) {
      const run = await umsgJson(['check', bots], cwd);
      const refused = resultFor(run.results, path.join(bots, 'greet.umsg')).messages.find((m) => m.ruleId === 'sample-data');
      assert.ok(refused, `from ${cwd}: ${JSON.stringify(run.results)}`);
      assert.equal(
        refused.message,
        `greet.sample.json is a link to ${realpathSync(secret)}, outside the project (${bots}): ` +
          'it is not read, and templates are checked without sample data.',
      );
    }
  });

  it('a umsg.config.json linked out of the project is not read: one config finding, and the defaults', async () => {
    const outside = tempTree({ 'config.json': MESSENGER_ERROR });
    const dir = tempTree({ '.git/HEAD': '', 'cards/brunch.umsg': LONG_TITLE, 'shared/config.json': MESSENGER_ERROR });
    symlinkSync(path.join(outside, 'config.json'), path.join(dir, 'umsg.config.json'));
    const run = await umsgJson(['check'], dir);
    const config = resultFor(run.results, path.join(dir, 'umsg.config.json')).messages;
    assert.deepEqual(config.map((m) => [m.ruleId, m.severity, m.message]), [[
      'config',
      2,
      `umsg.config.json is a link to ${realpathSync(path.join(outside, 'config.json'))}, outside the project (${dir}): ` +
        'it is not read, and the checks use the defaults.',
    ]]);
    const brunch = resultFor(run.results, path.join(dir, 'cards/brunch.umsg')).messages;
    assert.deepEqual(brunch.map((m) => [m.ruleId, m.severity]), [['channel-limit', 1]], 'the default: a warning');
    // A link inside the project is followed: its messenger "error" applies.
    const inside = tempTree({ '.git/HEAD': '', 'cards/brunch.umsg': LONG_TITLE, 'shared/config.json': MESSENGER_ERROR });
    symlinkSync(path.join(inside, 'shared/config.json'), path.join(inside, 'umsg.config.json'));
    const followed = await umsgJson(['check'], inside);
    assert.deepEqual(
      resultFor(followed.results, path.join(inside, 'cards/brunch.umsg')).messages.map((m) => [m.ruleId, m.severity]),
      [['channel-limit', 2]],
    );
  });

  it('a channel-specific sibling linked out of the project is never printed or drawn', async () => {
    const outside = tempTree({ 'secret.umsg': '{ "TOPSECRET": true }' });
    const dir = tempTree({ '.git/HEAD': '', 'hello.umsg': GREETING, 'shared/hello.umsg': '{ "type": "text" }', 'in/hello.umsg': GREETING });
    symlinkSync(path.join(outside, 'secret.umsg'), path.join(dir, 'hello.whatsapp.umsg'));
    symlinkSync(path.join(dir, 'shared/hello.umsg'), path.join(dir, 'in/hello.whatsapp.umsg'));
    const refused = await umsg(['render', 'hello.umsg', '--channel', 'whatsapp'], dir);
    assert.equal(refused.code, 2);
    assert.doesNotMatch(refused.stdout + refused.stderr, /TOPSECRET/);
    assert.match(refused.stderr, /WhatsApp receives hello\.whatsapp\.umsg is a link to .*secret\.umsg, outside the project \(.+\): it is not read\./);
    const followed = await umsg(['render', 'in/hello.umsg', '--channel', 'whatsapp'], dir);
    assert.equal(followed.code, 0, followed.stderr);
    assert.match(followed.stdout, /"type": "text"/);
    // The server's preview gets the refusal to draw instead of the file.
    const read = (p: string) => readRegularFile(p, 1e6);
    const context = await messageContext(path.join(dir, 'hello.umsg'), read, { within: [dir], realPath: async (p) => realpathSync(p) });
    assert.deepEqual(context.overriddenChannels, ['whatsapp'], 'it still replaces the message on WhatsApp');
    assert.match(context.linkedOutSiblings?.whatsapp ?? '', /^hello\.whatsapp\.umsg is a link to .*secret\.umsg, outside the project/);
  });

  it('messageContext refuses a linked sample outside `within`, for the language server too', async () => {
    const outside = tempTree({ 'secret.json': '{ "a": 1 }' });
    const dir = tempTree({ 'm.umsg': VALID });
    symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'm.sample.json'));
    const read = (p: string) => readRegularFile(p, 1e6);
    const refused = await messageContext(path.join(dir, 'm.umsg'), read, { within: [dir], realPath: async (p) => realpathSync(p) });
    assert.equal(refused.sample, undefined);
    assert.match(refused.sampleProblem ?? '', /outside the project/);
    const allowed = await messageContext(
      path.join(dir, 'm.umsg'),
      read,
      { within: [dir, outside], realPath: async (p) => realpathSync(p) },
    );
    assert.deepEqual(allowed.sample, { a: 1 });
  });

  it('links inside a checked folder are followed once; a link loop ends', async () => {
    const other = tempTree({ 'far/x.umsg': NO_TITLE, 'y.umsg': NO_TITLE });
    const dir = tempTree({ 'a.umsg': VALID, 'sub/b.umsg': VALID });
    symlinkSync(path.join(other, 'far'), path.join(dir, 'linked-folder'));
    symlinkSync(path.join(other, 'y.umsg'), path.join(dir, 'linked.umsg'));
    symlinkSync(dir, path.join(dir, 'sub', 'loop')); // back to the top: a loop
    symlinkSync(path.join(dir, 'sub'), path.join(dir, 'sub-again')); // the same folder twice
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    assert.deepEqual(
      run.results.map((r) => path.relative(dir, r.filePath)).sort(),
      ['a.umsg', 'linked-folder/x.umsg', 'linked.umsg', 'sub/b.umsg'],
    );
    assert.equal(run.code, 1, 'the linked files were checked (card-required)');
  });

  it('a link loop or a dangling link named like a message is one line, and the rest is checked', async () => {
    const dir = tempTree({ 'a.umsg': NO_TITLE });
    symlinkSync('self.umsg', path.join(dir, 'self.umsg'));
    symlinkSync('gone/nowhere.umsg', path.join(dir, 'dangling.umsg'));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    assert.match(run.stderr, /umsg: Cannot read "self\.umsg": a loop of symbolic links\./);
    assert.match(run.stderr, /umsg: Cannot read "dangling\.umsg": no such file or folder\./);
    assert.deepEqual(run.results.map((r) => path.relative(dir, r.filePath)), ['a.umsg']);
    assert.equal(run.code, 2);
    const named = await umsg(['check', 'self.umsg'], dir, { child: true });
    assert.equal(named.code, 2);
    assert.match(named.stderr, /umsg: Cannot read "self\.umsg": a loop of symbolic links\./);
  });
});

describe('unreadable folders and output errors', () => {
  it('an unreadable folder is one line and exit 2; the other files are checked', async (t) => {
    if (permissionSkip) return t.skip(permissionSkip);
    const dir = tempTree({ 'a.umsg': NO_TITLE, 'locked/b.umsg': VALID, 'z/c.umsg': VALID });
    chmodSync(path.join(dir, 'locked'), 0o000);
    const run = await umsgJson(['check'], dir, { unprivileged: true });
    assertNoCrash(run);
    assert.equal(run.stderr.split('\n').filter((l) => l.includes('locked')).length, 1, run.stderr);
    assert.match(run.stderr, /umsg: Cannot read the folder "locked": permission denied\./);
    assert.deepEqual(run.results.map((r) => path.relative(dir, r.filePath)), ['a.umsg', 'z/c.umsg']);
    assert.equal(run.code, 2);
  });

  it('a file inside an unreadable folder says permission denied, not "no such file"', async (t) => {
    if (permissionSkip) return t.skip(permissionSkip);
    const dir = tempTree({ 'locked/b.umsg': VALID, 'a.umsg': VALID });
    chmodSync(path.join(dir, 'locked'), 0o000);
    const run = await umsg(['check', 'locked/b.umsg'], dir, { unprivileged: true });
    assertNoCrash(run);
    assert.match(run.stderr, /Cannot read "locked[\\/]b\.umsg": permission denied\./);
    assert.equal(run.code, 2);
    // Readable folder, unreadable file: found by the walk, reported, the rest checked.
    chmodSync(path.join(dir, 'locked'), 0o755);
    chmodSync(path.join(dir, 'locked', 'b.umsg'), 0o000);
    const walk = await umsgJson(['check'], dir, { unprivileged: true });
    assert.match(walk.stderr, /Cannot read "locked[\\/]b\.umsg": permission denied\./);
    assert.deepEqual(walk.results.map((r) => path.relative(dir, r.filePath)), ['a.umsg']);
    assert.equal(walk.code, 2);
  });

  it('a full disk on standard output is one line and exit 2, no stack trace', {
    skip: !existsSync('/dev/full') && 'no /dev/full here',
  }, () => {
    const dir = tempTree({ 'a.umsg': NO_TITLE });
    const full = openSync('/dev/full', 'w');
    try {
      const run = spawnSync(
        process.execPath,
        [CLI, 'check'],
        { cwd: dir, stdio: ['ignore', full, 'pipe'], timeout: 20_000, encoding: 'utf8' },
      );
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stderr.trim(), 'umsg: cannot write the report: no space left on the device.');
    } finally {
      closeSync(full);
    }
  });

  it('a reader that stops early (EPIPE) ends the run quietly', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`m${String(i).padStart(3, '0')}.umsg`] = NO_TITLE;
    const dir = tempTree(files);
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" check | head -1`], { cwd: dir, timeout: 20_000, encoding: 'utf8' });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, 'm000.umsg\n');
  });
});

describe('--stdin --stdin-filename', () => {
  it('checks piped text as if it were at that path: its config, sample and siblings apply', async () => {
    const dir = tempTree({
      'umsg.config.json': MESSENGER_ERROR,
      'cards/hello.sample.json': '{ "user": { "name": "Ada" } }',
      'cards/brunch.gbm.umsg': '{}',
    });
    const piped = await umsgJson(['check', '--stdin', '--stdin-filename', 'cards/brunch.umsg'], dir, { input: LONG_TITLE });
    assert.deepEqual(piped.results.map((r) => r.filePath), [path.join(dir, 'cards/brunch.umsg')]);
    assert.deepEqual(
      piped.results[0].messages.map((m) => `${m.ruleId} ${m.severity}`),
      ['channel-limit 2'],
      'the config two folders up applies',
    );
    assert.equal(piped.code, 1);
    const withSample = await umsgJson(['check', '--stdin', '--stdin-filename=cards/hello.umsg'], dir, { input: GREETING });
    assert.deepEqual(withSample.results[0].messages, [], 'the sample beside that path is used');
  });

  it('needs a file name of a kind umsg checks, and no paths beside it', async () => {
    const dir = tempTree({ 'a.umsg': VALID });
    for (const args of [
      ['--stdin'],
      ['--stdin', '--stdin-filename', 'notes.txt'],
      ['--stdin', '--stdin-filename', 'x.umsg', 'a.umsg'],
      ['--stdin-filename', 'x.umsg'],
    ]) {
      const run = await umsg(['check', ...args], dir, { input: VALID });
      assert.equal(run.code, 2, args.join(' '));
      assert.equal(run.stdout, '');
    }
  });
});

describe('the language server reads the same way', () => {
  /** Starts dist/server.js --stdio on `workspace`; `diagnosticsFor(uri)` waits for its first publish. */
  async function startServer(workspace: string) {
    const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = await import('vscode-languageserver-protocol/node');
    const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const client = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const published = new Map<string, { message: string; code: string; severity: number }[]>();
    const waiting = new Map<string, () => void>();
    client.onNotification(
      'textDocument/publishDiagnostics',
      (p: { uri: string; diagnostics: { message: string; code: string; severity: number }[] }) => {
        published.set(p.uri, p.diagnostics);
        waiting.get(p.uri)?.();
      },
    );
    client.listen();
    const uri = (file: string) => pathToFileURL(file).toString();
    await client.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri(workspace),
      workspaceFolders: [{ uri: uri(workspace), name: 'w' }],
      capabilities: {},
    });
    await client.sendNotification('initialized', {});
    return {
      async open(file: string, text: string) {
        const got = new Promise<void>((resolve) => waiting.set(uri(file), resolve));
        await client.sendNotification('textDocument/didOpen', {
          textDocument: { uri: uri(file), languageId: 'universal-message', version: 1, text },
        });
        await Promise.race([
          got,
          new Promise<never>((_, reject) => setTimeout(
            () => reject(new Error(`no diagnostics for ${file} within 10 s: the server is stuck`)),
            10_000,
          ).unref()),
        ]);
        return published.get(uri(file))!;
      },
      stop() {
        client.dispose();
        child.kill();
      },
    };
  }

  it('named pipes as sample and sibling files do not stall the server, however many', async (t) => {
    if (!hasMkfifo) return t.skip('no mkfifo here');
    const files: Record<string, string> = { 'last.umsg': GREETING, 'last.sample.json': '{ "user": { "name": "Ada" } }' };
    const dir = tempTree(files);
    for (let i = 0; i < 6; i++) {
      mkfifo(path.join(dir, `m${i}.sample.json`));
      mkfifo(path.join(dir, `m${i}.gbm.umsg`));
    }
    const server = await startServer(dir);
    try {
      for (let i = 0; i < 6; i++) {
        const diagnostics = await server.open(path.join(dir, `m${i}.umsg`), NO_TITLE);
        assert.ok(diagnostics.some((d) => d.code === 'sample-data' && /named pipe/.test(d.message)), JSON.stringify(diagnostics));
      }
      assert.deepEqual(await server.open(path.join(dir, 'last.umsg'), GREETING), [], 'a regular sample is still read after them');
    } finally {
      server.stop();
    }
  });

  it('a message outside the workspace folder reads the plain sample beside it (its folder is its project)', async () => {
    const top = tempTree({
      'ws/.keep': '',
      'elsewhere/greet.umsg': GREETING,
      'elsewhere/greet.sample.json': '{ "user": { "name": "Ada Lovelace, Countess of Lovelace, ' +
        'who first published an algorithm for a machine, in 1843" } }',
    });
    const server = await startServer(path.join(top, 'ws'));
    try {
      const greet = await server.open(path.join(top, 'elsewhere', 'greet.umsg'), GREETING);
      assert.deepEqual(greet.map((d) => d.code), ['channel-limit'], JSON.stringify(greet));
      assert.match(greet[0].message, /with the sample data/);
    } finally {
      server.stop();
    }
  });

  it('a config above the workspace folder does not apply; a sample linked outside it is refused', async () => {
    const outside = tempTree({ 'secret.json': '{ "user": { "name": "TOPSECRET" } }' });
    const top = tempTree({ 'umsg.config.json': MESSENGER_ERROR, 'ws/brunch.umsg': LONG_TITLE, 'ws/hello.umsg': GREETING });
    symlinkSync(path.join(outside, 'secret.json'), path.join(top, 'ws', 'hello.sample.json'));
    const server = await startServer(path.join(top, 'ws'));
    try {
      const brunch = await server.open(path.join(top, 'ws', 'brunch.umsg'), LONG_TITLE);
      assert.deepEqual(brunch.map((d) => `${d.code} ${d.severity}`), ['channel-limit 2'], 'a warning: the default, not the config above');
      const hello = await server.open(path.join(top, 'ws', 'hello.umsg'), GREETING);
      assert.ok(hello.some((d) => d.code === 'sample-data' && /outside the project/.test(d.message)), JSON.stringify(hello));
    } finally {
      server.stop();
    }
  });
});
