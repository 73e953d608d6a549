/**
 * What `umsg check` loads before it checks: Node's crypto, worker_threads and fs/promises cost
 * every run about 105 million instructions together (a check of one message costs about 200
 * million on top of Node's own start), and a plain check needs none of them. Each is loaded
 * where it is used: crypto by --cache, worker_threads by more than one thread, fs/promises by
 * the editor's asynchronous reads. Read from Node's own list of the modules it loaded
 * (process.moduleLoadList), in the shipped bundle.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { CLI_BUNDLE, ensureBundle } from '../support/bundle';
import { tempTree } from '../support/cliRun';

const HEAVY = ['NativeModule crypto', 'NativeModule worker_threads', 'NativeModule internal/fs/promises'];
const MESSAGE = '{ "type": "rich", "title": "Menu" }\n';

/** Runs the bundle with `args` in `cwd`; Node's loaded modules, the exit code and standard output. */
function run(cwd: string, args: string[]): { modules: string[]; code: number; stdout: string } {
  const list = path.join(cwd, 'modules.txt');
  const hook = path.join(cwd, 'hook.cjs');
  const write = `require('fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n'))`;
  writeFileSync(hook, `process.on('exit', () => ${write});\n`);
  let code = 0, stdout = '';
  try {
    const options = { cwd, encoding: 'utf8' as const, stdio: ['ignore', 'pipe', 'pipe'] as ('ignore' | 'pipe')[] };
    stdout = execFileSync(process.execPath, ['--require', hook, CLI_BUNDLE, ...args], options);
  } catch (error) {
    const e = error as { status: number; stdout: string };
    code = e.status;
    stdout = e.stdout;
  }
  return { modules: readFileSync(list, 'utf8').split('\n'), code, stdout };
}

describe('what umsg check loads', () => {
  before(ensureBundle);

  it('checks a message without crypto, worker_threads or fs/promises', () => {
    const dir = tempTree({ 'menu.umsg': MESSAGE });
    const { modules, code, stdout } = run(dir, ['check', '--format', 'json', 'menu.umsg']);
    assert.equal(code, 1, stdout);
    assert.match(stdout, /"ruleId":"card-required"/);
    assert.deepEqual(HEAVY.filter((m) => modules.includes(m)), []);
  });

  it('loads crypto for --cache, and worker_threads for a second thread', () => {
    const dir = tempTree({ 'a.umsg': MESSAGE, 'b.umsg': MESSAGE });
    const cached = run(dir, ['check', '--cache', '--format', 'json', '.']);
    assert.equal(cached.code, 1);
    assert.ok(cached.modules.includes('NativeModule crypto'), 'crypto, with --cache');
    assert.ok(!cached.modules.includes('NativeModule worker_threads'));
    const threaded = run(dir, ['check', '--jobs', '2', '--format', 'json', '.']);
    assert.equal(threaded.code, 1);
    assert.equal([...threaded.stdout.matchAll(/"ruleId":"card-required"/g)].length, 2, threaded.stdout);
    assert.ok(threaded.modules.includes('NativeModule worker_threads'), 'worker_threads, with --jobs 2');
  });
});
