/**
 * The card model's reading of each action's type (rules ask it of every action): the written
 * type when it holds no template, decoded; no verdict when a template makes it up.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { buildRichCard } from '../../server/src/core/model/richCard';

function typesOf(actions: string): (string | undefined)[] {
  const card = buildRichCard(parseJsonDocument(`{ "type": "rich", "title": "t", "insideActions": [${actions}] }`));
  return card!.insideActions!.actions.map((a) => a.staticType);
}

describe('an action type written without templates', () => {
  it('is read as written, escapes decoded, a lone $ kept as text', () => {
    assert.deepEqual(
      typesOf('{ "type": "reply" }, { "type": "re\\u0070ly" }, { "type": "$reply" }, { "type": "" }'),
      ['reply', 'reply', '$reply', ''],
    );
  });
  it('gives no type when a template makes it up, inside the string or in place of it', () => {
    assert.deepEqual(typesOf('{ "type": "${kind}" }, { "type": "re${x}" }, { "type": ${kind} }'), [undefined, undefined, undefined]);
  });
  it('takes a broken template for text, as the template scan does', () => {
    assert.deepEqual(typesOf('{ "type": "${" }'), ['${']);
  });
});
