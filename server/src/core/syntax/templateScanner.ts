/**
 * The template layer of a universal message (spec: "Templating inside a message").
 *
 * A message is a templated string that encodes JSON. Template expressions `${...}` are
 * Kotlin-like: they may hold nested braces, string literals (with their own nested `${}`)
 * and may span lines. So templates are found *before* JSON is parsed, in one pass over the
 * text that also tracks JSON strings and comments, and the result is a masked copy of the
 * text in which every template is replaced by a filler of the same length: offsets in the
 * masked text are offsets in the source.
 *
 * Nothing here evaluates an expression. The scanner is iterative (an explicit stack, no
 * recursion) and linear in the size of the text, whatever the input.
 */

/** A `${...}` region of the source. */
export interface TemplateRegion {
  /** Offset of the `$`. */
  start: number;
  /** Offset just after the closing `}`. */
  end: number;
  /** The expression text between `${` and `}`. */
  expression: string;
  /** True when the template sits inside a JSON string; false when it stands in place of a value. */
  inString: boolean;
}

/** A dynamic-list marker line: `// @each <list>` or `// @end`. */
export interface MarkerLine {
  kind: 'each' | 'end';
  /** Offset of the `//`. */
  start: number;
  /** Offset of the end of the comment (the line break or end of text). */
  end: number;
  /** For `@each`: the bound list expression, trimmed. */
  list: string;
  /** Offset of the list expression in the source (for `@each`). */
  listOffset: number;
  /** True when nothing but white space precedes the `//` on its line. */
  ownLine: boolean;
  /** Offset of the start of the marker's line (the header ends, or the body ends, there). */
  lineStart: number;
}

/**
 * What is wrong with a template, as facts: the words are template-syntax's
 * (rules/template-syntax.ts), which reports them.
 */
export type TemplateProblemFacts =
  /** No closing `}`; `inside` when a Kotlin literal in it ends first (at a line break or the end). */
  | { kind: 'unterminated'; inside?: 'string literal' | 'character literal' }
  /** `${}` or `${ }`. */
  | { kind: 'empty' }
  /** Closed, but its parentheses or brackets do not pair up. */
  | { kind: 'unbalanced'; what: 'parentheses' | 'brackets' }
  /** Longer than MAX_TEMPLATE_LENGTH, or never closed. */
  | { kind: 'too-long' }
  /** The work allowed for broken templates is spent: later templates are plain text. */
  | { kind: 'budget' }
  /** The last problem kept (MAX_TEMPLATE_PROBLEMS): `hidden` more were not kept. */
  | { kind: 'too-many'; hidden: number };

type TemplateProblem = TemplateProblemFacts & { start: number; end: number };

export interface ScanResult {
  templates: TemplateRegion[];
  problems: TemplateProblem[];
  markers: MarkerLine[];
  /**
   * Broken templates in value position (`"a": ${x,` or one that would swallow the next
   * properties), each from its `${` to the end of its value: masked as a value so that the
   * JSON around them still parses, and treated as dynamic. Their problem is in `problems`.
   */
  recovered: { start: number; end: number }[];
  /** The source with every template replaced by same-length filler (the source itself when there are none). */
  masked: string;
  /** Deepest nesting of JSON objects and arrays seen. */
  maxDepth: number;
  /** Offset of the first bracket that went past `depthLimit`, if any. */
  depthExceededAt: number | undefined;
}

/**
 * Whether a scan found no template at all, whole or broken (recovered): then the masked text is
 * the source, no value stands for a template, and every string's parsed value is its text.
 * Most messages are so, and the parse and the readers of strings take a shorter way for them.
 */
export function holdsNoTemplate(scan: Pick<ScanResult, 'templates' | 'recovered'>): boolean {
  return scan.templates.length === 0 && scan.recovered.length === 0;
}

interface ScanOptions {
  /** Nesting beyond this many levels is reported and stops the JSON parse (stack safety). */
  depthLimit?: number;
}

/** Longest template expression we scan before calling it unterminated. */
export const MAX_TEMPLATE_LENGTH = 20_000;
export const DEFAULT_DEPTH_LIMIT = 1_000;
/**
 * At most this many template problems are kept (the 'budget' one always is); one last
 * 'too-many' problem says how many more there were. Without a cap, 1 MB of `${}` gives
 * 333,334 findings, which are slow to build and flood an editor.
 */
export const MAX_TEMPLATE_PROBLEMS = 100;

