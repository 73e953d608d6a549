/**
 * A long document is parsed in slices for the editing features (the editor under load): the
 * check of a large file runs on a worker, but hover, completion, outline and the rest need the
 * parse on the server's own thread. In one go, the parse of a large document held every
 * request in every document until it ended; in slices, other documents are answered
 * meanwhile, and a newer edit stops a parse that is no longer needed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { afterEach, before, beforeEach, describe, it } from 'node:test';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { createLanguageService, DEFAULT_CONFIG } from '../../server/src/core';
import { hugeMessage } from '../../scripts/bench/corpora';
import { ensureBundle, SERVER_BUNDLE as SERVER } from '../support/bundle';

const SMALL = '{\n  "type": "rich",\n  "title": "Hello",\n  "description": "Hi"\n}\n';
/** About 760,000 characters: many slices. */
const LARGE = hugeMessage(4_000);
/** The offset of the first action's "display" key. */
const DISPLAY = LARGE.indexOf('"display"') + 2;
/**
 * For the server: about 2.3 MB, a parse long enough even warm that an edit sent right after a
 * hover arrives while that hover's parse is under way.
 */
const LONGER = hugeMessage(12_000);

/**
 * A slice ends on the clock (SLICE_MS), so on a real clock how many slices a parse takes depends
 * on the machine: a cold first parse on a busy machine takes more than a warm second one. These
 * tests count slices, so they run on a clock that advances two milliseconds each time it is read:
 * the same work then always takes the same slices.
 */
function countingClock(): () => void {
  const real = Object.getOwnPropertyDescriptor(globalThis, 'performance');
  let now = 0;
  Object.defineProperty(globalThis, 'performance', { configurable: true, enumerable: true, value: { now: () => (now += 2) } });
  return () => { if (real) Object.defineProperty(globalThis, 'performance', real); };
}

describe('the language service parses a long document in slices (ready)', () => {
  let restoreClock: () => void = () => {};
  beforeEach(() => { restoreClock = countingClock(); });
  afterEach(() => restoreClock());

  it('yields to the host between slices, then answers as a parse in one go does', async () => {
    let yields = 0;
    const service = createLanguageService({ yieldToHost: () => { yields++; return new Promise((resolve) => setImmediate(resolve)); } });
    const doc = service.open(LARGE, 'universal-message');
    const ready = service.ready(doc);
    assert.notEqual(ready, true, 'a long document is not parsed at once');
    assert.equal(await ready, true);
    assert.ok(yields >= 2, `${yields} yields`);
    assert.equal(service.ready(doc), true, 'parsed: ready at once');
    const oneGo = createLanguageService();
    const hover = service.hover(doc, DISPLAY, { config: DEFAULT_CONFIG });
    assert.ok(hover?.contents.includes('display'), hover?.contents);
    assert.deepEqual(hover, oneGo.hover(oneGo.open(LARGE, 'universal-message'), DISPLAY, { config: DEFAULT_CONFIG }));
    assert.deepEqual(service.symbols(doc), oneGo.symbols(oneGo.open(LARGE, 'universal-message')));
  });

  it('is ready at once for a short document and for one over maxFileSize (never parsed)', () => {
    const service = createLanguageService();
    assert.equal(service.ready(service.open(SMALL, 'universal-message')), true);
    const over = service.open(LARGE, 'universal-message', { ...DEFAULT_CONFIG, maxFileSize: 1_000 });
    assert.equal(service.ready(over), true);
    assert.deepEqual(service.symbols(over), []);
  });

  it('stops when the version is gone, and parses again when asked again', async () => {
    const token = { isCancellationRequested: false };
    const service = createLanguageService({ yieldToHost: () => { token.isCancellationRequested = true; return Promise.resolve(); } });
    const doc = service.open(LARGE, 'universal-message');
    assert.equal(await service.ready(doc, token), false);
    assert.equal(await service.ready(doc), true);
  });

  it('one parse serves every caller and the check of the same version', async () => {
    let together = 0;
    const service = createLanguageService({ yieldToHost: () => { together++; return new Promise((resolve) => setImmediate(resolve)); } });
    const doc = service.open(LARGE, 'universal-message');
    const [a, b, checked] = await Promise.all([service.ready(doc), service.ready(doc), service.check(doc, { config: DEFAULT_CONFIG })]);
    assert.equal(a, true);
    assert.equal(b, true);
    assert.ok(checked.doc, 'checked here, with the parse of `ready`');
    // One caller at a time on a service of its own: one parse, then the check on it.
    let oneByOne = 0;
    const alone = createLanguageService({ yieldToHost: () => { oneByOne++; return new Promise((resolve) => setImmediate(resolve)); } });
    const other = alone.open(LARGE, 'universal-message');
    await alone.ready(other);
    const parseSlices = oneByOne;
    const checkedAlone = await alone.check(other, { config: DEFAULT_CONFIG });
    assert.ok(parseSlices >= 2, `${parseSlices} slices: the parse yields`);
    assert.equal(together, oneByOne, 'the three callers together take the slices of one parse and one check');
    assert.deepEqual(checked.diagnostics, checkedAlone.diagnostics);
  });
});

