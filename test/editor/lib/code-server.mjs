// Starts code-server (VS Code in the browser) for one test phase, in a scratch
// profile of its own: HOME, XDG_* and TMPDIR point into it, and the user data
// and extensions folders are fresh. Stopped through the cleanup registry.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { freePort, isFile, killGroup, log, onCleanup, run, tailOf, waitFor, workspaceDir } from './util.mjs';

// Settings that keep first-run noise (welcome page, chat, tips, update checks,
// git scans) out of the way of the tests and the screenshots.
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  'security.workspace.trust.enabled': false,
  'window.restoreWindows': 'none',
};

/** Makes the scratch folders for one phase (and a copy of the fixture workspace); removed at cleanup. */
export function makeProfile(phase) {
  // Short paths under the system temp folder: VS Code puts unix sockets in TMPDIR
  // and XDG_RUNTIME_DIR, and a socket path must stay under 108 bytes.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `umsg-e2e-${phase}-`));
  const dirs = {
    root,
    home: path.join(root, 'home'),
    config: path.join(root, 'xdg-config'),
    data: path.join(root, 'xdg-data'),
    cache: path.join(root, 'xdg-cache'),
    state: path.join(root, 'xdg-state'),
    runtime: path.join(root, 'xdg-runtime'),
    tmp: path.join(root, 'tmp'),
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
  };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // The workbench opens a copy of the fixture workspace: whatever a test or the
  // editor writes (an accepted "save?", a settings change) never reaches the repository.
  dirs.workspace = path.join(root, 'workspace');
  fs.cpSync(workspaceDir, dirs.workspace, { recursive: true });
  fs.mkdirSync(path.join(dirs.userData, 'User'), { recursive: true });
  fs.writeFileSync(path.join(dirs.userData, 'User', 'settings.json'), JSON.stringify(USER_SETTINGS, null, 2) + '\n');
  onCleanup(() => {
    if (process.env.UMSG_E2E_KEEP_SCRATCH) {
      log(`scratch kept: ${root}`);
      return;
    }
    fs.rmSync(root, { recursive: true, force: true });
  });
  return dirs;
}

/** The environment for code-server: the scratch folders, none of an enclosing VS Code's variables. */
function serverEnv(profile, extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    // VSCODE_IPC_HOOK_CLI and friends would hand our commands to another VS Code.
    if (/^(VSCODE_|ELECTRON_|CODE_SERVER_)/.test(key) || key === 'PASSWORD' || key === 'HASHED_PASSWORD' || key === 'PORT') continue;
    env[key] = value;
  }
  return {
    ...env,
    HOME: profile.home,
    XDG_CONFIG_HOME: profile.config,
    XDG_DATA_HOME: profile.data,
    XDG_CACHE_HOME: profile.cache,
    XDG_STATE_HOME: profile.state,
    XDG_RUNTIME_DIR: profile.runtime,
    TMPDIR: profile.tmp,
    ...extra,
  };
}

function commonArgs(profile) {
  return ['--user-data-dir', profile.userData, '--extensions-dir', profile.extensions];
}

/** Installs a .vsix into the profile's extensions folder; returns the installed extension's folder. */
export async function installExtension(tools, profile, vsix, logFile) {
  await run(tools.node24, [tools.codeServerEntry, ...commonArgs(profile), '--force', '--install-extension', vsix], {
    env: serverEnv(profile),
    logFile,
  });
  const installed = fs.readdirSync(profile.extensions).filter((name) => isFile(path.join(profile.extensions, name, 'package.json')));
  if (installed.length === 0) {
    throw new Error(`expected ${vsix} to be installed into ${profile.extensions}; seen no extension there\n${tailOf(logFile, 20)}`);
  }
  return path.join(profile.extensions, installed[0]);
}

/**
 * Starts code-server on a free loopback port and resolves once /healthz answers.
 * Returns { url, port, logFile, stop }.
 */
export async function startCodeServer(tools, profile, { logFile, env = {}, vscodeOptions = [] }) {
  const port = await freePort();
  const args = [
    tools.codeServerEntry,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...commonArgs(profile),
    ...vscodeOptions.flatMap((option) => ['--vscode-option', option]),
  ];
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  const child = spawn(tools.node24, args, {
    env: serverEnv(profile, env),
    stdio: ['ignore', out, out],
    detached: true, // own process group: stopping it also stops its extension host and helpers
  });
  fs.closeSync(out);
  let exitInfo;
  child.on('exit', (code, signal) => (exitInfo = signal ?? code));
  const stop = async () => {
    await killGroup(child);
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `code-server answering ${url}/healthz`,
    async () => {
      if (exitInfo !== undefined) throw new Error(`code-server exited with ${exitInfo}:\n${tailOf(logFile, 30)}`);
      const response = await fetch(`${url}/healthz`).catch(() => undefined);
      return response?.ok === true;
    },
    { timeout: 60_000, interval: 200, describeSeen: () => `no answer yet; log tail:\n${tailOf(logFile, 15)}` },
  );
  return { url, port, logFile, stop, hostPort: `127.0.0.1:${port}` };
}

/** Copies the VS Code logs of a profile into the results folder, for reading after the run. */
export function keepLogs(profile, destination) {
  const logs = path.join(profile.userData, 'logs');
  if (!fs.existsSync(logs)) return;
  fs.rmSync(destination, { recursive: true, force: true });
  fs.cpSync(logs, destination, { recursive: true });
}