const enum Ch {
  LF = 10, CR = 13, Quote = 34, Dollar = 36, Apos = 39, LParen = 40, RParen = 41, Star = 42,
  Slash = 47, At = 64, LBracket = 91, Backslash = 92, RBracket = 93, LBrace = 123, RBrace = 125,
}

/** What the expression scanner is inside of. */
const enum Frame { Code, String, RawString }

interface ExprScan {
  end: number;
  problem?: TemplateProblemFacts;
  work: number;
}

/**
 * Scans one template starting at `start` (the `$` of `${`). Returns the offset after its
 * closing brace, or a problem. Kotlin-like lexing: braces nest, `"..."` and `"""..."""`
 * literals may contain `${}` of their own, `'c'` is a character literal.
 */
function scanExpression(text: string, start: number): ExprScan {
  const n = text.length;
  const limit = Math.min(n, start + 2 + MAX_TEMPLATE_LENGTH);
  // Each code frame counts its open braces; string frames remember their kind.
  const frames: Frame[] = [Frame.Code];
  const braces: number[] = [0];
  let parens = 0;
  let brackets = 0;
  let i = start + 2;
  while (i < limit) {
    const c = text.charCodeAt(i);
    const top = frames[frames.length - 1];
    if (top === Frame.Code) {
      if (c === Ch.LBrace) { braces[braces.length - 1]++; i++; continue; }
      if (c === Ch.RBrace) {
        if (braces[braces.length - 1] > 0) { braces[braces.length - 1]--; i++; continue; }
        frames.pop(); braces.pop();
        i++;
        if (frames.length === 0) {
          if (parens !== 0 || brackets !== 0) {
            return { end: i, work: i - start, problem: { kind: 'unbalanced', what: parens !== 0 ? 'parentheses' : 'brackets' } };
          }
          return { end: i, work: i - start };
        }
        continue; // back inside the enclosing string literal
      }
      if (c === Ch.LParen) parens++;
      else if (c === Ch.RParen) parens--;
      else if (c === Ch.LBracket) brackets++;
      else if (c === Ch.RBracket) brackets--;
      else if (c === Ch.Quote) {
        if (text.charCodeAt(i + 1) === Ch.Quote && text.charCodeAt(i + 2) === Ch.Quote) {
          frames.push(Frame.RawString); i += 3; continue;
        }
        frames.push(Frame.String); i++; continue;
      } else if (c === Ch.Apos) {
        // character literal: 'x', '\n', '\u0041'
        let j = i + 1;
        while (j < limit) {
          const d = text.charCodeAt(j);
          if (d === Ch.Backslash) { j += 2; continue; }
          if (d === Ch.Apos || d === Ch.LF || d === Ch.CR) break;
          j++;
        }
        if (j >= limit || text.charCodeAt(j) !== Ch.Apos) {
          return { end: j, work: j - start, problem: { kind: 'unterminated', inside: 'character literal' } };
        }
        i = j + 1; continue;
      }
      i++;
      continue;
    }
    if (top === Frame.String) {
      if (c === Ch.Backslash) { i += 2; continue; }
      if (c === Ch.Quote) { frames.pop(); i++; continue; }
      if (c === Ch.LF || c === Ch.CR) {
        // A Kotlin string literal cannot hold a line break: the template is broken here.
        return { end: i, work: i - start, problem: { kind: 'unterminated', inside: 'string literal' } };
      }
      if (c === Ch.Dollar && text.charCodeAt(i + 1) === Ch.LBrace) {
        frames.push(Frame.Code); braces.push(0); i += 2; continue;
      }
      i++;
      continue;
    }
    // raw string
    if (c === Ch.Quote && text.charCodeAt(i + 1) === Ch.Quote && text.charCodeAt(i + 2) === Ch.Quote) {
      frames.pop(); i += 3; continue;
    }
    if (c === Ch.Dollar && text.charCodeAt(i + 1) === Ch.LBrace) {
      frames.push(Frame.Code); braces.push(0); i += 2; continue;
    }
    i++;
  }
  if (limit < n) {
    return { end: limit, work: limit - start, problem: { kind: 'too-long' } };
  }
  return { end: n, work: n - start, problem: { kind: 'unterminated' } };
}

function isBlank(s: string): boolean {
  return s.trim().length === 0;
}

/**
 * Finds every template, marker line and the nesting depth, and builds the masked text.
 * Linear time: the total work spent re-scanning failed templates is capped.
 */
export function scanTemplates(text: string, options: ScanOptions = {}): ScanResult {
  return scanOn(text, options, undefined, undefined) as ScanResult;
}

