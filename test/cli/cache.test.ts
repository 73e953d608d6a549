/**
 * `umsg check --cache`: the report read from the cache is byte for byte the one a fresh check
 * writes, in every format and with every option that shapes it; each input of a file's
 * findings invalidates its entry; a cache that is damaged, foreign, of another version or that
 * cannot be written costs one line on standard error and never changes the report. And the
 * progress line on a terminal.
 *
 * Whether a file's findings came from the cache is seen by planting a finding no check makes
 * ("from the cache") in every entry of a written cache (with its checksum made good again):
 * a file whose inputs are unchanged shows it, a file whose input changed is checked again and
 * does not. So each invalidation test fails when its input is left out of the key, whether or
 * not that input changes the findings.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../../server/src/cli/main';
import { CheckCache, DEFAULT_CACHE_FILE } from '../../server/src/cli/checkCache';
import { FILES_PER_WORKER, jobsFor } from '../../server/src/cli/checkThreads';
import { PROGRESS_MIN_FILES } from '../../server/src/cli/progress';
import { CLI, assertNoCrash, hasMkfifo, mkfifo, tempTree, VALID, NO_TITLE, LONG_TITLE, GREETING, MESSENGER_ERROR } from '../support/cliRun';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `umsg args` in process, with the tool version the cache is keyed on and, optionally, a terminal on standard error. */
async function run(args: string[], cwd: string, options: { version?: string; tty?: boolean; stdin?: string } = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const input = options.stdin;
  const code = await runCli(args, {
    cwd,
    workerScript: CLI,
    stdin: (async function* () { if (input !== undefined) yield input; })(),
    stdout: (s) => { stdout += s; },
    stderr: (s) => { stderr += s; },
    toolVersion: options.version ?? '1.0.0',
    stderrIsTTY: options.tty,
  });
  return { code, stdout, stderr };
}

const PLANTED = 'from the cache';

interface CacheEntry {
  file: string;
  key: string;
  findings: unknown[];
}

/** A cache file's parts: its header line, the report its memo keeps (the bytes after the header) and its body. */
function cacheParts(file: string): { header: Record<string, unknown> & { run?: Record<string, unknown> }; memoOut: Buffer; body: string } {
  const bytes = readFileSync(file);
  const cut = bytes.indexOf('\n');
  const header = JSON.parse(bytes.toString('utf8', 0, cut)) as Record<string, unknown> & { run?: Record<string, unknown> };
  const start = cut + 1 + Number(header.run?.bytes ?? 0);
  return { header, memoOut: bytes.subarray(cut + 1, start), body: bytes.toString('utf8', start) };
}

/** Writes a cache file from its parts (see cacheParts), the size of its body made good. */
function writeCache(file: string, header: Record<string, unknown>, memoOut: Buffer | string, body: string): void {
  header.size = Buffer.byteLength(body);
  writeFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), Buffer.from(memoOut), Buffer.from(body)]));
}

function readCache(file: string): { header: Record<string, unknown>; entries: CacheEntry[] } {
  const { header, body: text } = cacheParts(file);
  const body = JSON.parse(text) as Record<string, string>;
  const entries = Object.entries(body).map(([f, entry]) => {
    const end = entry.lastIndexOf('\n');
    return { file: f, key: entry.slice(0, end), findings: JSON.parse(entry.slice(end + 1)) as unknown[] };
  });
  return { header, entries };
}

/** A cache's body as umsg writes it: each file's key and findings' JSON text, joined by a line break. */
function cacheBody(entries: CacheEntry[]): string {
  return JSON.stringify(Object.fromEntries(entries.map((e) => [e.file, `${e.key}\n${JSON.stringify(e.findings)}`])));
}

/** Replaces every entry's findings with one finding no rule makes, and makes the checksum good again. */
function plant(file: string): void {
  const { header, memoOut } = cacheParts(file);
  const { entries } = readCache(file);
  const body = cacheBody(entries.map((e) => ({ ...e, findings: [{
    rule: 'planted', severity: 'warning', message: PLANTED, start: { line: 1, column: 1 }, end: { line: 1, column: 2 },
  }] })));
  header.sha256 = createHash('sha256').update(body).digest('hex');
  writeCache(file, header, memoOut, body);
}

/** The files whose findings came from the planted cache, by name, from a json report. */
function fromCache(stdout: string): string[] {
  const results = JSON.parse(stdout) as { filePath: string; messages: { message: string }[] }[];
  return results.filter((r) => r.messages.some((m) => m.message === PLANTED)).map((r) => path.basename(r.filePath)).sort();
}

