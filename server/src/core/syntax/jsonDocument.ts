/**
 * The masked JSONC parse of a templated document: templates are found first
 * (templateScanner), the masked text is parsed with jsonc-parser, and every node keeps the
 * offsets of the source. Strings remember which parts are static and which are templates.
 */
import { createScanner, type JSONScanner, type Node, type ParseError } from 'jsonc-parser';
import { startJsonTree, type JsonTreeParse } from './jsonTree';
import { startTemplateScan, type ScanResult, type TemplateRegion } from './templateScanner';

export type { Node } from 'jsonc-parser';

/**
 * What is wrong with the JSON, as facts: the words are the syntax rule's (rules/syntax.ts),
 * which reports them; render, the preview and the config file ask it for the same words.
 */
export type SyntaxFacts =
  /** Nesting went past the depth limit: the parse was skipped. */
  | { kind: 'too-deep'; depth: number; limit: number }
  /** The text holds no value: nothing at all, or only comments. */
  | { kind: 'no-value'; onlyComments: boolean }
  /** A ',' right before '}' or ']'. */
  | { kind: 'trailing-comma' }
  /** The text ends where a value belongs. */
  | { kind: 'end-of-file' }
  /** A printable token that is not JSON (`'TALL'`, `tru`): its first 20 characters, and whether there were more. */
  | { kind: 'unexpected-token'; token: string; cut: boolean }
  /** Any other parse error, by jsonc-parser's ParseErrorCode. */
  | { kind: 'parse-error'; code: number }
  /** The last problem kept (maxSyntaxProblems): `hidden` more were not kept. */
  | { kind: 'more'; hidden: number };

type SyntaxProblem = SyntaxFacts & { offset: number; length: number };

/** The static and templated parts of one JSON string (DESIGN: Templates). */
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

export interface JsonDocument {
  readonly text: string;
  readonly scan: ScanResult;
  /** The root value, or undefined when the text holds none or was too deep to parse safely. */
  readonly root: Node | undefined;
  readonly syntax: SyntaxProblem[];
  /** True when nesting went past the depth limit and the parse was skipped. */
  readonly tooDeep: boolean;
  /** The template standing in place of this value node, if it is one. */
  valueTemplate(node: Node): TemplateRegion | undefined;
  /** Static and templated parts of a string node (memoised). */
  stringInfo(node: Node): StringInfo;
  /** What other modules derive from this parse, kept with it (see DerivedSlots). */
  readonly derived: DerivedSlots;
}

/**
 * Results derived from one parse by other modules, each filled by its module on first use:
 * the card model (richCard.ts) and the dynamic lists (dynamicList.ts). They live on the parse
 * rather than in a WeakMap per module, since every WeakMap entry is extra work for each
 * garbage collection, and a run over 10,000 messages made three per message. Typed
 * `unknown` here (this module cannot import its users' types without an import cycle); each
 * module reads its slot back as its own type.
 */
interface DerivedSlots {
  /** buildRichCard's model (richCard.ts); null when the root is not an object. */
  card?: unknown;
  /** The marker lines read and paired (dynamicList.ts). */
  markers?: unknown;
  /** analyzeLists's result (dynamicList.ts). */
  lists?: unknown;
}

interface ParseOptions {
  depthLimit?: number;
  /** At most this many syntax problems are kept; a last one says how many more there were. */
  maxSyntaxProblems?: number;
}

export function parseJsonDocument(text: string, options: ParseOptions = {}): JsonDocument {
  const parse = startJsonDocument(text, options);
  parse.run();
  return parse.result();
}

/** A parse that can stop and go on: what parseJsonDocument does in one go. */
export interface JsonDocumentParse {
  /**
   * Parses on until the end, or until `pause` (asked every few milliseconds of work) says to
   * stop; true when the parse is complete. Stopping changes nothing in the result.
   */
  run(pause?: () => boolean): boolean;
  /** The parse once `run` has answered true. */
  result(): JsonDocument;
}

/**
 * parseJsonDocument in steps, for the editor: a multi-megabyte parse takes hundreds of
 * milliseconds, and the server yields between steps so that requests on other documents are
 * answered meanwhile. Both passes stop and go on, the template scan and the JSON tree; the
 * rest is short.
 */
export function startJsonDocument(text: string, options: ParseOptions = {}): JsonDocumentParse {
  const scanning = startTemplateScan(text, { depthLimit: options.depthLimit });
  let tree: JsonTreeParse | undefined;
  const errors: ParseError[] = [];
  let doc: JsonDocument | undefined;
  return {
    run(pause) {
      if (doc) return true;
      if (!scanning.run(pause)) return false;
      const scan = scanning.result();
      if (scan.depthExceededAt === undefined) {
        tree ??= startJsonTree(scan.masked, errors);
        if (!tree.run(pause)) return false;
      }
      doc = finishParse(text, options, scan, tree?.result(), errors);
      return true;
    },
    result() {
      if (!doc) throw new Error('The parse has not finished.');
      return doc;
    },
  };
}