/** How many characters the scan reads between two calls of `run`'s `pause`. */
const CHARS_PER_POLL = 65_536;

/** A scan that can stop and go on: what scanTemplates does in one go. */
export interface TemplateScan {
  /**
   * Scans on until the end, or until `pause` (asked about every CHARS_PER_POLL characters)
   * says to stop; true when the scan is complete. Stopping changes nothing in the result.
   */
  run(pause?: () => boolean): boolean;
  /** The result once `run` has answered true. */
  result(): ScanResult;
}

/** scanTemplates in steps, for the editor: a multi-megabyte scan yields between them. */
export function startTemplateScan(text: string, options: ScanOptions = {}): TemplateScan {
  let stopped: StoppedScan | undefined;
  let result: ScanResult | undefined;
  return {
    run(pause) {
      if (result) return true;
      const r = scanOn(text, options, stopped, pause);
      if ('kind' in r) { stopped = r; return false; }
      result = r;
      return true;
    },
    result() {
      if (!result) throw new Error('The template scan has not finished.');
      return result;
    },
  };
}

/** The state a range scan starts from: where, and what the scan of the text before it left. */
interface RangeStart {
  i: number;
  depth: number;
  lineStart: number;
}

/** What a range scan found, and the state it stopped in (at `to`, or past it when a token ran on). */
type RangeScan = Omit<StoppedScan, 'kind'>;

/**
 * Scans `text` from `start` (its state as a scan of the text before it left it, with no
 * template problem before it) until `to` or just past it, as scanTemplates would: for a
 * re-parse after an edit (incremental.ts), which compares the states where two such scans stop.
 */
export function scanRange(text: string, options: ScanOptions, start: RangeStart, to: number): RangeScan {
  const from: StoppedScan = {
    kind: 'stopped', templates: [], recovered: [], problems: [], markers: [], hidden: 0, firstHidden: undefined,
    i: start.i, depth: start.depth, maxDepth: start.depth, depthExceededAt: undefined, inString: false,
    templatesEnabled: true, failedWork: 0, lineStart: start.lineStart,
  };
  return to <= start.i ? from : scanOn(text, options, from, undefined, to) as StoppedScan;
}

/** Masks the templates of [from, to) of `text`, all of them inside it (incremental.ts). */
export function maskRange(text: string, from: number, to: number, templates: readonly TemplateRegion[]): string {
  if (templates.length === 0) return text.slice(from, to);
  const shifted = templates.map((t) => ({ ...t, start: t.start - from, end: t.end - from }));
  return mask(text.slice(from, to), shifted, []);
}

/** Where a scan stopped: all it has found, and the loop's variables, to go on from. */
interface StoppedScan {
  kind: 'stopped';
  templates: TemplateRegion[];
  recovered: { start: number; end: number }[];
  problems: TemplateProblem[];
  markers: MarkerLine[];
  hidden: number;
  firstHidden: TemplateProblem | undefined;
  i: number;
  depth: number;
  maxDepth: number;
  depthExceededAt: number | undefined;
  inString: boolean;
  templatesEnabled: boolean;
  failedWork: number;
  lineStart: number;
}

/**
 * The scan, from the start (`from` undefined) or from where it stopped, to the end or until
 * `pause` says to stop. The scan in one go makes nothing more than it did before the scan
 * could stop: over many small messages, an object of state per scan showed (slower, in
 * process); only a scan that stops makes one.
 */