/** A project with what every input looks like: configs, samples good and bad, siblings, broken JSON, a Configuration Meta. */
function project(): string {
  const files: Record<string, string> = {
    'umsg.config.json': '{ "channels": { "messenger": "error" }, "rules": { "nope": "off" } }',
    'sub/umsg.config.json': '{ "channels": { "whatsapp": "off" } }',
    'settings.configmeta.json': '[{ "key": "apiKey", "label": "API key", "type": "String" }, { "key": "apiKey", "label": "x" }]',
  };
  const kinds = [VALID, NO_TITLE, LONG_TITLE, GREETING, '{ "type": "rich", broken'];
  for (let i = 0; i < 30; i++) {
    const folder = ['', 'a/', 'sub/'][i % 3];
    files[`${folder}m${i}.umsg`] = kinds[i % kinds.length];
    if (i % 4 === 3) files[`${folder}m${i}.sample.json`] = i % 8 === 3 ? '{ "user": { "name": "Ada" } }' : '[1]';
    if (i % 10 === 0) files[`${folder}m${i}.whatsapp.umsg`] = '{ "text": "Hi" }';
  }
  return tempTree(files);
}

for (const strategy of ['metadata', 'content'] as const) {
  /** --cache with the strategy under test (each is the whole of the suite below). */
  const cache = ['--cache', '--cache-strategy', strategy];

  describe(`umsg check --cache --cache-strategy ${strategy}: the same report`, () => {
    it('writes, then reads, byte for byte the report of a run without the cache, in every format and option', async () => {
      const dir = project();
      const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
      for (const options of [
        ['--format', 'stylish'],
        ['--format', 'json'],
        ['--format', 'sarif'],
        ['--format', 'github'],
        ['--format', 'json', '--quiet'],
        ['--format', 'stylish', '--max-warnings', '0'],
        ['--format', 'json', '--jobs', '2'],
      ]) {
        const label = options.join(' ');
        rmSync(cacheFile, { force: true });
        const plain = await run(['check', ...options], dir);
        const writing = await run(['check', ...options, ...cache], dir);
        assert.ok(existsSync(cacheFile), `${label}: the cache is written`);
        // 30 messages, 3 siblings and the Configuration Meta (umsg.config.json is checked apart, every time).
        assert.equal(readCache(cacheFile).entries.length, 34, label);
        const reading = await run(['check', ...options, ...cache], dir);
        for (const r of [writing, reading]) {
          assertNoCrash(r);
          assert.equal(r.stdout, plain.stdout, label);
          assert.equal(r.stderr, plain.stderr, label);
          assert.equal(r.code, plain.code, label);
        }
        assert.equal(plain.code, 1, `${label}: the project has errors`);
      }
    });

    it('a second run takes every unchanged file from the cache, and a run on worker threads does too', async () => {
      const dir = project();
      await run(['check', ...cache], dir);
      plant(path.join(dir, DEFAULT_CACHE_FILE));
      const sequential = await run(['check', '--format', 'json', ...cache], dir);
      assert.equal(fromCache(sequential.stdout).length, 34);
      const parallel = await run(['check', '--format', 'json', ...cache, '--jobs', '2'], dir);
      assert.equal(parallel.stdout, sequential.stdout);
    });

    it('--stdin does not use the cache, as in ESLint: the text is checked every time and no cache is written', async () => {
      const dir = tempTree({ 'hello.umsg': NO_TITLE });
      const stdin = ['check', '--stdin', '--stdin-filename', 'hello.umsg', '--format', 'json'];
      const withCache = await run([...stdin, ...cache], dir, { stdin: VALID });
      const without = await run(stdin, dir, { stdin: VALID });
      assert.equal(withCache.stdout, without.stdout);
      assert.equal(withCache.stderr, '');
      assert.equal(existsSync(path.join(dir, DEFAULT_CACHE_FILE)), false);
    });

    it('--cache-location without --cache is a usage error', async () => {
      const r = await run(['check', '--cache-location', 'x'], tempTree({ 'a.umsg': VALID }));
      assert.equal(r.code, 2);
      assert.match(r.stderr, /--cache-location goes with --cache/);
    });

    it('--cache-strategy without --cache, or of another name, is a usage error', async () => {
      const dir = tempTree({ 'a.umsg': VALID });
      const alone = await run(['check', '--cache-strategy', strategy], dir);
      assert.equal(alone.code, 2);
      assert.match(alone.stderr, /--cache-strategy goes with --cache/);
      const other = await run(['check', '--cache', '--cache-strategy', 'mtime'], dir);
      assert.equal(other.code, 2);
      assert.match(other.stderr, /--cache-strategy is metadata or content, not "mtime"/);
    });
  });

  describe(`umsg check --cache --cache-strategy ${strategy}: each input of a file invalidates its entry`, () => {
    /**
     * Runs with the cache, plants the marker, applies `change`, runs again: the files whose
     * findings still come from the cache.
     */
    async function afterChange(
      files: Record<string, string>,
      change: (dir: string) => void,
      version = '1.0.0',
    ): Promise<{ cached: string[]; run: Run }> {
      const dir = tempTree(files);
      const first = await run(['check', ...cache], dir);
      assertNoCrash(first);
      plant(path.join(dir, DEFAULT_CACHE_FILE));
      const unchanged = await run(['check', '--format', 'json', ...cache], dir);
      const messages = Object.keys(files).filter((f) => f.endsWith('.umsg')).map((f) => path.basename(f)).sort();
      assert.deepEqual(fromCache(unchanged.stdout), messages,
        'before the change, every message comes from the cache');
      change(dir);
      const after = await run(['check', '--format', 'json', ...cache], dir, { version });
      return { cached: fromCache(after.stdout), run: after };
    }

    it("the file's text", async () => {
      const files = { 'a.umsg': NO_TITLE, 'b.umsg': NO_TITLE };
      const { cached, run: r } = await afterChange(files, (dir) => writeFileSync(path.join(dir, 'a.umsg'), VALID));
      assert.deepEqual(cached, ['b.umsg']);
      assert.deepEqual((JSON.parse(r.stdout) as { messages: unknown[] }[])[0].messages, [], 'a.umsg is checked again: it is valid now');
    });

    it("the file's text rewritten with the same size, its modification time put back", async () => {
      const dir = tempTree({ 'a.umsg': NO_TITLE, 'b.umsg': NO_TITLE });
      const a = path.join(dir, 'a.umsg');
      // A whole second, which utimes sets exactly.
      const then = new Date('2024-01-01T00:00:00Z');
      utimesSync(a, then, then);
      await run(['check', ...cache], dir);
      plant(path.join(dir, DEFAULT_CACHE_FILE));
      writeFileSync(a, NO_TITLE.replace('rich', 'RICH'));
      utimesSync(a, then, then);
      assert.equal(statSync(a).mtimeMs, then.getTime());
      const after = await run(['check', '--format', 'json', ...cache], dir);
      assert.deepEqual(fromCache(after.stdout), ['b.umsg']);
    });

    it('the config file, and a config added above the file', async () => {
      const changed = await afterChange(
        { 'umsg.config.json': '{}', 'a.umsg': LONG_TITLE, 'sub/b.umsg': LONG_TITLE },
        (dir) => writeFileSync(path.join(dir, 'umsg.config.json'), MESSENGER_ERROR),
      );
      assert.deepEqual(changed.cached, []);
      assert.equal(changed.run.code, 1, 'the title over Messenger\'s limit is an error now');
      const added = await afterChange(
        { 'a.umsg': LONG_TITLE, 'sub/b.umsg': LONG_TITLE },
        (dir) => writeFileSync(path.join(dir, 'sub', 'umsg.config.json'), MESSENGER_ERROR),
      );
      assert.deepEqual(added.cached, ['a.umsg']);
    });

    it('the sample data: added, changed, removed', async () => {
      const files = { 'hello.umsg': GREETING, 'other.umsg': GREETING, 'other.sample.json': '{ "user": { "name": "Bo" } }' };
      const added = await afterChange(files, (dir) => writeFileSync(path.join(dir, 'hello.sample.json'), '{ "user": { "name": "Ada" } }'));
      assert.deepEqual(added.cached, ['other.umsg']);
      const longName = `{ "user": { "name": "${'A'.repeat(90)}" } }`;
      const changed = await afterChange(files, (dir) => writeFileSync(path.join(dir, 'other.sample.json'), longName));
      assert.deepEqual(changed.cached, ['hello.umsg']);
      const removed = await afterChange(files, (dir) => rmSync(path.join(dir, 'other.sample.json')));
      assert.deepEqual(removed.cached, ['hello.umsg']);
    });

    it('a channel-specific sibling: added, changed, removed', async () => {
      const files = { 'a.umsg': LONG_TITLE, 'b.umsg': LONG_TITLE, 'b.whatsapp.umsg': '{ "text": "Hi" }' };
      const added = await afterChange(files, (dir) => writeFileSync(path.join(dir, 'a.messenger.umsg'), '{ "text": "Hi" }'));
      assert.deepEqual(added.cached, ['b.umsg', 'b.whatsapp.umsg']);
      const changed = await afterChange(files, (dir) => writeFileSync(path.join(dir, 'b.whatsapp.umsg'), '{ "text": "Hello" }'));
      // The sibling itself is checked again too: its own text changed.
      assert.deepEqual(changed.cached, ['a.umsg']);
      const removed = await afterChange(files, (dir) => rmSync(path.join(dir, 'b.whatsapp.umsg')));
      assert.deepEqual(removed.cached, ['a.umsg']);
    });

    it("a provider descriptor's Gradle project: a build file of its subproject changed", async () => {
      const dir = tempTree({});
      cpSync(path.join(__dirname, '..', 'fixtures', 'provider-project'), dir, { recursive: true });
      const first = await run(['check', ...cache], dir);
      assertNoCrash(first);
      plant(path.join(dir, DEFAULT_CACHE_FILE));
      const before = fromCache((await run(['check', '--format', 'json', ...cache], dir)).stdout);
      const both = before.includes('card-payments.provider.json') && before.includes('sms.provider.json');
      assert.ok(both, `from the cache: ${before.join(', ')}`);
      const build = path.join(dir, 'payments', 'build.gradle');
      writeFileSync(build, readFileSync(build, 'utf8').replace("group 'io.acme.payments'", "group 'io.acme.billing'"));
      const after = fromCache((await run(['check', '--format', 'json', ...cache], dir)).stdout);
      assert.ok(!after.includes('card-payments.provider.json'), 'the descriptor of the changed subproject is checked again');
      assert.ok(after.includes('sms.provider.json'), 'a descriptor of another subproject still comes from the cache');
    });

    it("the tool's version: the whole cache is ignored, with one line", async () => {
      const { cached, run: r } = await afterChange({ 'a.umsg': NO_TITLE }, () => undefined, '2.0.0');
      assert.deepEqual(cached, []);
      assert.match(r.stderr, /^umsg: The cache ".*\.umsgcache" was written by another version or build of umsg: it is ignored, and every file is checked\.\n$/);
    });
  });
}

