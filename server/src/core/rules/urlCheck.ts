/** Shared check of http/https URLs in static or partly templated strings. */
import type { StringInfo } from '../jsonDocument';

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
