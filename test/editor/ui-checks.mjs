// The UI checks: the packaged .vsix installed into a fresh code-server, the
// workbench opened on the fixture workspace in Debian's chromium, and the
// keyboard used as a person would (Quick Open, Problems panel, completion, hover).
// Each step waits on a polled condition with a timeout and takes a screenshot.
import fs from 'node:fs';
import path from 'node:path';
import { installExtension, keepLogs, makeProfile, startCodeServer } from './lib/code-server.mjs';
import { launchBrowser, newPage, screenshot } from './lib/browser.mjs';
import { log, resultsDir, seconds, timed, waitFor, workspaceDir } from './lib/util.mjs';

const LANGUAGE_ID = 'universal-message';
const PROBLEMS_FIXTURE = 'card-missing-title.umsg';
const PROBLEMS_CODE = 'card-required';
const COMPLETION_FIXTURE = 'completion-action-type.umsg';
const COMPLETION_LABELS = ['click', 'reply', 'call'];
const HOVER_FIXTURE = 'title-95-characters.umsg';
const HOVER_TEXT = 'max characters';
const QUICK_FIX_FIXTURE = 'type-rich-capitalized.umsg';
const QUICK_FIX_TITLE = 'Change to "rich"';
const CHANNEL_CODE = 'channel-limit';
/**
 * The workspace pass: a folder of messages generated into the UI run's copy of the workspace,
 * enough that the server shows its progress (it does from 100 files read in one pass); the
 * fixtures alone are fewer. One of them has a finding, and no check ever opens it.
 */
const CAMPAIGN_FOLDER = 'campaigns';
const CAMPAIGN_COUNT = 2_000;
const COUNT_SHOWN = CAMPAIGN_COUNT.toLocaleString('en-US');
const CAMPAIGN_BAD = 'offer-missing-description.umsg';
const CAMPAIGN_BAD_CODE = 'card-required';
/** The title of the server's work-done progress: the status bar shows "<title>: <message>". */
const PROGRESS_TITLE = 'Universal Message';
const UI_TIMEOUT = Number(process.env.UMSG_E2E_UI_TIMEOUT ?? 30_000);
/**
 * UMSG_E2E_SCREENSHOTS=<folder> (npm run screenshots: docs/images/marketplace): the README's
 * Marketplace screenshots are written there too, each from the step that shows it. Unset (CI):
 * only test-results/editor/, so a run never changes the tree.
 */
const MARKETPLACE_DIR = process.env.UMSG_E2E_SCREENSHOTS ? path.resolve(process.env.UMSG_E2E_SCREENSHOTS) : undefined;

const sel = {
  problemsStatus: '#status\\.problems',
  languageStatus: '#status\\.editor\\.mode',
  selectionStatus: '#status\\.editor\\.selection',
  quickInput: '.quick-input-widget',
  quickInputBox: '.quick-input-widget .quick-input-box input',
  quickInputRows: '.quick-input-widget .monaco-list-row',
  quickInputSelectedRow: '.quick-input-widget .monaco-list-row.focused',
  activeTab: '.tabs-container .tab.active',
  explorerRows: '.explorer-folders-view .monaco-list-row',
  problemRows: '.markers-panel .monaco-list-row',
  problemsFilter: '.viewpane-filter input:visible',
  // Window progress (ProgressLocation.Window): the status bar entry VS Code shows it in.
  progressStatus: '#status\\.progress',
  suggestWidget: '.editor-widget.suggest-widget.visible',
  suggestRows: '.editor-widget.suggest-widget.visible .monaco-list-row',
  hover: '.monaco-hover',
  codeActions: '.action-widget',
};

async function texts(page, selector) {
  return page.locator(selector).allInnerTexts();
}

async function textOf(page, selector) {
  const locator = page.locator(selector).first();
  return (await locator.count()) > 0 ? (await locator.innerText()).trim() : undefined;
}

function listForHumans(items) {
  return items.length ? items.map((t) => JSON.stringify(t.replace(/\s+/g, ' ').trim())).join(', ') : 'nothing';
}

