// The reporter of `npm run test:unit` (test/run-unit.mjs): node's spec reporter, with every
// place in a test bundle (a stack frame such as `.test-build/03-group-1-of-25-files.test.js:812:9`)
// written as the TypeScript source and line it was built from, as `--enable-source-maps` would.
//
// Why not `--enable-source-maps` in the test processes: node then reads the inline source map of
// each bundle as it loads it, a third of a second of CPU per bundle of the core, in every test
// process, whether or not a test fails. Here a bundle's map is read only when a place in it is
// printed: a failure, or a test's own output that names one.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import * as path from 'node:path';
import { once } from 'node:events';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

/** The folder of the bundles (run-unit.mjs sets it). */
const BUILD = process.env.UNIT_BUILD_OUT;
const MAP_PREFIX = '//# sourceMappingURL=data:application/json;base64,';

/** Each bundle's source map, read on first use (undefined: it has none, or it cannot be read). */
const maps = new Map();
function mapOf(bundle) {
  if (!maps.has(bundle)) {
    let map;
    try {
      const text = readFileSync(bundle, 'utf8');
      const at = text.lastIndexOf(MAP_PREFIX);
      if (at >= 0) map = new SourceMap(JSON.parse(Buffer.from(text.slice(at + MAP_PREFIX.length).trim(), 'base64').toString('utf8')));
    } catch {
      map = undefined;
    }
    maps.set(bundle, map);
  }
  return maps.get(bundle);
}

/** `bundle:line:column` (1-based) as its source's `file:line:column`, or undefined when the map does not say. */
function sourcePlace(bundle, line, column) {
  const entry = mapOf(bundle)?.findEntry(line - 1, column - 1);
  if (!entry?.originalSource) return undefined;
  const source = entry.originalSource.startsWith('file:')
    ? fileURLToPath(entry.originalSource)
    : path.resolve(path.dirname(bundle), entry.originalSource);
  return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
}

const isDigit = (c) => c >= 48 && c <= 57;
/** Where the digits from `i` end. */
function digitsEnd(text, i) {
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i;
}

/**
 * `text` with each `BUILD/NAME.js:LINE:COLUMN` (a path or a file URL) written as its source's
 * place. One pass from each mention of the build folder: linear in the text.
 */
function mapPlaces(text) {
  if (!BUILD || typeof text !== 'string' || !text.includes(BUILD)) return text;
  let out = '';
  let from = 0;
  for (let at = text.indexOf(BUILD); at >= 0; at = text.indexOf(BUILD, Math.max(at + 1, from))) {
    const start = text.startsWith('file://', at - 7) ? at - 7 : at;
    // A bundle sits directly in the build folder: its name ends at a separator, white space, a
    // bracket, a quote or the ':' before the line.
    let end = at + BUILD.length + 1;
    if (text[end - 1] !== path.sep) continue;
    while (end < text.length && !/[\s()'":/\\]/.test(text[end])) end++;
    const bundlePath = text.slice(at, end);
    if (!bundlePath.endsWith('.js') || text[end] !== ':') continue;
    const lineEnd = digitsEnd(text, end + 1);
    if (lineEnd === end + 1 || text[lineEnd] !== ':') continue;
    const columnEnd = digitsEnd(text, lineEnd + 1);
    if (columnEnd === lineEnd + 1) continue;
    const place = sourcePlace(bundlePath, Number(text.slice(end + 1, lineEnd)), Number(text.slice(lineEnd + 1, columnEnd)));
    if (!place) continue;
    out += text.slice(from, start) + place;
    from = columnEnd;
  }
  return out + text.slice(from);
}

/** An error as the test process sent it, its stack and message (and its cause's) with source places. */
function mapError(error, depth = 0) {
  if (!error || typeof error !== 'object' || depth > 8) return;
  for (const key of ['stack', 'message']) {
    if (typeof error[key] === 'string') {
      try { error[key] = mapPlaces(error[key]); } catch { /* a read-only property stays as it is */ }
    }
  }
  mapError(error.cause, depth + 1);
}

async function* sourcePlaces(events) {
  for await (const event of events) {
    const data = event.data;
    if (data?.details?.error) mapError(data.details.error);
    if (typeof data?.message === 'string') data.message = mapPlaces(data.message);
    yield event;
  }
}

export default async function* unitReporter(events) {
  const reporter = spec();
  const feeding = (async () => {
    for await (const event of sourcePlaces(events)) if (!reporter.write(event)) await once(reporter, 'drain');
    reporter.end();
  })();
  for await (const text of reporter) yield text;
  await feeding;
}