describe('the server answers other documents while a long one is parsed', () => {
  before(ensureBundle);

  it('a hover in a short document is answered before the hover that waits for the long parse; an edit stops that parse', async () => {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const published: PublishDiagnosticsParams[] = [];
    const waiters: (() => void)[] = [];
    client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      published.push(p);
      waiters.splice(0).forEach((w) => w());
    });
    const publishedFor = async (uri: string, version: number) => {
      while (!published.some((p) => p.uri === uri && p.version === version)) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    client.listen();
    const small = 'file:///tmp/umsg-slices/small.umsg', large = 'file:///tmp/umsg-slices/large.umsg';
    const hoverAt = (uri: string, line: number, character: number) =>
      client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character } });
    // The first action's "display" key: line and column in LARGE.
    const before = LONGER.slice(0, DISPLAY);
    const displayLine = before.split('\n').length - 1;
    const displayColumn = DISPLAY - (before.lastIndexOf('\n') + 1);
    try {
      await client.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      await client.sendNotification('initialized', {});
      await client.sendNotification('textDocument/didOpen', {
        textDocument: { uri: small, languageId: 'universal-message', version: 1, text: SMALL },
      });
      await client.sendNotification('textDocument/didOpen', {
        textDocument: { uri: large, languageId: 'universal-message', version: 1, text: LONGER },
      });
      // Both checked (the large one on the worker): each file's surroundings are known, so
      // the hovers below wait for nothing but the parse.
      await publishedFor(small, 1);
      await publishedFor(large, 1);

      const order: string[] = [];
      const inLarge = hoverAt(large, displayLine, displayColumn).then((h) => { order.push('large'); return h; });
      const inSmall = hoverAt(small, 2, 4).then((h) => { order.push('small'); return h; });
      const [hLarge, hSmall] = await Promise.all([inLarge, inSmall]);
      assert.deepEqual(order, ['small', 'large']);
      assert.match(JSON.stringify(hSmall), /title/);
      assert.match(JSON.stringify(hLarge), /display/);

      // An edit while the hover of version 2 waits for its parse: that parse stops, and the
      // hover answers ContentModified, as LSP asks; version 3 is answered.
      // Small incremental edits (a space at the start of line 1): a message of the whole text
      // would take the server longer to read than the parse takes.
      const typeSpace = (version: number) => client.sendNotification('textDocument/didChange', {
        textDocument: { uri: large, version },
        contentChanges: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: ' ' }],
      });
      await typeSpace(2);
      const stale = hoverAt(large, displayLine, displayColumn).then(() => 'answered', (e: { code?: number }) => e.code);
      await typeSpace(3);
      assert.equal(await stale, -32801);
      assert.match(JSON.stringify(await hoverAt(large, displayLine, displayColumn)), /display/);
    } finally {
      client.dispose();
      child.kill();
    }
  });
});