/** 1-based line and column just after `needle` that follows `after` in a fixture file. */
function positionInFixture(name, after, needle) {
  const text = fs.readFileSync(path.join(workspaceDir, name), 'utf8');
  const from = text.indexOf(after);
  const at = text.indexOf(needle, from + after.length);
  if (from < 0 || at < 0) throw new Error(`expected ${JSON.stringify(needle)} after ${JSON.stringify(after)} in ${name}`);
  const before = text.slice(0, at + needle.length).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

async function quickOpen(page, fileName) {
  await page.keyboard.press('Control+P');
  await waitFor('the Quick Open box to show', () => page.locator(sel.quickInputBox).isVisible(), { timeout: UI_TIMEOUT });
  await page.keyboard.type(fileName);
  // Enter opens the selected row: wait for the filter to have put the file there, since until
  // then the selection can still be the first of the recently opened files.
  await waitFor(
    `Quick Open to list ${fileName} and select it`,
    async () => (await textOf(page, sel.quickInputSelectedRow))?.includes(fileName) === true,
    {
      timeout: UI_TIMEOUT,
      describeSeen: async () => {
        const selected = JSON.stringify(await textOf(page, sel.quickInputSelectedRow) ?? 'none');
        return `selected ${selected} of rows ${listForHumans(await texts(page, sel.quickInputRows))}`;
      },
    },
  );
  await page.keyboard.press('Enter');
  await waitFor(
    `the active editor tab to be ${fileName}`,
    // The tab shows the name and its extension in separate elements: compare without whitespace.
    async () => (await textOf(page, sel.activeTab))?.replace(/\s+/g, '').includes(fileName),
    { timeout: UI_TIMEOUT, describeSeen: async () => `active tab ${JSON.stringify(await textOf(page, sel.activeTab) ?? 'none')}` },
  );
}

async function waitForLanguage(page, languageName) {
  await waitFor(
    `the status bar language to read "${languageName}"`,
    async () => (await textOf(page, sel.languageStatus)) === languageName,
    { timeout: UI_TIMEOUT, describeSeen: async () => JSON.stringify(await textOf(page, sel.languageStatus) ?? 'no language item') },
  );
}

/**
 * Go to Line (Ctrl+G) to a 1-based line and column, then waits for the cursor to be there.
 * Enter is pressed only once the picker offers that line and column (pressed earlier it
 * may find nothing to accept); the whole sequence is tried again every few seconds until
 * the status bar shows the cursor there.
 */
async function goToPosition(page, { line, column }) {
  const target = `Ln ${line}, Col ${column}`;
  // "Press 'Enter' to go to line 6 at column 15." (the wording varies between versions)
  const offer = new RegExp(`line ${line}\\b.*\\bcolumn ${column}\\b`, 'i');
  let lastTry = 0;
  await waitFor(
    `the cursor at ${target} after Go to Line ${line}:${column}`,
    async () => {
      if ((await textOf(page, sel.selectionStatus))?.includes(target)) return true;
      if (Date.now() - lastTry < 5_000) return false;
      lastTry = Date.now();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+G');
      await waitFor('the Go to Line box to show', () => page.locator(sel.quickInputBox).isVisible(), { timeout: 5_000 });
      await page.keyboard.type(`${line}:${column}`);
      await waitFor(
        `Go to Line to offer line ${line}, column ${column}`,
        async () => offer.test((await textOf(page, sel.quickInput)) ?? ''),
        { timeout: 5_000, describeSeen: async () => JSON.stringify(await textOf(page, sel.quickInput) ?? 'no quick input') },
      );
      await page.keyboard.press('Enter');
      return false;
    },
    { timeout: UI_TIMEOUT, describeSeen: async () => JSON.stringify(await textOf(page, sel.selectionStatus) ?? 'no cursor item') },
  );
}

/** Writes the campaign folder: CAMPAIGN_COUNT messages, every one clean but CAMPAIGN_BAD. */
function writeCampaigns(workspace) {
  const folder = path.join(workspace, CAMPAIGN_FOLDER);
  fs.mkdirSync(folder);
  for (let i = 1; i < CAMPAIGN_COUNT; i++) {
    const n = String(i).padStart(4, '0');
    const text = `{ "type": "rich", "title": "Offer ${i}", "description": "${i % 90 + 5}% off all week" }\n`;
    fs.writeFileSync(path.join(folder, `offer-${n}.umsg`), text);
  }
  fs.writeFileSync(path.join(folder, CAMPAIGN_BAD), '{ "type": "rich", "title": "An offer with no description" }\n');
}

/**
 * Runs in the page before the workbench: records each text the status bar's progress entry
 * shows, '' when it goes, in window.__umsgProgress. A pass may start and end between two
 * polls; this sees every change.
 */
function recordWindowProgress() {
  if (window.top !== window) return;
  const seen = [];
  window.__umsgProgress = seen;
  let last = '';
  new MutationObserver(() => {
    const text = document.getElementById('status.progress')?.textContent?.trim() ?? '';
    if (text !== last) seen.push((last = text));
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Runs the UI checks; returns { passed, failed, failures }. */
export async function runUiChecks(tools, vsix) {
  const results = [];
  const profile = makeProfile('ui');
  let server;
  let browserHandle;
  try {
    const extensionFolder = await timed('install the packaged extension into a fresh extensions dir', () =>
      installExtension(tools, profile, vsix, path.join(resultsDir, 'ui-install-extension.log')),
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(extensionFolder, 'package.json'), 'utf8'));
    const language = (manifest.contributes?.languages ?? []).find((l) => l.id === LANGUAGE_ID);
    const languageName = language?.aliases?.[0] ?? LANGUAGE_ID;
    log(`installed ${path.basename(extensionFolder)}; the status bar should name the language "${languageName}"`);

    writeCampaigns(profile.workspace);
    server = await timed('start code-server (UI)', () =>
      startCodeServer(tools, profile, { logFile: path.join(resultsDir, 'code-server-ui.log') }),
    );
    browserHandle = await launchBrowser(tools.chromium);
    const page = await newPage(browserHandle.browser, { consoleLog: path.join(resultsDir, 'ui-console.log') });
    await page.addInitScript(recordWindowProgress);

    let stop = false;
    const check = async (name, shot, fn, { required = false, marketplace } = {}) => {
      if (stop) {
        results.push({ name, ok: false, error: 'not reached: an earlier required step failed' });
        log(`UI check SKIP ${name} (an earlier required step failed)`);
        return;
      }
      const started = Date.now();
      try {
        await fn();
        results.push({ name, ok: true });
        log(`UI check ok   ${name} (${seconds(Date.now() - started)})`);
        await screenshot(page, path.join(resultsDir, `${shot}.png`));
        if (marketplace && MARKETPLACE_DIR) await screenshot(page, path.join(MARKETPLACE_DIR, `${marketplace}.png`));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        results.push({ name, ok: false, error: message });
        log(`UI check FAIL ${name} (${seconds(Date.now() - started)})\n${message.replace(/^/gm, '    ')}`);
        await screenshot(page, path.join(resultsDir, `${shot}-FAILED.png`));
        await page.keyboard.press('Escape').catch(() => undefined);
        if (required) stop = true;
      }
    };

    await check('the workbench opens on the fixture workspace', 'ui-01-workbench', async () => {
      await page.goto(`${server.url}/?folder=${encodeURIComponent(profile.workspace)}`);
      await waitFor('the workbench status bar (problems item)', () => page.locator(sel.problemsStatus).isVisible(), {
        timeout: 90_000,
      });
      await waitFor(
        `the explorer to list ${PROBLEMS_FIXTURE}`,
        async () => (await texts(page, sel.explorerRows)).some((t) => t.includes(PROBLEMS_FIXTURE)),
        { timeout: UI_TIMEOUT, describeSeen: async () => `explorer rows ${listForHumans(await texts(page, sel.explorerRows))}` },
      );
    }, { required: true });

    await check(`a pass over ${COUNT_SHOWN} unopened messages shows its progress in the status bar, then their findings`,
      'ui-01b-workspace-progress', () => workspacePass(page));

    await check(`Quick Open opens ${PROBLEMS_FIXTURE} as ${languageName}`, 'ui-02-quick-open', async () => {
      await quickOpen(page, PROBLEMS_FIXTURE);
      await waitForLanguage(page, languageName);
    }, { required: true });

    await check(`the Problems panel lists ${PROBLEMS_CODE}`, 'ui-03-problems', async () => {
      await page.keyboard.press('Control+Shift+M');
      await waitFor(
        `a Problems panel row containing "${PROBLEMS_CODE}"`,
        async () => (await texts(page, sel.problemRows)).some((t) => t.includes(PROBLEMS_CODE)),
        {
          timeout: UI_TIMEOUT,
          describeSeen: async () =>
            `rows ${listForHumans(await texts(page, sel.problemRows))}; status bar problems item ` +
            `${JSON.stringify(await page.locator(sel.problemsStatus).getAttribute('aria-label').catch(() => null))}`,
        },
      );
    });

    await check(`completion after "type": in insideActions offers ${COMPLETION_LABELS.join(', ')}`, 'ui-04-completion', async () => {
      await quickOpen(page, COMPLETION_FIXTURE);
      await waitForLanguage(page, languageName);
      await goToPosition(page, positionInFixture(COMPLETION_FIXTURE, '"insideActions"', '"type": '));
      // Ctrl+Space as a person would; pressed again every few seconds in case the
      // first request reached the language server before it was ready.
      let lastPress = 0;
      const labels = async () =>
        (await texts(page, `${sel.suggestRows} .label-name`)).map((t) => t.trim().replace(/^"(.*)"$/, '$1'));
      await waitFor(
        `the suggest widget to list ${COMPLETION_LABELS.join(', ')}`,
        async () => {
          if (Date.now() - lastPress > 4_000) {
            lastPress = Date.now();
            await page.keyboard.press('Escape');
            await page.keyboard.press('Control+Space');
          }
          const seen = await labels();
          return COMPLETION_LABELS.every((label) => seen.includes(label));
        },
        {
          timeout: UI_TIMEOUT,
          interval: 250,
          describeSeen: async () => {
            const visible = await page.locator(sel.suggestWidget).isVisible();
            const message = await textOf(page, `${sel.suggestWidget} .message`);
            return visible
              ? `suggestions ${listForHumans(await labels())}${message ? `; message ${JSON.stringify(message)}` : ''}`
              : 'no suggest widget';
          },
        },
      );
    }, { marketplace: 'completion' });

    await check(`Show Hover (Ctrl+K Ctrl+I) on "title" lists the channel limits ("${HOVER_TEXT}")`, 'ui-05-hover', async () => {
      await page.keyboard.press('Escape');
      await quickOpen(page, HOVER_FIXTURE);
      await waitForLanguage(page, languageName);
      // The cursor inside the key "title" (line 3), as a person would put it there.
      await goToPosition(page, positionInFixture(HOVER_FIXTURE, '{', '"ti'));
      // Ctrl+K Ctrl+I (Show or Focus Hover), pressed again every few seconds in case a
      // request reached the language server before it answered.
      let lastPress = 0;
      const hoverTexts = async () => (await page.locator(sel.hover).allInnerTexts()).map((t) => t.trim()).filter(Boolean);
      await waitFor(
        `a hover widget containing "${HOVER_TEXT}"`,
        async () => {
          if (Date.now() - lastPress > 4_000) {
            lastPress = Date.now();
            await page.keyboard.press('Escape');
            await page.keyboard.press('Control+K');
            await page.keyboard.press('Control+I');
          }
          const shown = page.locator(sel.hover).filter({ hasText: HOVER_TEXT }).first();
          return (await shown.count()) > 0 && (await shown.isVisible());
        },
        {
          timeout: UI_TIMEOUT,
          interval: 250,
          describeSeen: async () => {
            const seen = await hoverTexts();
            return seen.length ? `hover text ${listForHumans(seen)}` : 'no hover widget with text';
          },
        },
      );
    }, { marketplace: 'hover' });

    await check(`the Problems panel lists the channel finding ${CHANNEL_CODE} of the open files`, 'ui-05b-problems-channels', async () => {
      await page.keyboard.press('Escape');
      await waitFor(
        `a Problems panel row containing "${CHANNEL_CODE}"`,
        async () => (await texts(page, sel.problemRows)).some((t) => t.includes(CHANNEL_CODE)),
        { timeout: UI_TIMEOUT, describeSeen: async () => `rows ${listForHumans(await texts(page, sel.problemRows))}` },
      );
    }, { marketplace: 'problems' });

    await check(`Quick Fix (Ctrl+.) on "Rich" offers ${QUICK_FIX_TITLE}`, 'ui-05c-quick-fix', async () => {
      await quickOpen(page, QUICK_FIX_FIXTURE);
      await waitForLanguage(page, languageName);
      await goToPosition(page, positionInFixture(QUICK_FIX_FIXTURE, '"type": "', 'Ri'));
      // Ctrl+. as a person would, pressed again every few seconds until the finding has arrived.
      let lastPress = 0;
      const offered = () => page.locator(sel.codeActions).filter({ hasText: QUICK_FIX_TITLE }).first();
      await waitFor(
        `the code action menu to offer ${QUICK_FIX_TITLE}`,
        async () => {
          if (Date.now() - lastPress > 4_000) {
            lastPress = Date.now();
            await page.keyboard.press('Escape');
            await page.keyboard.press('Control+.');
          }
          return (await offered().count()) > 0 && (await offered().isVisible());
        },
        {
          timeout: UI_TIMEOUT,
          interval: 250,
          describeSeen: async () => `code action menus ${listForHumans(await page.locator(sel.codeActions).allInnerTexts())}`,
        },
      );
    }, { marketplace: 'quick-fix' });

    await previewChecks(page, check, results);
  } catch (error) {
    results.push({ name: 'UI setup', ok: false, error: error instanceof Error ? error.message : String(error) });
    log(`UI setup FAILED: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await browserHandle?.close();
    await server?.stop();
    keepLogs(profile, path.join(resultsDir, 'ui-vscode-logs'));
  }
  const failures = results.filter((r) => !r.ok);
  return { passed: results.length - failures.length, failed: failures.length, failures };
}

/**
 * The first workspace pass starts as the extension does (the workspace holds messages): the
 * status bar shows "Universal Message: Checking N of M files" while it runs, as VS Code shows a
 * server's work-done progress (vscode-languageclient puts it in ProgressLocation.Window: the
 * status bar, never a notification), then nothing; the Problems panel, filtered to the one
 * generated file with a finding, lists it.
 */
async function workspacePass(page) {
  const progress = new RegExp(`^${PROGRESS_TITLE}: Checking ([\\d,]+) of ([\\d,]+) files$`);
  const counts = (text) => progress.exec(text)?.slice(1).map((c) => Number(c.replaceAll(',', '')));
  const recorded = async () => (await page.evaluate(() => window.__umsgProgress ?? []))
    .filter((t) => t === '' || t.startsWith(PROGRESS_TITLE));
  const ours = (t) => t.startsWith(`${PROGRESS_TITLE}:`);
  // The pass starts with the extension, usually before this check does: the page's record tells what was shown.
  await waitFor(
    `the status bar to show "${PROGRESS_TITLE}: Checking N of M files", M at least ${COUNT_SHOWN}`,
    async () => (await recorded()).some((t) => { const c = counts(t); return c && c[1] >= CAMPAIGN_COUNT && c[0] <= c[1]; }),
    { timeout: 90_000, describeSeen: async () => `status bar progress ${listForHumans(await recorded())}` },
  );
  await waitFor(
    'the progress to leave the status bar once the pass is done',
    async () => !ours((await textOf(page, sel.progressStatus)) ?? ''),
    { timeout: 90_000, describeSeen: async () => `status bar progress ${JSON.stringify(await textOf(page, sel.progressStatus))}` },
  );
  const seen = (await recorded()).filter(ours);
  const sampled = seen.length > 6 ? [...seen.slice(0, 3), '…', ...seen.slice(-3)] : seen;
  log(`workspace pass progress: ${seen.length} texts shown, ${listForHumans(sampled)}`);
  const malformed = seen.filter((t) => !counts(t));
  if (malformed.length) throw new Error(`expected every progress text to read "Checking N of M files"; saw ${listForHumans(malformed)}`);

  await page.keyboard.press('Control+Shift+M');
  const filter = page.locator(sel.problemsFilter).first();
  await waitFor('the Problems panel\'s filter box', () => filter.isVisible(), { timeout: UI_TIMEOUT });
  await filter.fill(CAMPAIGN_BAD);
  try {
    await waitFor(
      `the Problems panel, filtered to ${CAMPAIGN_BAD}, to list it with ${CAMPAIGN_BAD_CODE}`,
      async () => {
        // The file's row and its finding's, nothing else.
        const rows = await texts(page, sel.problemRows);
        return rows.length === 2 && rows[0].includes(CAMPAIGN_BAD) && rows[1].includes(CAMPAIGN_BAD_CODE);
      },
      { timeout: UI_TIMEOUT, describeSeen: async () => `rows ${listForHumans(await texts(page, sel.problemRows))}` },
    );
    await screenshot(page, path.join(resultsDir, 'ui-01c-workspace-finding.png'));
  } finally {
    await filter.fill('').catch(() => undefined);
  }
}

// ---------------------------------------------------------------- the live preview

const PREVIEW_FIXTURE = 'menu.umsg';
const HOSTILE_FIXTURE = 'preview-hostile.umsg';
const FORM_FIXTURE = 'shop-settings.configmeta.json';
const FORM_KEYS = ['apiKey', 'welcomeText', 'sandbox'];

/** The preview's page: the webview frame that holds #app (code-server nests it in two iframes). */
async function previewFrame(page) {
  for (const frame of page.frames()) {
    try {
      if ((await frame.locator('#app').count()) > 0) return frame;
    } catch {
      // A frame that went away while we looked.
    }
  }
  return undefined;
}

async function inPreview(page, fn) {
  const frame = await previewFrame(page);
  return frame ? fn(frame) : undefined;
}

async function runCommand(page, title) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  await waitFor('the command palette to show', () => page.locator(sel.quickInputBox).isVisible(), { timeout: UI_TIMEOUT });
  await page.keyboard.type(title);
  await waitFor(
    `the command palette to offer "${title}"`,
    async () => (await texts(page, sel.quickInputRows)).some((t) => t.includes(title)),
    { timeout: UI_TIMEOUT, describeSeen: async () => `rows ${listForHumans(await texts(page, sel.quickInputRows))}` },
  );
  await page.keyboard.press('Enter');
}

/**
 * Puts the keyboard focus in the first editor group (where the checks open files), by a
 * click on its active tab as a person would: a click in the text may land on a code lens.
 */
async function focusFirstEditor(page) {
  await page.locator('.editor-group-container').first().locator('.tabs-container .tab.active').first().click();
}

const columnsOf = (frame) => frame.locator('[data-channel]')
  .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-channel')}:${e.getAttribute('data-verdict')}`));

async function previewChecks(page, check, results) {
  const remoteRequests = [];
  const cspViolations = [];
  const dialogs = [];
  page.on('request', (r) => { if (r.url().includes('remote.example') || /\/x(\?|#|$)/.test(r.url())) remoteRequests.push(r.url()); });
  page.on('console', (m) => { if (/Content[- ]Security[- ]Policy/i.test(m.text())) cspViolations.push(m.text()); });
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => undefined); });

  await check('the preview opens beside menu.umsg with a column per channel', 'ui-06-preview', async () => {
    await page.keyboard.press('Escape');
    await quickOpen(page, PREVIEW_FIXTURE);
    await runCommand(page, 'Universal Message: Open Preview to the Side');
    await waitFor(
      'the preview to show the columns messenger, gbm and whatsapp, each with a verdict',
      async () => {
        const seen = (await inPreview(page, columnsOf)) ?? [];
        return ['messenger', 'gbm', 'whatsapp'].every((c) => seen.some((s) => s.startsWith(`${c}:`) && !s.endsWith(':null')));
      },
      { timeout: UI_TIMEOUT, describeSeen: async () => `columns ${listForHumans((await inPreview(page, columnsOf)) ?? [])}` },
    );
  });

  await check('on a wide screen the three columns stand side by side, and the events option draws each channel\'s events',
    'ui-06b-preview-wide', async () => {
    // Room for three phones: a wider window, the side bar and the panel hidden.
    await page.setViewportSize({ width: 1920, height: 1100 });
    await page.keyboard.press('Control+B');
    await page.keyboard.press('Control+J');
    const visible = (f) => f.locator('.column')
      .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().width > 0).map((e) => e.getAttribute('data-channel')));
    try {
      await waitFor(
        'the columns messenger, gbm and whatsapp all visible at once',
        async () => JSON.stringify((await inPreview(page, visible)) ?? []) === JSON.stringify(['messenger', 'gbm', 'whatsapp']),
        { timeout: UI_TIMEOUT, describeSeen: async () => `visible columns ${listForHumans((await inPreview(page, visible)) ?? [])}` },
      );
      // The webview alone, kept for docs/preview.md (docs/images/preview.png is a copy of it).
      const element = await (await previewFrame(page))?.frameElement();
      if (element) await element.screenshot({ path: path.join(resultsDir, 'preview-columns.png') });
      if (MARKETPLACE_DIR) await screenshot(page, path.join(MARKETPLACE_DIR, 'preview.png'));
      // The events option: each column draws the customer's message with its marks and the typing
      // indicator before the card; hover on a mark names the channel's API call and its page.
      const frame = await previewFrame(page);
      await frame.locator('button.events-toggle').click();
      const drawnEvents = (f) => f.locator('[data-channel]').evaluateAll((els) => els.map((e) =>
        `${e.getAttribute('data-channel')}:${[...e.querySelectorAll('[data-event]')].map((m) => m.getAttribute('data-event')).join('+')}`));
      const want = ['messenger:READ+IS_TYPING', 'gbm:READ+IS_TYPING', 'whatsapp:READ+IS_TYPING'];
      await waitFor(
        `the columns to draw the platform's events (${want.join(', ')})`,
        async () => JSON.stringify((await inPreview(page, drawnEvents)) ?? []) === JSON.stringify(want),
        { timeout: UI_TIMEOUT, describeSeen: async () => `events ${listForHumans((await inPreview(page, drawnEvents)) ?? [])}` },
      );
      const seen = await frame.locator('[data-channel="messenger"] [data-event="READ"]').getAttribute('title');
      if (!/sender_action mark_seen[\s\S]*Source: https:\/\/developers\.facebook\.com\//.test(seen ?? '')) {
        throw new Error(`expected the hover of Messenger's read receipt to name mark_seen and its page; it is ${JSON.stringify(seen)}`);
      }
      await screenshot(page, path.join(resultsDir, 'ui-06c-preview-events.png'));
      if (MARKETPLACE_DIR) await screenshot(page, path.join(MARKETPLACE_DIR, 'preview-events.png'));
      await frame.locator('button.events-toggle').click();
      const hidden = async () => (await frame.locator('[data-event]').count()) === 0;
      await waitFor('the events to be hidden again', hidden, { timeout: UI_TIMEOUT });
    } finally {
      await page.keyboard.press('Control+B');
      await page.keyboard.press('Control+J');
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  await check('an unsaved edit shows in the preview within a second, without reloading the page', 'ui-07-preview-edit', async () => {
    const frame = await previewFrame(page);
    if (!frame) throw new Error('expected the preview frame to be open');
    const loadId = await frame.locator('body').getAttribute('data-load-id');
    await focusFirstEditor(page);
    await goToPosition(page, positionInFixture(PREVIEW_FIXTURE, '"title": "', 'Hi'));
    // Type while measuring: each character's time from key press to the page drawing it.
    const typed = 'Buongiorno';
    const latencies = [];
    for (let i = 0; i < typed.length; i++) {
      const pressed = Date.now();
      await page.keyboard.type(typed[i]);
      const want = `Hi${typed.slice(0, i + 1)}`;
      await waitFor(
        `the preview's Messenger title to start with "${want}"`,
        async () => ((await frame.locator('[data-channel="messenger"] .title').first().textContent().catch(() => '')) ?? '')
          .startsWith(want),
        {
          timeout: 5_000,
          interval: 10,
          describeSeen: async () => JSON.stringify(
            await frame.locator('[data-channel="messenger"] .title').first().textContent().catch(() => null),
          ),
        },
      );
      latencies.push(Date.now() - pressed);
      await page.waitForTimeout(60); // a fast typist's pace between keys
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    log(
      `preview update latency while typing ${typed.length} characters: ` +
        `median ${median} ms, worst ${sorted[sorted.length - 1]} ms (${latencies.join(', ')})`,
    );
    fs.writeFileSync(
      path.join(resultsDir, 'preview-latency.json'),
      JSON.stringify({ latencies, median, worst: sorted[sorted.length - 1] }, null, 2),
    );
    // Within a second: held on the median, since this shared machine may stall any one key.
    if (median > 1_000) {
      throw new Error(`expected the preview to show a typed character within a second; median ${median} ms (${latencies.join(', ')})`);
    }
    const after = await frame.locator('body').getAttribute('data-load-id');
    if (after !== loadId) throw new Error(`expected the page to be patched in place; it was reloaded (load id ${loadId} became ${after})`);
  });

  await check('hiding and showing the preview keeps its state (template mode)', 'ui-08-preview-hide-show', async () => {
    let frame = await previewFrame(page);
    await frame.locator('button[data-mode="template"]').click();
    await waitFor(
      'the template mode to be on',
      async () => (await frame.locator('button[data-mode="template"]').getAttribute('aria-pressed')) === 'true',
      { timeout: UI_TIMEOUT },
    );
    // Hide: maximize the editor's group, so the preview's group is out of sight; show: restore.
    const loadId = await frame.locator('body').getAttribute('data-load-id');
    await focusFirstEditor(page);
    await runCommand(page, 'Toggle Maximize Editor Group');
    await waitFor(
      'the preview to be hidden',
      async () => !(await previewFrame(page)) || !(await frame.locator('#app').isVisible().catch(() => false)),
      { timeout: UI_TIMEOUT },
    );
    await runCommand(page, 'Toggle Maximize Editor Group');
    await waitFor(
      'the shown-again preview to draw the columns in template mode',
      async () => {
        frame = await previewFrame(page);
        if (!frame) return false;
        const pressed = await frame.locator('button[data-mode="template"]').getAttribute('aria-pressed').catch(() => null);
        return pressed === 'true' && (await columnsOf(frame)).length === 3;
      },
      { timeout: UI_TIMEOUT, describeSeen: async () => `columns ${listForHumans((await inPreview(page, columnsOf)) ?? [])}` },
    );
    const shownId = await frame.locator('body').getAttribute('data-load-id');
    log(`preview shown again: ${shownId === loadId ? 'the page was kept' : 'a new page, restored from its saved state'}`);
    await focusFirstEditor(page);
  });

  await check('a hostile message stays text: no script, no remote image, no CSP violation', 'ui-09-preview-hostile', async () => {
    // Only what happens from here on counts (the workbench may log its own CSP notes earlier).
    remoteRequests.length = 0;
    cspViolations.length = 0;
    dialogs.length = 0;
    await quickOpen(page, HOSTILE_FIXTURE);
    const title = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    await waitFor(
      'the preview to show the hostile title as text',
      async () => (
        await inPreview(page, (f) => f.locator('[data-channel="messenger"] .title').first().textContent().catch(() => null))
      ) === title,
      {
        timeout: UI_TIMEOUT,
        describeSeen: async () => JSON.stringify(
          await inPreview(page, (f) => f.locator('[data-channel="messenger"] .title').first().textContent().catch(() => null)),
        ),
      },
    );
    const frame = await previewFrame(page);
    const injected = await frame.locator('#app img, #app script, #app a, #app b, #app i').count();
    if (injected > 0) throw new Error(`expected no element made from the message's text; found ${injected}`);
    await page.waitForTimeout(500); // let any (wrongly) started request or error surface
    const problems = [
      ...remoteRequests.map((u) => `a request to ${u}`),
      ...cspViolations.map((t) => `a CSP violation: ${t}`),
      ...dialogs.map((d) => `a dialog "${d}"`),
    ];
    if (problems.length) throw new Error(`expected nothing to run or load; saw ${problems.join('; ')}`);
  });

  await check(`the Configuration Meta form renders every entry (${FORM_KEYS.join(', ')})`, 'ui-10-preview-form', async () => {
    await quickOpen(page, FORM_FIXTURE);
    const keys = (f) => f.locator('[data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    await waitFor(
      `the form to have controls ${FORM_KEYS.join(', ')}`,
      async () => JSON.stringify((await inPreview(page, keys)) ?? []) === JSON.stringify(FORM_KEYS),
      { timeout: UI_TIMEOUT, describeSeen: async () => `controls ${listForHumans((await inPreview(page, keys)) ?? [])}` },
    );
  }, { marketplace: 'integrations-form' });
  void results;
}
