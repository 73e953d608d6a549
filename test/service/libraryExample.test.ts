/**
 * The example of the core as a library (examples/library/check-a-message.ts) runs as its
 * comment says and prints what a reader is told to expect: the findings with their lines and
 * columns, a hover, and the WhatsApp payload rendered with sample data.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..');

describe('examples/library/check-a-message.ts', () => {
  it('runs with node --import tsx and prints findings, a hover and a payload', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'examples/library/check-a-message.ts'], { cwd: ROOT, encoding: 'utf8' });
    // The title is 89 characters without its template, over Messenger's 80: line 3, column 12.
    assert.match(out, /^ {2}3:12 {2}error {2}channel-limit {2}title has at least 89 characters without its templates: over Messenger's 80\.$/m);
    assert.match(out, /^ {2}7:79 {2}error {2}phone-number {2}phoneNumber must be a global number/m);
    assert.match(out, /Hover on "title":\n\*\*title\*\* \(rich card, required\)/);
    const payload = JSON.parse(out.slice(out.indexOf('WhatsApp receives:\n') + 'WhatsApp receives:\n'.length)) as {
      interactive: { body: { text: string } };
    };
    assert.equal(
      payload.interactive.body.text,
      'Hello Ada, this title runs on well past the eighty characters that Messenger shows in a card',
    );
  });
});
