/**
 * The check thread's side of a check (`checkRemoteRequest`): it asks whether it is cancelled
 * while it parses, not only between rules and findings, so that a keystroke stops the check of
 * a long document (started once the typing paused) within its parse, instead of leaving the
 * thread to parse the whole text beside the one that answers the keystroke's request.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRemoteRequest, DEFAULT_CONFIG } from '../../server/src/core';

/** A valid Configuration Meta of `n` entries: no finding, so the rules ask nothing themselves. */
const meta = (n: number) => '[\n' + Array.from({ length: n }, (_, i) => '  ' + JSON.stringify(
  { key: `apiKey${i}`, label: `API key ${i}`, type: 'String' },
)).join(',\n') + '\n]\n';

function asked(text: string, cancelFrom = Infinity) {
  let asks = 0;
  const result = checkRemoteRequest(
    { text, language: 'configuration-meta', context: { config: DEFAULT_CONFIG } },
    () => ++asks >= cancelFrom,
  );
  return { asks, result };
}

describe('checkRemoteRequest', () => {
  it('asks whether it is cancelled as it parses: the longer the text, the more often', () => {
    const short = asked(meta(5_000));
    const long = asked(meta(20_000));
    assert.equal(short.result.cancelled, false);
    assert.deepEqual(long.result.diagnostics, []);
    assert.ok(long.asks > short.asks + 10, `asked ${short.asks} times in 5,000 entries, ${long.asks} in 20,000`);
  });

  it('answers a check cancelled during its parse as cancelled, with no findings', () => {
    const { result } = asked(meta(20_000), 3);
    assert.deepEqual({ cancelled: result.cancelled, diagnostics: result.diagnostics }, { cancelled: true, diagnostics: [] });
  });
});
