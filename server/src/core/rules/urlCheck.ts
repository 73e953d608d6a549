/** Shared check of http/https URLs in static or partly templated strings. */
import type { StringInfo } from '../jsonDocument';

/** A problem with a URL, or undefined when it is fine or cannot be judged (templates). */
export function urlProblem(field: string, info: StringInfo): string | undefined {
  if (info.wholly) return undefined;
  if (info.templates.length === 0) {
    const s = info.staticText;
    if (s.trim().length === 0) return `${field} is empty: give a public http or https URL.`;
    if (/\s/.test(s)) return `${field} contains white space: encode it (a space is %20).`;
    const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(s);
    if (!scheme) return `${field} must be an absolute http or https URL, such as https://example.com/${field === 'url' ? 'page' : 'image.png'}.`;
    const name = scheme[1].toLowerCase();
    if (name !== 'http' && name !== 'https') return `${field} must use http or https, found ${scheme[1]}:.`;
    let parsed: URL;
    try {
      parsed = new URL(s);
    } catch {
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
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(prefix);
  if (scheme) return `${field} must use http or https, found ${scheme[1]}:.`;
  return `${field} must start with http:// or https:// (or with a template that gives the whole base URL).`;
}