describe('umsg check --cache: a cache that cannot be used', () => {
  const files = { 'a.umsg': NO_TITLE, 'b.umsg': LONG_TITLE, 'c.umsg': VALID };

  /** The report without a cache, to compare with. */
  async function plain(dir: string): Promise<Run> {
    return run(['check', '--format', 'json'], dir);
  }

  for (const [name, damage, line] of [
    ['truncated', (t: string) => t.slice(0, Math.floor(t.length * 0.75)), /is damaged: it is ignored, and every file is checked\./],
    ['a byte changed in the findings', (t: string) => t.replace('\\"warning\\"', '\\"error\\"  '), /is damaged/],
    ['empty', () => '', /is damaged/],
    ['a header alone', (t: string) => t.slice(0, t.indexOf('\n')), /is damaged/],
    ['valid JSON of another shape, checksum and all', (t: string) => {
      const header = JSON.parse(t.slice(0, t.indexOf('\n'))) as Record<string, unknown>;
      // Without the memo, whose report would come before the body.
      delete header.run;
      const body = '{"a.umsg":[]}';
      header.sha256 = createHash('sha256').update(body).digest('hex');
      header.size = body.length;
      return `${JSON.stringify(header)}\n${body}`;
    }, /is damaged/],
  ] as const) {
    it(`${name}: ignored with one line, the report unchanged, and written anew`, async () => {
      const dir = tempTree(files);
      const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
      await run(['check', '--cache'], dir);
      writeFileSync(cacheFile, damage(readFileSync(cacheFile, 'utf8')));
      const r = await run(['check', '--format', 'json', '--cache'], dir);
      assert.equal(r.stdout, (await plain(dir)).stdout);
      assert.equal(r.stderr.split('\n').length, 2, `one line: ${r.stderr}`);
      assert.match(r.stderr, line);
      assert.equal(readCache(cacheFile).entries.length, 3, 'a good cache replaces it');
      const again = await run(['check', '--format', 'json', '--cache'], dir);
      assert.equal(again.stderr, '');
    });
  }

  for (const strategy of ['metadata', 'content']) {
    it(`--cache-strategy ${strategy}: an entry whose findings are not findings, checksum and all: that file alone is checked`, async () => {
      const dir = tempTree(files);
      const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
      const cache = ['--cache', '--cache-strategy', strategy];
      await run(['check', ...cache], dir);
      plant(cacheFile);
      // b.umsg's findings: not findings (a rule that is not text); a.umsg and c.umsg keep the planted one.
      const { header, memoOut } = cacheParts(cacheFile);
      const { entries } = readCache(cacheFile);
      const body = cacheBody(entries.map((e) => (path.basename(e.file) === 'b.umsg'
        ? { ...e, findings: [{ rule: 7, severity: 'warning', message: 'x', start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }] }
        : e)));
      header.sha256 = createHash('sha256').update(body).digest('hex');
      writeCache(cacheFile, header, memoOut, body);
      const r = await run(['check', '--format', 'json', ...cache], dir);
      assert.deepEqual(fromCache(r.stdout), ['a.umsg', 'c.umsg']);
      const checked = (JSON.parse(r.stdout) as { filePath: string }[]).find((x) => path.basename(x.filePath) === 'b.umsg');
      const fresh = (JSON.parse((await plain(dir)).stdout) as { filePath: string }[]).find((x) => path.basename(x.filePath) === 'b.umsg');
      assert.deepEqual(checked, fresh);
      assert.match(r.stderr, /^umsg: The cache ".*\.umsgcache" is damaged: files whose entries are damaged are checked\.\n$/);
      const again = await run(['check', '--format', 'json', ...cache], dir);
      assert.equal(again.stderr, '', 'the entry is written anew');
      assert.deepEqual(fromCache(again.stdout), ['a.umsg', 'c.umsg']);
    });
  }

  it('a file that is not a umsg cache: ignored with one line, and left as it is', async () => {
    const dir = tempTree({ ...files, 'notes.txt': 'my notes\n' });
    const r = await run(['check', '--format', 'json', '--cache', '--cache-location', 'notes.txt'], dir);
    assert.equal(r.stdout, (await plain(dir)).stdout);
    assert.match(r.stderr, /^umsg: The cache ".*notes\.txt" is not a umsg cache: it is left as it is, and every file is checked\.\n$/);
    assert.equal(readFileSync(path.join(dir, 'notes.txt'), 'utf8'), 'my notes\n');
  });

  it('a cache that cannot be read (a folder where the cache should be): one line, the same report, and left as it is', async () => {
    const dir = tempTree({ ...files, '.umsgcache/keep': 'x' });
    const r = await run(['check', '--format', 'json', '--cache'], dir);
    assert.equal(r.stdout, (await plain(dir)).stdout);
    assert.match(r.stderr, /^umsg: Cannot read the cache ".*\.umsgcache" \(it is a folder\): it is left as it is, and every file is checked\.\n$/);
    assert.equal(readFileSync(path.join(dir, '.umsgcache', 'keep'), 'utf8'), 'x');
  });

  it('a cache that cannot be written: one line, the same report and exit code', async () => {
    const dir = tempTree({ ...files, 'file.txt': 'a file, not a folder\n' });
    const r = await run(['check', '--format', 'json', '--cache', '--cache-location', 'file.txt/cache'], dir);
    const p = await plain(dir);
    assert.equal(r.stdout, p.stdout);
    assert.equal(r.code, p.code);
    assert.match(r.stderr, /^umsg: Cannot write the cache ".*file\.txt[\\/]cache" \(.+\): the next run checks every file again\.\n$/);
  });
});

