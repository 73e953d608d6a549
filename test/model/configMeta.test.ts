/**
 * isIdentifierKey decides which Configuration Meta keys meta-key-identifier reports: it must
 * agree with the identifier pattern code generation takes (/^[A-Z_]\w*$/i: ASCII letters,
 * digits and _, not starting with a digit), also on letters that look ASCII but are not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isIdentifierKey } from '../../server/src/core/model/configMeta';

describe('isIdentifierKey', () => {
  it('agrees with the identifier pattern on every key of up to two characters from a mixed alphabet', () => {
    const chars = [...'aZz_09 -.$', '\u017f', '\u212a', 'é', '\u00a0', '\u0660', 'ß', '\ud83d'];
    const keys = ['', ...chars, ...chars.flatMap((a) => chars.map((b) => a + b)), 'apiKey', 'api_key2', '_', '2fa', 'api key'];
    for (const key of keys) assert.equal(isIdentifierKey(key), /^[A-Z_]\w*$/i.test(key), JSON.stringify(key));
  });
});
