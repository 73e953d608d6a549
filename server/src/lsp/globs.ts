/**
 * The editor's `files.exclude` globs, as tests of a path relative to its workspace folder:
 * `*` and `?` within one segment, `**` for any number of segments, `{a,b}` alternatives and
 * `[a-z]` / `[!a-z]` classes, as VS Code reads them. Matched without regular expressions: each
 * glob is matched segment by segment with the greedy wildcard walk (back to the last star only),
 * so a path costs at most its length times the glob's.
 */

type Token = { char: string } | { any: true } | { star: true } | { set: (c: string) => boolean };
/** A glob segment: `**` (any number of segments) or its tokens. */
type Segment = 'globstar' | Token[];

/** Alternatives of a glob with braces, at most this many (a setting is no place for more). */
const MAX_ALTERNATIVES = 256;

/** Expands `{a,b}` (nested too) into plain globs. */
function expandBraces(glob: string): string[] {
  const open = glob.indexOf('{');
  if (open < 0) return [glob];
  let depth = 0;
  const cuts: number[] = [];
  let close = -1;
  for (let i = open; i < glob.length; i++) {
    const c = glob[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) { close = i; break; }
    else if (c === ',' && depth === 1) cuts.push(i);
  }
  if (close < 0) return [glob];
  const parts: string[] = [];
  let from = open + 1;
  for (const cut of [...cuts, close]) { parts.push(glob.slice(from, cut)); from = cut + 1; }
  const out: string[] = [];
  const rest = expandBraces(glob.slice(close + 1));
  for (const part of parts) {
    for (const head of expandBraces(glob.slice(0, open) + part)) {
      for (const tail of rest) {
        if (out.length >= MAX_ALTERNATIVES) return out;
        out.push(head + tail);
      }
    }
  }
  return out;
}

/** `[...]` starting at `at` (after the `[`): the test and where the class ends, or undefined when it is not closed. */
function charClass(s: string, at: number): { test: (c: string) => boolean; end: number } | undefined {
  const negate = s[at] === '!' || s[at] === '^';
  let i = negate ? at + 1 : at;
  const ranges: [string, string][] = [];
  for (let first = true; i < s.length && (first || s[i] !== ']'); first = false) {
    const range = s[i + 1] === '-' && i + 2 < s.length && s[i + 2] !== ']';
    ranges.push([s[i], range ? s[i + 2] : s[i]]);
    i += range ? 3 : 1;
  }
  if (i >= s.length) return undefined;
  return { test: (c) => ranges.some(([lo, hi]) => c >= lo && c <= hi) !== negate, end: i };
}

function tokens(segment: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '*') { if (!('star' in (out[out.length - 1] ?? {}))) out.push({ star: true }); } else if (c === '?') out.push({ any: true });
    else if (c === '[') {
      const set = charClass(segment, i + 1);
      if (set) { out.push({ set: set.test }); i = set.end; } else out.push({ char: c });
    } else out.push({ char: c });
  }
  return out;
}

/** Whether `name` matches one segment's tokens: the greedy wildcard walk. */
function matchSegment(pattern: Token[], name: string): boolean {
  let p = 0, n = 0, starP = -1, starN = 0;
  while (n < name.length) {
    const t = pattern[p];
    if (t && 'star' in t) { starP = p++; starN = n; continue; }
    if (t && ('any' in t || ('char' in t ? t.char === name[n] : t.set(name[n])))) { p++; n++; continue; }
    if (starP < 0) return false;
    p = starP + 1;
    n = ++starN;
  }
  while (p < pattern.length && 'star' in pattern[p]) p++;
  return p === pattern.length;
}

/** Whether the path's segments match the glob's: the same walk, with `**` as the star. */
function matchPath(pattern: Segment[], parts: string[]): boolean {
  let p = 0, n = 0, starP = -1, starN = 0;
  while (n < parts.length) {
    const s = pattern[p];
    if (s === 'globstar') { starP = p++; starN = n; continue; }
    if (s && matchSegment(s, parts[n])) { p++; n++; continue; }
    if (starP < 0) return false;
    p = starP + 1;
    n = ++starN;
  }
  while (p < pattern.length && pattern[p] === 'globstar') p++;
  return p === pattern.length;
}

/**
 * A test of relative paths ('/'-separated) against the globs whose value is `true` in a
 * `files.exclude` object; conditional entries (`{ "when": … }`) are left out. Undefined when
 * nothing is excluded.
 */
export function excludeTest(excludes: unknown): ((relative: string) => boolean) | undefined {
  const globs: Segment[][] = [];
  if (typeof excludes === 'object' && excludes !== null) {
    for (const [glob, on] of Object.entries(excludes)) {
      if (on !== true) continue;
      for (const one of expandBraces(glob.replace(/^\.?\//, ''))) {
        globs.push(one.split('/').filter((s) => s !== '').map((s) => (s === '**' ? 'globstar' : tokens(s))));
      }
    }
  }
  if (globs.length === 0) return undefined;
  return (relative) => {
    const parts = relative.split('/');
    return globs.some((g) => matchPath(g, parts));
  };
}
