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

  it('names the scheme, blank and white space problems as written', () => {
    const cases: [string, string | undefined][] = [
      ['', 'url is empty: give a public http or https URL.'],
      [' \u3000', 'url is empty: give a public http or https URL.'],
      ['https://a b', 'url contains white space: encode it (a space is %20).'],
      ['https://a\u00a0b', 'url contains white space: encode it (a space is %20).'],
      ['ftp://files.example/a', 'url must use http or https, found ftp:.'],
      ['Svn+SSH.x-1://a', 'url must use http or https, found Svn+SSH.x-1:.'],
      ['HTTPS:example.com', 'url must start with https:// followed by the host name, such as https://example.com/.'],
      ['Http:/example.com', 'url must start with http:// followed by the host name, such as http://example.com/.'],
      ['httpss://a', 'url must use http or https, found httpss:.'],
      ['1http://a', 'url must be an absolute http or https URL, such as https://example.com/page.'],
      [':a', 'url must be an absolute http or https URL, such as https://example.com/page.'],
      ['http_s://a', 'url must be an absolute http or https URL, such as https://example.com/page.'],
      ['example.com/page', 'url must be an absolute http or https URL, such as https://example.com/page.'],
      ['HtTpS://example.com', undefined],
    ];
    // A string without templates is never wholly templates, blank or not (as computeStringInfo gives it).
    for (const [url, problem] of cases) assert.equal(urlProblem('url', { ...plain(url), wholly: false }), problem, JSON.stringify(url));
    const templated = (prefix: string, rest = ''): StringInfo => ({
      staticText: prefix + rest, staticLength: (prefix + rest).length, templates: [{ start: 0, end: 1 }], wholly: false, prefix,
      segments: [prefix, rest],
    }) as unknown as StringInfo;
    assert.equal(urlProblem('url', templated('ftp:')), 'url must use http or https, found ftp:.');
    assert.equal(urlProblem('url', templated('HTTP:x')), 'url must start with http:// followed by the host name, such as http://example.com/.');
    assert.equal(urlProblem('url', templated('https://', ' x')), 'url contains white space: encode it (a space is %20).');
    assert.equal(urlProblem('url', templated('htt')), undefined);
    assert.equal(urlProblem('url', templated('www.')), 'url must start with http:// or https:// (or with a template that gives the whole base URL).');
  });
});