/** What no report holds: put before the report a memo keeps, to tell a report written from the memo. */
const MEMO_MARK = 'from the memo\n';

/** Adds MEMO_MARK before the report the cache's memo keeps; with `checksum`, makes the memo's checksum good again. */
function plantMemo(file: string, checksum = true): void {
  const { header, memoOut, body } = cacheParts(file);
  const memo = header.run;
  assert.ok(memo, 'the cache keeps the report of the run');
  const out = Buffer.concat([Buffer.from(MEMO_MARK), memoOut]);
  memo.bytes = out.length;
  if (checksum) {
    const parts = [memo.key, header.sha256, String(memo.exit), memo.err].map((x) => `${String(x).length}:${String(x)}`);
    memo.sha256 = createHash('sha256').update(`${parts.join('')}${out.length}:`).update(out).digest('hex');
  }
  writeCache(file, header, out, body);
}

describe('umsg check --cache: the whole report of a run whose every input is unchanged', () => {
  const cache = ['--cache'];

  it('is written again byte for byte, with the exit code and standard error, without the files\' entries', async () => {
    const dir = project();
    for (const options of [['--format', 'stylish'], ['--format', 'github', '--max-warnings', '0']]) {
      const plain = await run(['check', ...options], dir);
      const first = await run(['check', ...options, ...cache], dir);
      const second = await run(['check', ...options, ...cache], dir);
      for (const r of [first, second]) assert.deepEqual(r, plain, options.join(' '));
      plantMemo(path.join(dir, DEFAULT_CACHE_FILE));
      const third = await run(['check', ...options, ...cache], dir);
      assert.deepEqual(third, { ...plain, stdout: MEMO_MARK + plain.stdout }, options.join(' '));
    }
  });

  it('is not used when an option changes the report, nor kept for more than one run', async () => {
    const dir = project();
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    for (const options of [['--format', 'json'], ['--quiet'], ['--max-warnings', '0'], ['--format', 'sarif']]) {
      await run(['check', ...cache], dir);
      plantMemo(cacheFile);
      const plain = await run(['check', ...options], dir);
      const other = await run(['check', ...options, ...cache], dir);
      assert.deepEqual(other, plain, options.join(' '));
      // The cache now keeps this run's report alone: the first one's is gone.
      const again = await run(['check', ...cache], dir);
      assert.equal(again.stdout, (await run(['check'], dir)).stdout, options.join(' '));
    }
  });

  it('is not used when one file among many changed, nor when its sample or the config did', async () => {
    const later = new Date(Date.now() + 60_000);
    const changes: [string, (dir: string) => void][] = [
      ['a message', (dir) => writeFileSync(path.join(dir, 'a', 'm4.umsg'), VALID)],
      // The same text: only its times say it was written.
      ['a message touched', (dir) => utimesSync(path.join(dir, 'a', 'm4.umsg'), later, later)],
      ['a sample', (dir) => writeFileSync(path.join(dir, 'm3.sample.json'), '{ "user": { "name": "Grace" } }')],
      ['a sample added', (dir) => writeFileSync(path.join(dir, 'm6.sample.json'), '{ "user": { "name": "Grace" } }')],
      ['a sibling', (dir) => writeFileSync(path.join(dir, 'm0.whatsapp.umsg'), '{ "text": "Hello" }')],
      // The same settings, and one more finding on the config itself.
      ['a config', (dir) => writeFileSync(path.join(dir, 'sub', 'umsg.config.json'), '{ "channels": { "whatsapp": "off" }, "nope": 1 }')],
      ['a config added', (dir) => writeFileSync(path.join(dir, 'a', 'umsg.config.json'), '{ "channels": { "gbm": "off" } }')],
      ['a file added', (dir) => writeFileSync(path.join(dir, 'a', 'new.umsg'), NO_TITLE)],
      ['a file removed', (dir) => rmSync(path.join(dir, 'a', 'm4.umsg'))],
    ];
    for (const [label, change] of changes) {
      const dir = project();
      await run(['check', ...cache], dir);
      plantMemo(path.join(dir, DEFAULT_CACHE_FILE));
      change(dir);
      const after = await run(['check', ...cache], dir);
      assert.deepEqual(after, await run(['check'], dir), label);
    }
  });

  it('is not used by another version of umsg: the whole cache is ignored, with one line', async () => {
    const dir = project();
    await run(['check', ...cache], dir);
    plantMemo(path.join(dir, DEFAULT_CACHE_FILE));
    const other = await run(['check', ...cache], dir, { version: '2.0.0' });
    const plain = await run(['check'], dir, { version: '2.0.0' });
    assert.equal(other.stdout, plain.stdout);
    assert.equal(other.code, plain.code);
    assert.match(other.stderr, /^umsg: The cache ".*\.umsgcache" was written by another version or build of umsg/);
  });

  it('is not used from a cache cut short or run on: the report is that of a check, with one line', async () => {
    for (const damage of [(b: Buffer) => b.subarray(0, b.length - 1), (b: Buffer) => Buffer.concat([b, Buffer.from(' ')])]) {
      const dir = project();
      const plain = await run(['check'], dir);
      await run(['check', ...cache], dir);
      const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
      plantMemo(cacheFile);
      writeFileSync(cacheFile, damage(readFileSync(cacheFile)));
      const r = await run(['check', ...cache], dir);
      assert.deepEqual({ ...r, stderr: '' }, plain);
      assert.match(r.stderr, /^umsg: The cache ".*\.umsgcache" is damaged: it is ignored, and every file is checked\.\n$/);
    }
  });

  it('stands without the entries: one damaged among them is said by the next run that reads them, and checked', async () => {
    const dir = project();
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    const plain = await run(['check'], dir);
    await run(['check', ...cache], dir);
    plantMemo(cacheFile);
    // A byte of an entry changed, the size kept: the entries' checksum no longer holds.
    const { header, memoOut, body } = cacheParts(cacheFile);
    const damaged = body.replace('\\n[]', '\\n{}');
    assert.notEqual(damaged, body);
    writeCache(cacheFile, header, memoOut, damaged);
    // The remembered report is covered by its own checksum: it is that run's, whatever the entries hold.
    assert.deepEqual(await run(['check', ...cache], dir), { ...plain, stdout: MEMO_MARK + plain.stdout });
    const other = await run(['check', '--quiet', ...cache], dir);
    assert.equal(other.stdout, (await run(['check', '--quiet'], dir)).stdout);
    assert.match(other.stderr, /^umsg: The cache ".*\.umsgcache" is damaged: it is ignored, and every file is checked\.\n$/);
  });

  it('is written by the bundle as the bytes the first run wrote, text beyond ASCII and all, in every format', async () => {
    const dir = tempTree({
      'umsg.config.json': MESSENGER_ERROR,
      'crème/brûlée.umsg': LONG_TITLE,
      'crème/日本.umsg': '{ "type": "rich", "title": "Déjà vu 🍜", "description": "Soupe du jour." }\n',
      'crème/sans titre.umsg': NO_TITLE,
    });
    const umsgProcess = (args: string[]) => {
      const r = spawnSync(process.execPath, [CLI, 'check', ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeout: 20_000 });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
    };
    for (const format of ['stylish', 'json', 'sarif', 'github']) {
      const plain = umsgProcess(['--format', format]);
      assert.ok(plain.stdout.some((byte) => byte > 0x7f), `${format}: a report beyond ASCII`);
      const first = umsgProcess(['--format', format, ...cache]);
      const second = umsgProcess(['--format', format, ...cache]);
      for (const r of [first, second]) assert.deepEqual(r, plain, format);
      // The second run was the memo's: one planted before its report shows.
      plantMemo(path.join(dir, DEFAULT_CACHE_FILE));
      const third = umsgProcess(['--format', format, ...cache]);
      assert.deepEqual(third, { ...plain, stdout: Buffer.concat([Buffer.from(MEMO_MARK), plain.stdout]) }, format);
      // In process (the memo's bytes decoded for a sink of text), the same report; a cache of its own (another build).
      const inProcess = ['check', '--format', format, ...cache, '--cache-location', 'in-process'];
      const text = (await run(['check', '--format', format], dir)).stdout;
      for (let i = 0; i < 2; i++) assert.equal((await run(inProcess, dir)).stdout, text, format);
      plantMemo(path.join(dir, 'in-process'));
      assert.equal((await run(inProcess, dir)).stdout, MEMO_MARK + text, format);
    }
  });

  it('is ignored when it is damaged: the report is that of a check, and nothing is said', async () => {
    const dir = project();
    const plain = await run(['check'], dir);
    await run(['check', ...cache], dir);
    plantMemo(path.join(dir, DEFAULT_CACHE_FILE), false);
    assert.deepEqual(await run(['check', ...cache], dir), plain);
    // That run kept its own report in place of the damaged one.
    plantMemo(path.join(dir, DEFAULT_CACHE_FILE));
    assert.equal((await run(['check', ...cache], dir)).stdout, MEMO_MARK + plain.stdout);
  });
});