/** The document from its template scan and JSON tree: syntax problems and template lookups. */
function finishParse(text: string, options: ParseOptions, scan: ScanResult, root: Node | undefined, errors: readonly ParseError[]): JsonDocument {
  const maxProblems = options.maxSyntaxProblems ?? 100;
  const syntax: SyntaxProblem[] = [];
  let tooDeep = false;
  if (scan.depthExceededAt !== undefined) {
    tooDeep = true;
    syntax.push({ kind: 'too-deep', depth: scan.maxDepth, limit: options.depthLimit ?? 1000, offset: scan.depthExceededAt, length: 1 });
  } else {
    // No value and no error: the text holds only white space or only comments (jsonc-parser
    // accepts both with allowEmptyContent). Either way the message is missing, so say so:
    // testing `text.trim()` alone let a file of nothing but comments pass with no finding.
    if (root === undefined && errors.length === 0) {
      syntax.push({ kind: 'no-value', onlyComments: text.trim().length > 0, offset: 0, length: 0 });
    }
    const previousToken = previousTokenFinder(scan.masked);
    let previous: SyntaxProblem | undefined;
    for (let k = 0; k < errors.length; k++) {
      const e = errors[k];
      if (isEcho(errors, k, previousToken)) continue;
      if (syntax.length >= maxProblems) {
        let hidden = 0;
        for (let m = k; m < errors.length; m++) if (!isEcho(errors, m, previousToken)) hidden++;
        syntax.push(clampTo({ kind: 'more', hidden, offset: e.offset, length: e.length }, text.length));
        break;
      }
      const problem = clampTo(describeError(scan.masked, e, previousToken), text.length);
      // One mistake may still come out twice after describeError (`{,}` is a missing value and
      // then a "trailing" comma, on the same ','): keep the first finding on a range.
      if (previous && previous.offset === problem.offset && previous.length === problem.length) continue;
      syntax.push(problem);
      previous = problem;
    }
  }

  // Most messages have no template at all: no map to build, and every value is plain.
  const byStart = scan.templates.length === 0 && scan.recovered.length === 0 ? undefined : new Map<number, TemplateRegion>();
  if (byStart) {
    for (const t of scan.templates) if (!t.inString) byStart.set(t.start, t);
    // A recovered broken template stands for a value too: dynamic, no verdict on it.
    for (const r of scan.recovered) byStart.set(r.start, { start: r.start, end: r.end, expression: text.slice(r.start + 2, r.end), inString: false });
  }

  return {
    text,
    scan,
    root,
    syntax,
    tooDeep,
    valueTemplate(node) {
      return byStart && node.type === 'string' ? byStart.get(node.offset) : undefined;
    },
    derived: {},
    stringInfo(node) {
      // Kept on the node itself (parseJsonTree gives every node the field): no map to hash into.
      const holder = node as Node & { info?: StringInfo };
      return (holder.info ??= computeStringInfo(text, scan.templates, node));
    },
  };
}

/**
 * Keeps a problem inside the text. jsonc-parser gives an unclosed block comment one
 * character more than the rest of the text (`/*` alone: offset 0, length 3), and a range
 * past the end breaks editors and the command line's line and column.
 */
function clampTo(p: SyntaxProblem, n: number): SyntaxProblem {
  const offset = Math.min(p.offset, n);
  return { ...p, offset, length: Math.max(0, Math.min(p.length, n - offset)) };
}

/**
 * True when errors[k] repeats the mistake of errors[k - 1]; jsonc-parser reports some
 * mistakes twice, and one mistake should give one finding:
 * - parseProperty's PropertyNameExpected (3), then parseObject's ValueExpected (4) for the
 *   same failed property, on the token where parseProperty's recovery stopped (for a
 *   trailing comma in an object both sit on the `}`; for `{{` the second one sat at the end
 *   of the file);
 * - an unreadable token (InvalidSymbol, 1) where a value belongs, then ValueExpected (4) on
 *   the very next token (`"height": 'TALL',` would also say "Expected a value." on the comma).
 */
function isEcho(errors: readonly ParseError[], k: number, previousToken: (offset: number) => number): boolean {
  if (k === 0 || errors[k].error !== 4) return false;
  const p = errors[k - 1];
  if (p.error === 3) return true;
  if (p.error === 1) return previousToken(errors[k].offset) === p.offset + p.length - 1;
  return false;
}

function describeError(masked: string, e: ParseError, previousToken: (offset: number) => number): SyntaxProblem {
  // A ',' followed by '}' or ']' is a trailing comma: name it, the rendered JSON must be strict.
  if (e.error === 3 || e.error === 4) {
    const ch = masked[e.offset];
    if (ch === '}' || ch === ']') {
      const comma = previousToken(e.offset);
      if (comma >= 0 && masked[comma] === ',') {
        return { kind: 'trailing-comma', offset: comma, length: 1 };
      }
    }
  }
  if (e.error === 4 && e.offset >= masked.length) {
    return { kind: 'end-of-file', offset: e.offset, length: e.length };
  }
  if (e.error === 1) {
    const token = masked.slice(e.offset, e.offset + Math.min(e.length, 20));
    if (/^[\x20-\x7e]+$/.test(token)) {
      return { kind: 'unexpected-token', token, cut: e.length > 20, offset: e.offset, length: e.length };
    }
  }
  return { kind: 'parse-error', code: e.error, offset: e.offset, length: e.length };
}

