// Debian's chromium driven by playwright-core (no browser download): a fresh,
// empty profile per launch, closed through the cleanup registry.
import fs from 'node:fs';
import os from 'node:os';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { killGroup, log, onCleanup } from './util.mjs';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-crash-reporter', // no crashpad helper processes outside our process group
  '--disable-breakpad',
];

/**
 * Starts chromium ourselves (own process group, fresh empty profile) and
 * attaches Playwright over the DevTools protocol, so that the process can
 * always be killed by its id, whatever state Playwright is in.
 */
export async function launchBrowser(executablePath) {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umsg-e2e-chromium-'));
  const child = spawn(executablePath, [...CHROMIUM_ARGS, `--user-data-dir=${profileDir}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let browser;
  const close = async () => {
    if (browser) await Promise.race([browser.close().catch(() => undefined), new Promise((r) => setTimeout(r, 5_000))]);
    await killGroup(child);
    fs.rmSync(profileDir, { recursive: true, force: true });
  };
  onCleanup(close);
  let stderr = '';
  const endpoint = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(
      `timed out after 30 s\n  expected: chromium to print "DevTools listening on ws://..."\n  seen:     ${stderr.trim() || 'no output'}`,
    )), 30_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited with ${signal ?? code} before it listened:\n${stderr.trim()}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${executablePath}: ${error.message}`));
    });
  });
  child.stderr.resume();
  browser = await chromium.connectOverCDP(endpoint);
  return { browser, close };
}

/** A page that records its console into `consoleLog` and hands each text to `onConsoleText`. */
export async function newPage(browser, { consoleLog, onConsoleText }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  fs.mkdirSync(path.dirname(consoleLog), { recursive: true });
  const stream = fs.createWriteStream(consoleLog);
  page.on('console', (message) => {
    const text = message.text();
    stream.write(`[${message.type()}] ${text}\n`);
    onConsoleText?.(text);
  });
  page.on('pageerror', (error) => stream.write(`[pageerror] ${error.stack ?? error.message}\n`));
  page.on('close', () => stream.end());
  return page;
}

export async function screenshot(page, file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    await page.screenshot({ path: file, timeout: 15_000 });
    log(`screenshot: ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    log(`screenshot ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
