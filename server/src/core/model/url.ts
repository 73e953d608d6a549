/** Shared check of http/https URLs in static or partly templated strings. */
import type { StringInfo } from '../syntax/strings';

/** A problem with a URL, or undefined when it is fine or cannot be judged (templates). */
export function urlProblem(field: string, info: StringInfo): string | undefined {
  if (info.wholly) return undefined;
  if (info.templates.length === 0) {
    const s = info.staticText;
    if (s.trim().length === 0) return `${field} is empty: give a public http or https URL.`;
    if (/\s/.test(s)) return `${field} contains white space: encode it (a space is %20).`;
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(s);
    if (!scheme) return `${field} must be an absolute http or https URL, such as https://example.com/${field === 'url' ? 'page' : 'image.png'}.`;
    const name = scheme[1].toLowerCase();
    if (name !== 'http' && name !== 'https') return `${field} must use http or https, found ${scheme[1]}:.`;
    // The URL parser forgives "https:example.com" and "https:\\example.com"; channels expect scheme://host.
    if (!s.startsWith('//', scheme[0].length)) return missingSlashes(field, scheme[1]);
    if (plainHost(s, scheme[0].length + 2)) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(s);
    } catch {
      // http and https URLs without a host do not parse at all: say which part is missing.
      if (/^[a-z]+:\/\/(?:[/?#]|$)/i.test(s)) return `${field} has no host name after ${scheme[0]}//.`;
      return `${field} is not a valid URL.`;
    }
    if (!parsed.hostname) return `${field} has no host name.`;
    return undefined;
  }
  // Templated: judge the static start when it already shows a scheme.
  const prefix = info.prefix;
  if (prefix.length === 0) return undefined;
  if (/\s/.test(info.staticText)) return `${field} contains white space: encode it (a space is %20).`;
  const lower = prefix.toLowerCase();
  if ('https://'.startsWith(lower) || 'http://'.startsWith(lower) || lower.startsWith('https://') || lower.startsWith('http://')) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(prefix);
  if (scheme && /^https?$/i.test(scheme[1])) return missingSlashes(field, scheme[1]);
  if (scheme) return `${field} must use http or https, found ${scheme[1]}:.`;
  return `${field} must start with http:// or https:// (or with a template that gives the whole base URL).`;
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