describe('umsg check --cache-location and what the cache keeps', () => {
  it('a path is the cache file; a folder (existing, or ending with a separator) holds one named after the working folder', async () => {
    const dir = tempTree({ 'a.umsg': NO_TITLE, 'caches/keep': '' });
    await run(['check', '--cache', '--cache-location', 'my-cache'], dir);
    assert.equal(readCache(path.join(dir, 'my-cache')).entries.length, 1);
    assert.equal(existsSync(path.join(dir, DEFAULT_CACHE_FILE)), false);

    await run(['check', '--cache', '--cache-location', 'caches'], dir);
    const name = `${DEFAULT_CACHE_FILE}_${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`;
    const inFolder = (folder: string) => path.join(dir, folder, name);
    assert.equal(readCache(inFolder('caches')).entries.length, 1);

    await run(['check', '--cache', '--cache-location', `new${path.sep}`], dir);
    assert.equal(readCache(inFolder('new')).entries.length, 1);
  });

  it('drops files no longer there, and keeps those of other runs that still exist', async () => {
    const dir = tempTree({ 'a/one.umsg': VALID, 'a/two.umsg': NO_TITLE, 'b/three.umsg': VALID });
    const cacheFile = path.join(dir, DEFAULT_CACHE_FILE);
    await run(['check', '--cache'], dir);
    const names = () => readCache(cacheFile).entries.map((e) => path.relative(dir, e.file)).sort();
    assert.deepEqual(names(), ['a/one.umsg', 'a/two.umsg', 'b/three.umsg'].map((p) => p.split('/').join(path.sep)));
    rmSync(path.join(dir, 'a', 'two.umsg'));
    rmSync(path.join(dir, 'b', 'three.umsg'));
    mkdirSync(path.join(dir, 'b'), { recursive: true });
    writeFileSync(path.join(dir, 'b', 'four.umsg'), VALID);
    // A run over a/ only: b/three.umsg is gone (dropped), b/four.umsg was never checked.
    await run(['check', 'a', '--cache'], dir);
    assert.deepEqual(names(), ['a/one.umsg'].map((p) => p.split('/').join(path.sep)));
    await run(['check', 'b', '--cache'], dir);
    assert.deepEqual(names(), ['a/one.umsg', 'b/four.umsg'].map((p) => p.split('/').join(path.sep)));
  });
});

