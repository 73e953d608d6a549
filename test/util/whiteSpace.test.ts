/**
 * The white space scans stand for `\s` in a regular expression (the URL check, completion's
 * colon lookahead): they must agree with it on every UTF-16 code unit, or a URL with a
 * no-break space or a line separator in it would pass as valid.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasWhiteSpace, isWhiteSpace } from '../../server/src/core/util/whiteSpace';

describe('whiteSpace', () => {
  it('agrees with \\s on every UTF-16 code unit', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      assert.equal(isWhiteSpace(c), /\s/.test(ch), `code unit ${c.toString(16)}`);
      assert.equal(hasWhiteSpace(`https://a${ch}b`), /\s/.test(ch), `code unit ${c.toString(16)} inside a string`);
    }
    assert.equal(hasWhiteSpace(''), false);
  });
});
