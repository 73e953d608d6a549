/** Shared check of http/https URLs in static or partly templated strings. */
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import { plainText } from '../syntax/nodes';
import type { StringInfo } from '../syntax/strings';
import { hasWhiteSpace } from '../util/whiteSpace';

/** A problem with a URL, or undefined when it is fine or cannot be judged (templates). */
export function urlProblem(field: string, info: StringInfo): string | undefined {
  if (info.wholly) return undefined;
  if (info.templates.length === 0) return plainUrlProblem(field, info.staticText);
  // Templated: judge the static start when it already shows a scheme.
  const prefix = info.prefix;
  if (prefix.length === 0) return undefined;
  if (hasWhiteSpace(info.staticText)) return `${field} contains white space: encode it (a space is %20).`;
  const lower = prefix.toLowerCase();
  if ('https://'.startsWith(lower) || 'http://'.startsWith(lower) || lower.startsWith('https://') || lower.startsWith('http://')) return undefined;
  const colon = schemeEnd(prefix);
  if (colon >= 0 && isHttp(prefix, colon)) return missingSlashes(field, prefix.slice(0, colon));
  if (colon >= 0) return `${field} must use http or https, found ${prefix.slice(0, colon)}:.`;
  return `${field} must start with http:// or https:// (or with a template that gives the whole base URL).`;
}

/**
 * The problem with the URL a value node holds, or undefined when it is fine, cannot be judged or
 * is not a string (another rule reports the type). A string without templates is judged on its
 * text, with no string info built for each of thousands of urls.
 */
export function urlProblemAt(doc: JsonDocument, field: string, node: Node): string | undefined {
  const plain = plainText(doc, node);
  if (plain !== undefined) return plainUrlProblem(field, plain);
  if (node.type !== 'string' || doc.valueTemplate(node)) return undefined;
  return urlProblem(field, doc.stringInfo(node));
}

/**
 * The problem with a URL written without templates (urlProblem's verdict on a string whose
 * static text is `s`): the rules ask with the text of a plain string, and build no string info.
 */
function plainUrlProblem(field: string, s: string): string | undefined {
  // Without white space a string is blank only when it is empty: no trimmed copy of every URL.
  if (hasWhiteSpace(s)) {
    return s.trim().length === 0
      ? `${field} is empty: give a public http or https URL.`
      : `${field} contains white space: encode it (a space is %20).`;
  }
  if (s.length === 0) return `${field} is empty: give a public http or https URL.`;
  const colon = schemeEnd(s);
  if (colon < 0) return `${field} must be an absolute http or https URL, such as https://example.com/${field === 'url' ? 'page' : 'image.png'}.`;
  if (!isHttp(s, colon)) return `${field} must use http or https, found ${s.slice(0, colon)}:.`;
  // The URL parser forgives "https:example.com" and "https:\\example.com"; channels expect scheme://host.
  if (!s.startsWith('//', colon + 1)) return missingSlashes(field, s.slice(0, colon));
  if (plainHost(s, colon + 3)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(s);
  } catch {
    // http and https URLs without a host do not parse at all: say which part is missing.
    if (/^[a-z]+:\/\/(?:[/?#]|$)/i.test(s)) return `${field} has no host name after ${s.slice(0, colon)}://.`;
    return `${field} is not a valid URL.`;
  }
  if (!parsed.hostname) return `${field} has no host name.`;
  return undefined;
}

/**
 * Where the scheme of a URL ends: the offset of the colon after an ASCII letter and then
 * letters, digits, +, . and - (RFC 3986's scheme), or -1 when `s` does not start with one.
 */
function schemeEnd(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    if (letter) continue;
    if (i === 0) return -1;
    if (c === 58) return i; // :
    if (!((c >= 48 && c <= 57) || c === 43 || c === 46 || c === 45)) return -1; // digits + . -
  }
  return -1;
}

/** True when the scheme that ends at `colon` (see schemeEnd) is http or https, in any case: read in place, no copy. */
function isHttp(s: string, colon: number): boolean {
  if (colon !== 4 && colon !== 5) return false;
  return lowerAt(s, 0) === 104 && lowerAt(s, 1) === 116 && lowerAt(s, 2) === 116 && lowerAt(s, 3) === 112 && // h t t p
    (colon === 4 || lowerAt(s, 4) === 115); // s
}

/** The character code at `i` in lower case, for the letters, digits, + . and - that schemeEnd lets through. */
function lowerAt(s: string, i: number): number {
  return s.charCodeAt(i) | 32;
}

function missingSlashes(field: string, scheme: string): string {
  return `${field} must start with ${scheme.toLowerCase()}:// followed by the host name, such as ${scheme.toLowerCase()}://example.com/.`;
}

/**
 * True when the host of an http(s) URL, from `start` to the first slash, backslash, ? or #,
 * is a plain domain name that the URL parser accepts as it is: ASCII letters, digits, dots
 * and hyphens, no empty label, no punycode label (xn--) and a last label that does not start
 * with a digit (the parser reads such a host as an IPv4 address, which may fail). Nothing
 * after the host can make the parser fail, so such a URL is valid without building a URL
 * object: most URLs in a message are like this, and `new URL` was most of media-url's and
 * action-url's time. Anything else (ports, user info, IP addresses, Unicode) is left to `new URL`.
 */
export function plainHost(s: string, start: number): boolean {
  let end = start;
  let label = start; // where the current label starts
  let last = start; // where the last non-empty label starts
  for (; ; end++) {
    const c = end < s.length ? s.charCodeAt(end) : -1;
    if (c === -1 || c === 47 || c === 63 || c === 35 || c === 92 || c === 46) { // end / ? # \ .
      if (end === label) {
        if (c === 46 || end === start) return false; // an empty label, or no host
        break; // after a final dot (example.com.)
      }
      if (isPunycode(s, label, end)) return false;
      last = label;
      if (c !== 46) break;
      label = end + 1;
      continue;
    }
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    if (!letter && !(c >= 48 && c <= 57) && c !== 45) return false;
  }
  const first = s.charCodeAt(last);
  return !(first >= 48 && first <= 57);
}

/** A label that starts with xn-- (any case): punycode, which the parser decodes and may reject. */
function isPunycode(s: string, from: number, to: number): boolean {
  if (to - from < 4) return false;
  const x = s.charCodeAt(from) | 32;
  const n = s.charCodeAt(from + 1) | 32;
  return x === 120 && n === 110 && s.charCodeAt(from + 2) === 45 && s.charCodeAt(from + 3) === 45;
}