function scanOn(
  text: string,
  options: ScanOptions,
  from: StoppedScan | undefined,
  pause: (() => boolean) | undefined,
  stopAt?: number,
): ScanResult | StoppedScan {
  const depthLimit = options.depthLimit ?? DEFAULT_DEPTH_LIMIT;
  // A range scan (scanRange) reads the whole text but stops at `stopAt`, or past it.
  const n = stopAt ?? text.length;
  const length = text.length;
  const templates: TemplateRegion[] = from?.templates ?? [];
  const recovered: { start: number; end: number }[] = from?.recovered ?? [];
  const problems: TemplateProblem[] = from?.problems ?? [];
  let hidden = from?.hidden ?? 0;
  let firstHidden: TemplateProblem | undefined = from?.firstHidden;
  const report = (p: TemplateProblem) => {
    if (problems.length < MAX_TEMPLATE_PROBLEMS || p.kind === 'budget') problems.push(p);
    else if (hidden++ === 0) firstHidden = p;
  };
  const markers: MarkerLine[] = from?.markers ?? [];
  let depth = from?.depth ?? 0;
  let maxDepth = from?.maxDepth ?? 0;
  let depthExceededAt: number | undefined = from?.depthExceededAt;
  let inString = from?.inString ?? false;
  let templatesEnabled = from?.templatesEnabled ?? true;
  // Work spent on templates that turned out broken; bounded so that scanning stays linear.
  let failedWork = from?.failedWork ?? 0;
  const failedBudget = 4 * length + 100_000;
  let lineStart = from?.lineStart ?? 0;

  let i = from?.i ?? 0;
  while (i < n) {
    const until = pause === undefined ? n : Math.min(n, i + CHARS_PER_POLL);
    while (i < until) {
      const c = text.charCodeAt(i);
      if (c === Ch.Dollar && templatesEnabled && text.charCodeAt(i + 1) === Ch.LBrace) {
        const scan = scanExpression(text, i);
        // In value position, an expression that runs over a line holding a JSON property
        // ("name": ...) is a template whose } is missing, not Kotlin: report it where it opens.
        if (!scan.problem && !inString && swallowsProperty(text, i + 2, scan.end - 1)) {
          scan.problem = { kind: 'unterminated' };
        }
        if (!scan.problem || scan.problem.kind === 'unbalanced') {
          const expression = text.slice(i + 2, scan.end - 1);
          templates.push({ start: i, end: scan.end, expression, inString });
          if (scan.problem) {
            report({ ...scan.problem, start: i, end: scan.end });
          } else if (isBlank(expression)) {
            report({ kind: 'empty', start: i, end: scan.end });
          }
          i = scan.end;
          continue;
        }
        // Broken template: report it on the `${`, treat those two characters as plain text and go on.
        failedWork += scan.work;
        report({ ...scan.problem, start: i, end: i + 2 });
        if (failedWork > failedBudget) {
          templatesEnabled = false;
          report({ kind: 'budget', start: i, end: i + 2 });
        }
        if (!inString) {
          // In value position the rest of the value goes with it, so that the JSON parses on.
          const end = valueEnd(text, i + 2);
          recovered.push({ start: i, end });
          i = end;
          continue;
        }
        i += 2;
        continue;
      }
      if (inString) {
        if (c === Ch.Backslash) { i += 2; continue; }
        if (c === Ch.Quote) { inString = false; i++; continue; }
        // JSON strings end at a line break (the parser reports it).
        if (c === Ch.LF || c === Ch.CR) { inString = false; lineStart = i + 1; i++; continue; }
        // Plain text: run on to the next character that matters here, in this tight loop
        // rather than one turn of the main loop per character (most of a message is strings).
        i++;
        while (i < length) {
          const d = text.charCodeAt(i);
          if (d === Ch.Quote || d === Ch.Backslash || d === Ch.Dollar || d === Ch.LF || d === Ch.CR) break;
          i++;
        }
        continue;
      }
      switch (c) {
        case Ch.Quote:
          inString = true; i++; continue;
        case Ch.LBrace:
        case Ch.LBracket:
          depth++;
          if (depth > maxDepth) {
            maxDepth = depth;
            if (depth > depthLimit && depthExceededAt === undefined) depthExceededAt = i;
          }
          i++; continue;
        case Ch.RBrace:
        case Ch.RBracket:
          if (depth > 0) depth--;
          i++; continue;
        case Ch.LF:
        case Ch.CR:
          lineStart = i + 1; i++; continue;
        case Ch.Slash: {
          const next = text.charCodeAt(i + 1);
          if (next === Ch.Slash) {
            let j = i + 2;
            while (j < length) { const d = text.charCodeAt(j); if (d === Ch.LF || d === Ch.CR) break; j++; }
            const marker = readMarker(text, i, j, lineStart);
            if (marker) markers.push(marker);
            i = j; continue;
          }
          if (next === Ch.Star) {
            const close = text.indexOf('*/', i + 2);
            const j = close < 0 ? length : close + 2;
            // Look for the comment's last line break inside the comment only: lastIndexOf from
            // j - 1 would walk back past `i` to the start of the text when the comment holds no
            // break, which made many one-line comments (`/**/` repeated) quadratic.
            for (let k = j - 1; k >= i + 2; k--) {
              const d = text.charCodeAt(k);
              if (d === Ch.LF || d === Ch.CR) { lineStart = k + 1; break; }
            }
            i = j; continue;
          }
          i++; continue;
        }
        default:
          i++;
          // Indentation: skip the rest of a run of spaces at once.
          while (c === 32 && text.charCodeAt(i) === 32) i++;
      }
    }
    if ((i < n && pause !== undefined && pause()) || (stopAt !== undefined && i >= n)) {
      return {
        kind: 'stopped',
        templates,
        recovered,
        problems,
        markers,
        hidden,
        firstHidden,
        i,
        depth,
        maxDepth,
        depthExceededAt,
        inString,
        templatesEnabled,
        failedWork,
        lineStart,
      };
    }
  }
  if (firstHidden) {
    problems.push({ kind: 'too-many', hidden, start: firstHidden.start, end: firstHidden.end });
  }
  return { templates, problems, markers, recovered, masked: mask(text, templates, recovered), maxDepth, depthExceededAt };
}

