// The Neovim recipe of docs/other-editors.md, run as it is in headless Neovim (Debian's
// package, installed here when missing and running as root): it opens a message with known problems and must
// receive the server's diagnostics. The recipe is read from that page (between the
// neovim-recipe markers), so the test and the documentation cannot drift apart; only
// `umsg-language-server` is put on PATH as a shim for this checkout's dist/server.js.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const say = (line) => process.stdout.write(`[test:neovim] ${line}\n`);
const fail = (line) => { process.stderr.write(`[test:neovim] FAILED: ${line}\n`); process.exit(1); };

function ensureNeovim() {
  if (spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0) return;
  if (process.getuid?.() !== 0) {
    fail('nvim is missing. Install it as root, then run again:\n  apt-get update && apt-get install -y --no-install-recommends neovim');
  }
  say('nvim is missing: installing it with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'neovim']]) {
    if (spawnSync('apt-get', args, { env, stdio: 'inherit' }).status !== 0) fail(`apt-get ${args.join(' ')} failed`);
  }
}

ensureNeovim();
say(spawnSync('nvim', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]);
if (!existsSync(path.join(ROOT, 'dist', 'server.js'))) fail('dist/server.js is missing: run npm run build first');

const readme = readFileSync(path.join(ROOT, 'docs', 'other-editors.md'), 'utf8');
const block = /<!-- neovim-recipe -->\s*```lua\n([^`]*)```\s*<!-- \/neovim-recipe -->/.exec(readme);
if (!block) fail('docs/other-editors.md has no neovim-recipe block');
const recipe = block[1];

const dir = mkdtempSync(path.join(tmpdir(), 'umsg-neovim-'));
try {
  const bin = path.join(dir, 'bin');
  spawnSync('mkdir', ['-p', bin]);
  const shim = path.join(bin, 'umsg-language-server');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${path.join(ROOT, 'dist', 'server.js')}" "$@"\n`);
  chmodSync(shim, 0o755);
  const work = path.join(dir, 'work');
  spawnSync('mkdir', ['-p', work]);
  writeFileSync(path.join(work, 'umsg.config.json'), '{ "root": true, "rules": { "empty-text": "error" } }\n');
  writeFileSync(
    path.join(work, 'card.umsg'),
    '{\n  "type": "rich",\n  "title": "",\n  "description": "Pick a dish",\n  "titel": "typo"\n}\n',
  );
  const out = path.join(dir, 'diagnostics.json');
  // The recipe, then what the test adds: wait for the diagnostics, write them out, quit.
  const init = `${recipe}
vim.api.nvim_create_autocmd('VimEnter', { callback = function()
  local buf = vim.api.nvim_get_current_buf()
  vim.wait(30000, function() return #vim.diagnostic.get(buf) >= 2 end, 100)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do ` +
    `table.insert(found, { code = d.code, severity = d.severity, lnum = d.lnum, message = d.message }) end
  vim.fn.writefile({ vim.fn.json_encode({ filetype = vim.bo[buf].filetype, diagnostics = found }) }, '${out}')
  vim.cmd('qa!')
end })
`;
  const initFile = path.join(dir, 'init.lua');
  writeFileSync(initFile, init);
  const run = spawnSync('nvim', ['--headless', '-u', initFile, 'card.umsg'], {
    cwd: work,
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (!existsSync(out)) fail(`Neovim wrote no diagnostics (exit ${run.status}, signal ${run.signal}):\n${run.stdout}\n${run.stderr}`);
  const result = JSON.parse(readFileSync(out, 'utf8'));
  const codes = result.diagnostics.map((d) => `${d.code}@${d.lnum + 1}:${d.severity}`).sort();
  say(`filetype ${result.filetype}; diagnostics ${codes.join(', ')}`);
  if (result.filetype !== 'umsg') fail(`card.umsg got filetype "${result.filetype}", not umsg`);
  // empty-text is an error through umsg.config.json (severity 1), unknown-property a warning (2).
  const want = ['empty-text@3:1', 'unknown-property@5:2'];
  for (const w of want) if (!codes.includes(w)) fail(`expected ${w} among ${codes.join(', ')}`);
  say('passed');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
