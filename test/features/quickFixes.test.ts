/**
 * The quick fixes of universal messages, applied: each is keyed on the finding's rule and typed
 * fix data (never its message), and applying it gives the expected text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/core/check/run';
import { resolveConfig, type ResolvedConfig } from '../../server/src/core/findings/config';
import { fixToEdits } from '../../server/src/core/features/fixes';
import { applyEdits } from '../../server/src/core/features/formatting';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';

const card = (rest: string) => `{ "type": "rich", "title": "t", "description": "d"${rest} }`;

/** Applies the fix titled `title` of the first finding of `rule` and returns the new text. */
function apply(text: string, rule: string, title: string, config?: ResolvedConfig): string {
  const found = checkDocument(text, 'universal-message', { config }).diagnostics.filter((x) => x.rule === rule);
  assert.ok(found.length > 0, `a ${rule} finding in ${text}`);
  const fix = found.flatMap((d) => d.fixes ?? []).find((f) => f.title === title);
  assert.ok(fix, `a fix "${title}" among ${JSON.stringify(found.flatMap((d) => d.fixes ?? []).map((f) => f.title))}`);
  return applyEdits(text, fixToEdits(parseJsonDocument(text), fix));
}

const rulesOf = (text: string) => checkDocument(text, 'universal-message').diagnostics.map((d) => d.rule);

describe('quick fixes', () => {
  it('add a missing title or description with a placeholder', () => {
    const out = apply('{\n  "type": "rich",\n  "description": "d"\n}', 'card-required', 'Add title');
    assert.equal(out, '{\n  "title": "Title",\n  "type": "rich",\n  "description": "d"\n}');
    assert.deepEqual(rulesOf(out), []);
    assert.equal(apply('{}', 'card-required', 'Add description'), '{ "description": "Description" }');
  });

  it('remove one of both action lists, or move the float replies inside when they fit', () => {
    const both = card(
      ', "insideActions": [ { "type": "reply", "display": "A", "payload": "A" } ], ' +
        '"floatActions": [ { "type": "reply", "display": "B", "payload": "B" } ]',
    );
    assert.equal(
      apply(both, 'exclusive-actions', 'Remove floatActions'),
      card(', "insideActions": [ { "type": "reply", "display": "A", "payload": "A" } ]'),
    );
    assert.equal(
      apply(both, 'exclusive-actions', 'Move the 1 float reply into insideActions'),
      card(', "insideActions": [ { "type": "reply", "display": "A", "payload": "A" }, ' +
        '{ "type": "reply", "display": "B", "payload": "B" } ]'),
    );
    const tooMany = card(
      ', "insideActions": [ {"type":"reply","display":"A","payload":"A"}, {"type":"reply","display":"B","payload":"B"} ], ' +
        '"floatActions": [ {"type":"reply","display":"C","payload":"C"}, {"type":"reply","display":"D","payload":"D"} ]',
    );
    const titles = checkDocument(tooMany, 'universal-message').diagnostics
      .find((d) => d.rule === 'exclusive-actions')!.fixes!.map((f) => f.title);
    assert.deepEqual(titles, ['Remove floatActions', 'Remove insideActions'], 'four actions do not fit Messenger\'s 3: no move offered');
  });

  it('add url to a click action and phoneNumber to a call action', () => {
    const click = apply(card(', "insideActions": [ { "type": "click", "display": "Go", "payload": "GO" } ]'), 'action-required', 'Add url');
    assert.match(click, /\{ "url": "https:\/\/", "type": "click"/);
    const call = apply(
      card(', "insideActions": [ { "type": "call", "display": "Call", "payload": "+12015550123" } ]'),
      'action-required',
      'Add phoneNumber',
    );
    assert.match(call, /\{ "phoneNumber": "\+1-201-555-0123", "type": "call"/);
  });

  it('normalise a phone number to the form every target channel takes', () => {
    const text = card(
      ', "insideActions": [ { "type": "call", "display": "Call", "payload": "+12015550123", "phoneNumber": "tel:0049 30 1234567" } ]',
    );
    // Messenger is a target: its call button rejects separators, so the fix writes none, and
    // the fixed text has no phone or channel finding left.
    const out = apply(text, 'phone-number', 'Change to +49301234567');
    assert.match(out, /"phoneNumber": "\+49301234567"/);
    assert.deepEqual(
      checkDocument(out, 'universal-message').diagnostics
        .filter((d) => d.rule === 'phone-number' || (d.rule === 'channel-limit' && d.channels?.includes('messenger')))
        .map((d) => d.message),
      [],
    );
    // Without Messenger, RFC 3966 separators are kept for readability.
    const noMessenger = resolveConfig({ channels: { messenger: 'off' }, rules: {} });
    const kept = apply(text, 'phone-number', 'Change to +49-30-1234567', noMessenger);
    assert.match(kept, /"phoneNumber": "\+49-30-1234567"/);
    // A number with separators gets Messenger's own fix.
    const separators = card(
      ', "insideActions": [ { "type": "call", "display": "Call", "payload": "+12015550123", "phoneNumber": "+1-201-555-0123" } ]',
    );
    assert.match(apply(separators, 'channel-limit', 'Change to +12015550123'), /"phoneNumber": "\+12015550123"/);
  });

  it('fix an enum\'s case and a float action\'s type', () => {
    assert.match(apply(card(', "richMedia": { "height": "tall", "fileUrl": "https://x.test/a.png", "altText": "a" }'), 'media-height', 'Change to "TALL"'), /"height": "TALL"/);
    assert.match(apply(card(', "insideActions": [ { "type": "Reply", "display": "A", "payload": "A" } ]'), 'action-type', 'Change to "reply"'), /"type": "reply"/);
    assert.match(apply(card(', "floatActions": [ { "type": "click", "display": "A", "payload": "A" } ]'), 'action-type', 'Change to "reply"'), /"type": "reply"/);
  });

  it('replace an unknown property with its suggestion', () => {
    assert.equal(
      apply('{ "type": "rich", "titel": "t", "description": "d" }', 'unknown-property', 'Rename to "title"'),
      '{ "type": "rich", "title": "t", "description": "d" }',
    );
  });

  it('keep the value parsers use when a property is duplicated', () => {
    assert.equal(
      apply(card(', "title": "u"'), 'duplicate-property', 'Remove the first "title" (keeps this value)'),
      '{ "type": "rich", "description": "d", "title": "u" }',
    );
  });
});
