/**
 * The strings of a templated document: which parts of a JSON string are static text and
 * which are templates, and the decoding of JSON string escapes.
 */
import type { Node } from 'jsonc-parser';
import { codePointLength } from '../util/codePoints';
import type { TemplateRegion } from './templateScanner';

/** The static and templated parts of one JSON string. */
export interface StringInfo {
  /** The decoded text without its templates: a lower bound of the rendered text. */
  staticText: string;
  /** Code points in `staticText`. */
  staticLength: number;
  /** Templates inside the string, in order. */
  templates: TemplateRegion[];
  /** True when the string is nothing but templates (and white space): no verdict on its content. */
  wholly: boolean;
  /** The decoded text before the first template (all of it when there is none). */
  prefix: string;
  /** The static segments between templates, decoded, in order (length = templates + 1). */
  segments: string[];
}

/** The templates of a string without any: one shared empty list (no one adds to it). */
const NO_TEMPLATES: TemplateRegion[] = [];

/** Finds the templates inside [start, end) with a binary search over the sorted list. */
function templatesIn(templates: readonly TemplateRegion[], start: number, end: number): TemplateRegion[] {
  if (templates.length === 0) return NO_TEMPLATES;
  let lo = 0;
  let hi = templates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (templates[mid].start < start) lo = mid + 1; else hi = mid;
  }
  const out: TemplateRegion[] = [];
  for (let k = lo; k < templates.length && templates[k].start < end; k++) out.push(templates[k]);
  return out;
}

/**
 * The info of a string without templates: most strings of a message. Its length in code
 * points and its one segment are worked out when first asked (most are never asked for
 * both), so that a large message does not pay a count and an array per string.
 */
class PlainStringInfo implements StringInfo {
  // Fields assigned in the constructor, not declared with initialisers or as parameter
  // properties: those define each field on the new object before the constructor runs, a
  // cost per field for one object per string of a message (as jsonTree.ts's PropertyNode).
  declare private length: number | undefined;
  declare private parts: string[] | undefined;
  declare readonly wholly: false;
  declare readonly staticText: string;
  declare readonly templates: TemplateRegion[];
  constructor(staticText: string, templates: TemplateRegion[]) {
    this.staticText = staticText;
    this.templates = templates;
    this.wholly = false;
    this.length = undefined;
    this.parts = undefined;
  }
  get prefix(): string {
    return this.staticText;
  }
  get staticLength(): number {
    return (this.length ??= codePointLength(this.staticText));
  }
  get segments(): string[] {
    return (this.parts ??= [this.staticText]);
  }
}

/**
 * The static and templated parts of a string node. `text` holds the node's characters from
 * `base` on: the whole text (0), or the node's own (its offset).
 */
export function computeStringInfo(text: string, all: readonly TemplateRegion[], node: Node, base = 0): StringInfo {
  const contentStart = node.offset + 1;
  let contentEnd = node.offset + node.length;
  // Drop the closing quote; an unclosed string (`"say \"` at a line break) ends in an escaped
  // quote instead, which belongs to the content: an odd run of backslashes before it escapes it.
  if (node.length >= 2 && text.charCodeAt(contentEnd - 1 - base) === 34) {
    let backslashes = 0;
    while (contentEnd - 2 - backslashes > node.offset && text.charCodeAt(contentEnd - 2 - backslashes - base) === 92) backslashes++;
    if (backslashes % 2 === 0) contentEnd--;
  }
  const templates = templatesIn(all, contentStart, contentEnd);
  if (templates.length === 0) {
    const decoded = typeof node.value === 'string' ? node.value : decodeJsonString(text.slice(contentStart - base, contentEnd - base));
    return new PlainStringInfo(decoded, templates);
  }
  const segments: string[] = [];
  let last = contentStart;
  for (const t of templates) {
    segments.push(decodeJsonString(text.slice(last - base, t.start - base)));
    last = t.end;
  }
  segments.push(decodeJsonString(text.slice(last - base, contentEnd - base)));
  const staticText = segments.join('');
  return {
    staticText,
    staticLength: codePointLength(staticText),
    templates,
    wholly: staticText.trim().length === 0,
    prefix: segments[0],
    segments,
  };
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Decodes the inside of a JSON string leniently (bad escapes are kept as written; the parser reports them). */
export function decodeJsonString(raw: string): string {
  if (raw.indexOf('\\') < 0) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c !== '\\' || i + 1 >= raw.length) { out += c; continue; }
    const e = raw[i + 1];
    if (e === 'u' && /^[0-9a-f]{4}$/i.test(raw.slice(i + 2, i + 6))) {
      out += String.fromCharCode(parseInt(raw.slice(i + 2, i + 6), 16));
      i += 5;
    } else if (ESCAPES[e] !== undefined) {
      out += ESCAPES[e];
      i++;
    } else {
      out += c;
    }
  }
  return out;
}