/**
 * Returns a function giving the offset of the last character of the last token before
 * `offset` that is neither white space nor a comment (-1 when there is none). Skipping white
 * space alone took `, // note` before a `}` for no trailing comma (and reported it twice,
 * vaguely). One forward pass of jsonc-parser's scanner serves every question, so the work
 * stays linear; questions come in text order, as jsonc-parser reports its errors. The
 * scanner only starts when a question is asked.
 */
function previousTokenFinder(text: string): (offset: number) => number {
  let scanner: JSONScanner | undefined;
  let kind = 17; // SyntaxKind.EOF
  let last = -1;
  let asked = -1;
  return (offset) => {
    if (offset < asked) {
      // Out of order (not expected): fall back to skipping white space only.
      let i = offset - 1;
      while (i >= 0 && /\s/.test(text[i])) i--;
      return i;
    }
    asked = offset;
    if (!scanner) { scanner = createScanner(text, true); kind = scanner.scan(); }
    while (kind !== 17 && scanner.getTokenOffset() < offset) {
      // 12 and 13: SyntaxKind.LineCommentTrivia and BlockCommentTrivia (a const enum in jsonc-parser's types)
      if (kind !== 12 && kind !== 13) last = scanner.getTokenOffset() + scanner.getTokenLength() - 1;
      kind = scanner.scan();
    }
    return last;
  };
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
  private length: number | undefined;
  private parts: string[] | undefined;
  readonly wholly = false;
  constructor(readonly staticText: string, readonly templates: TemplateRegion[]) {}
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

function computeStringInfo(text: string, all: readonly TemplateRegion[], node: Node): StringInfo {
  const contentStart = node.offset + 1;
  let contentEnd = node.offset + node.length;
  // Drop the closing quote; an unclosed string (`"say \"` at a line break) ends in an escaped
  // quote instead, which belongs to the content: an odd run of backslashes before it escapes it.
  if (node.length >= 2 && text.charCodeAt(contentEnd - 1) === 34) {
    let backslashes = 0;
    while (contentEnd - 2 - backslashes > node.offset && text.charCodeAt(contentEnd - 2 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) contentEnd--;
  }
  const templates = templatesIn(all, contentStart, contentEnd);
  if (templates.length === 0) {
    const decoded = typeof node.value === 'string' ? node.value : decodeJsonString(text.slice(contentStart, contentEnd));
    return new PlainStringInfo(decoded, templates);
  }
  const segments: string[] = [];
  let last = contentStart;
  for (const t of templates) {
    segments.push(decodeJsonString(text.slice(last, t.start)));
    last = t.end;
  }
  segments.push(decodeJsonString(text.slice(last, contentEnd)));
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

/** Length in Unicode code points (DESIGN: characters are code points). */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

/**
 * The text of a string value written without templates; undefined for a template, a string
 * with one in it, or a value that is not a string. Every template starts with `${`, so a
 * string whose source holds none has none and its parsed value is its text: no string info
 * is built for it (the type, display and payload of each of thousands of actions). Only a
 * string that holds `${` asks the template scan.
 */
export function plainText(doc: JsonDocument, node: Node): string | undefined {
  if (node.type !== 'string') return undefined;
  const text = doc.text;
  const end = node.offset + node.length - 1;
  for (let i = node.offset; i < end; i++) {
    if (text.charCodeAt(i) === 36 && text.charCodeAt(i + 1) === 123) {
      if (doc.valueTemplate(node)) return undefined;
      const info = doc.stringInfo(node);
      return info.templates.length === 0 ? info.staticText : undefined;
    }
  }
  // No template in it: what stringInfo would give, the parsed value (masking changed nothing here).
  return node.value as string;
}

/** The value node of property `name` in an object node (the first one when duplicated). */
export function propertyNode(obj: Node | undefined, name: string): Node | undefined {
  if (!obj || obj.type !== 'object' || !obj.children) return undefined;
  for (const p of obj.children) {
    const key = p.children?.[0];
    if (key && key.value === name) return p;
  }
  return undefined;
}

/** The node at a path of the parsed tree, if it exists. */
export function nodeAtPath(root: Node | undefined, path: (string | number)[]): Node | undefined {
  let node = root;
  for (const seg of path) {
    if (!node) return undefined;
    if (typeof seg === 'number') node = node.type === 'array' ? node.children?.[seg] : undefined;
    else node = propertyNode(node, seg)?.children?.[1];
  }
  return node;
}