describe('umsg check --cache and threads', () => {
  it('files the cache holds weigh less when the threads are chosen: a warm cache starts no worker a cold run would need', () => {
    const files = Array.from({ length: 2.5 * FILES_PER_WORKER }, (_, i) => `/p/m${i}.umsg`);
    const cache = new CheckCache('/nowhere/.umsgcache', 'tool', () => undefined);
    assert.equal(jobsFor(cache.workload(files), undefined, 0, 8), 2, 'cold: two threads, as without the cache');
    for (const f of files) cache.record(f, 'k', []);
    assert.equal(jobsFor(cache.workload(files), undefined, 0, 8), 1, 'warm: reading and hashing does not pay for a worker');
  });
});

describe('progress on a terminal', () => {
  const many = (n: number) => {
    const files: Record<string, string> = {};
    for (let i = 0; i < n; i++) files[`m${String(i).padStart(4, '0')}.umsg`] = i % 7 === 0 ? NO_TITLE : VALID;
    return tempTree(files);
  };

  it('shows how far the check is on standard error, erased before the report; the report is unchanged', async () => {
    const dir = many(PROGRESS_MIN_FILES + 50);
    for (const format of ['stylish', 'json', 'sarif', 'github']) {
      const quiet = await run(['check', '--format', format], dir);
      const tty = await run(['check', '--format', format], dir, { tty: true });
      assert.equal(tty.stdout, quiet.stdout, format);
      assert.equal(tty.code, quiet.code, format);
      assert.equal(quiet.stderr, '', `${format}: nothing on standard error when it is not a terminal`);
      const lines = tty.stderr.split('\r\u001b[2K').filter((s) => s !== '');
      assert.ok(lines.length >= 1, format);
      assert.equal(lines[0], 'Checking 1 of 250 files', format);
      for (const l of lines) assert.match(l, /^Checking \d{1,3} of 250 files$/, format);
      assert.ok(tty.stderr.endsWith('\r\u001b[2K'), `${format}: the line is erased at the end`);
    }
  });

  it('with the report on the same terminal, erases the line before each part of the report', async () => {
    // Ten unknown properties a file: a report of several parts (each part is at most 64 KB).
    const unknown = Array.from({ length: 10 }, (_, i) => `"extra${i}": ${i}`).join(', ');
    const files: Record<string, string> = {};
    for (let i = 0; i < PROGRESS_MIN_FILES + 50; i++) {
      files[`m${String(i).padStart(4, '0')}.umsg`] = `{ "type": "rich", "title": "T", "description": "D", ${unknown} }\n`;
    }
    const dir = tempTree(files);
    let screen = '';
    let stdout = '';
    await runCli(['check'], {
      cwd: dir,
      stdout: (t) => { screen += t; stdout += t; },
      stderr: (t) => { screen += t; },
      stderrIsTTY: true,
      stdoutIsTTY: true,
    });
    assert.equal(stdout, (await run(['check'], dir)).stdout);
    assert.match(screen, /Checking 1 of 250 files/);
    // After a progress line comes its erasure (or the next one), never report text on the same line.
    assert.doesNotMatch(screen, /of 250 files[^\r]/);
  });

  it('writes nothing for fewer files than it takes to watch', async () => {
    const dir = many(PROGRESS_MIN_FILES - 1);
    const tty = await run(['check'], dir, { tty: true });
    assert.equal(tty.stderr, '');
  });

  it('erases the line before a line of its own on standard error', { skip: !hasMkfifo && 'no mkfifo here' }, async () => {
    const dir = many(PROGRESS_MIN_FILES + 1);
    // A named pipe among the messages: said to be unreadable while the check is under way.
    mkfifo(path.join(dir, 'm0100-pipe.umsg'));
    const r = await run(['check'], dir, { tty: true });
    assert.match(r.stderr, /^\r\u001b\[2KChecking 1 of 202 files(\r\u001b\[2KChecking [\d,]+ of 202 files)*\r\u001b\[2Kumsg: Cannot read "m0100-pipe\.umsg"/);
  });
});
