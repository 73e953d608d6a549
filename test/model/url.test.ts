/**
 * The URL check (media-url, action-url) skips `new URL` for a plain domain name
 * (`plainHost`): that shortcut must never call a URL valid that the URL parser rejects, or
 * the rules would stay silent on a URL the channels refuse. Every host shape the shortcut
 * might get wrong is compared with the parser here, and the findings stay the same.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plainHost, urlProblem } from '../../server/src/core/model/url';
import type { StringInfo } from '../../server/src/core/syntax/strings';

const HOSTS = ['a', 'example.com', 'example.com.', 'EXAMPLE.COM', 'a-b.example', '-', 'localhost', 'a.b.c.d.e',
  'a..b', '.a', 'a..', '', '1.2.3.4', '1.2.3.999', '999', '0x1', 'a.0x1', 'a.1b', 'xn--a', 'XN--abc.com', 'xn--', 'a.xn--ls8h', 'xn-a.com',
  'exa_mple', 'a:80', 'a:99999', 'u@h', 'ex%41.com', '[::1]', '[::1', 'ａ.com', 'é.com', `x.${'a'.repeat(300)}`];
const TAILS = ['', '/', '/p?q#f', '?x', '#y', '\\z', '/%zz', '/é', '/\ud800'];

function parserAccepts(s: string): boolean {
  try { return new URL(s).hostname !== ''; } catch { return false; }
}

const plain = (staticText: string): StringInfo => ({
  staticText,
  staticLength: staticText.length,
  templates: [],
  wholly: staticText.trim() === '',
  prefix: staticText,
  segments: [staticText],
}) as StringInfo;

describe('urlCheck', () => {
  it('takes the shortcut only for URLs the URL parser accepts', () => {
    let shortcuts = 0;
    for (const host of HOSTS) for (const tail of TAILS) for (const scheme of ['https://', 'HTTP://']) {
      const url = scheme + host + tail;
      if (!plainHost(url, scheme.length)) continue;
      shortcuts++;
      assert.ok(parserAccepts(url), `plainHost accepted ${JSON.stringify(url)}, the URL parser does not`);
    }
    assert.ok(shortcuts > 100, 'ordinary domain names take the shortcut');
  });

  it('still reports the URLs the parser rejects', () => {
    assert.equal(urlProblem('url', plain('https://1.2.3.999/menu')), 'url is not a valid URL.');
    assert.equal(urlProblem('url', plain('https://a:99999/')), 'url is not a valid URL.');
    assert.equal(urlProblem('url', plain('https://?menu')), 'url has no host name after https://.');
    assert.equal(urlProblem('url', plain('https://trattoria.example/menu/7')), undefined);
    assert.equal(urlProblem('url', plain('https://xn--ls8h.example/')), undefined);
  });
});