const MARKER = /^\/\/\s*@(each|end)\b(.*)$/;

/** The marker line of the line comment [start, end), if it is one; `lineStart`: the start of its line. */
export function readMarker(text: string, start: number, end: number, lineStart: number): MarkerLine | undefined {
  // Quick reject before the regular expression: the comment must mention '@'. Search the
  // comment only: text.indexOf('@', start) ran on to the end of the text for every comment
  // without an '@', which made many comment lines quadratic.
  let at = start + 2;
  while (at < end && text.charCodeAt(at) !== Ch.At) at++;
  if (at >= end) return undefined;
  const m = MARKER.exec(text.slice(start, end));
  if (!m) return undefined;
  const kind = m[1] as 'each' | 'end';
  const rest = m[2];
  const list = rest.trim();
  const listOffset = start + m[0].length - rest.length + (rest.length - rest.trimStart().length);
  return { kind, start, end, list, listOffset, ownLine: isBlank(text.slice(lineStart, start)), lineStart };
}

/**
 * Masks templates. In a JSON string a template becomes underscores; in value position it
 * becomes a JSON string literal of the same length, so the JSON parser sees a value there.
 * Templates that touch each other in value position (`${a}${b}`) are masked as one value;
 * recovered broken templates are masked as values too.
 */
function mask(text: string, templates: readonly TemplateRegion[], recovered: readonly { start: number; end: number }[]): string {
  if (templates.length === 0 && recovered.length === 0) return text;
  // Both lists are in source order and never overlap: merge them (rarely needed: recovered
  // regions come only from broken templates, and a copy of a huge template list costs memory).
  let regions: readonly { start: number; end: number; inString: boolean }[] = templates;
  if (recovered.length > 0) {
    const merged: { start: number; end: number; inString: boolean }[] = [];
    let a = 0;
    let b = 0;
    while (a < templates.length || b < recovered.length) {
      if (b >= recovered.length || (a < templates.length && templates[a].start < recovered[b].start)) merged.push(templates[a++]);
      else merged.push({ ...recovered[b++], inString: false });
    }
    regions = merged;
  }
  const parts: string[] = [];
  let last = 0;
  for (let k = 0; k < regions.length; k++) {
    const t = regions[k];
    parts.push(text.slice(last, t.start));
    if (t.inString) {
      parts.push('_'.repeat(t.end - t.start));
      last = t.end;
      continue;
    }
    let end = t.end;
    while (k + 1 < regions.length && !regions[k + 1].inString && regions[k + 1].start === end) {
      k++;
      end = regions[k].end;
    }
    parts.push('"' + '_'.repeat(end - t.start - 2) + '"');
    last = end;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/**
 * A line break followed by what reads as a JSON property: `"name":`. A "name" holding `${`
 * is a Kotlin string literal with a template of its own (`"${a}": …` inside a map
 * expression), not a property of the card.
 */
const PROPERTY_ON_A_LINE = /[\r\n][ \t]*"(?:[^"\\\r\n$]|\\.|\$(?!\{))*"[ \t]*:/;

/** True when [from, to) crosses a line break followed by what reads as a JSON property. */
function swallowsProperty(text: string, from: number, to: number): boolean {
  for (let j = from; j < to; j++) {
    const c = text.charCodeAt(j);
    if (c === Ch.LF || c === Ch.CR) return PROPERTY_ON_A_LINE.test(text.slice(from, to));
  }
  return false;
}

/**
 * The end of a broken template's value starting at `from`: the first ',' or line break (or
 * the end of the text). A '}' before it is most often the template's own, as in
 * `${greet("Ann)},`, so it does not end the value.
 */
function valueEnd(text: string, from: number): number {
  let j = from;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === 44 /* , */ || c === Ch.LF || c === Ch.CR) break;
    j++;
  }
  return j;
}
