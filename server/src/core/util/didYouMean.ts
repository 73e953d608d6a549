/**
 * "Did you mean" for property names, enum values and rule ids: a case-insensitive match
 * first, then known synonyms, then the closest name within a small edit distance.
 */

/**
 * Optimal string alignment distance (Damerau–Levenshtein without multiple edits per substring),
 * or `max + 1` as soon as it is known to exceed `max`. With a finite `max` only the band of
 * cells within `max` of the diagonal is computed (no alignment outside it costs `max` or
 * less): O(min(a, b) × max) instead of O(a × b), so that two 10,000-character values no
 * longer cost 10^8 steps.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const m = a.length;
  const n = b.length;
  const band = Number.isFinite(max) ? max : Math.max(m, n);
  const FAR = 1e9; // a cell outside the band: never the minimum
  let prev2 = new Array<number>(n + 1).fill(FAR);
  let prev = Array.from({ length: n + 1 }, (_, j) => (j <= band ? j : FAR));
  let cur = new Array<number>(n + 1).fill(FAR);
  for (let i = 1; i <= m; i++) {
    const lo = Math.max(1, i - band);
    const hi = Math.min(n, i + band);
    cur[0] = i;
    if (lo > 1) cur[lo - 1] = FAR; // left of the band: stale from an older row otherwise
    let rowMin = lo === 1 ? i : FAR;
    for (let j = lo; j <= hi; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi < n) cur[hi + 1] = FAR; // right of the band, read by the next row
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n], max + 1);
}

/**
 * Names longer than this get no edit-distance suggestion (a case-insensitive or synonym match
 * still counts): a value of thousands of characters is not a typo of a known name, and
 * comparing it with every candidate would only cost time.
 */
export const MAX_SUGGEST_LENGTH = 200;

/**
 * The best candidate for a mistyped `name`, or undefined. `synonyms` maps other words that
 * builders use (lower case, e.g. "subtitle") to the right name.
 */
export function suggest(name: string, candidates: readonly string[], synonyms: Record<string, string> = {}): string | undefined {
  const lower = name.toLowerCase();
  const normal = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, '');
  const normalName = normal(name); // once, not once per candidate (a long name among thousands of options)
  for (const c of candidates) if (c.toLowerCase() === lower || normal(c) === normalName) return c;
  const syn = synonyms[lower] ?? synonyms[normalName];
  if (syn && candidates.includes(syn)) return syn;
  let best: string | undefined;
  let bestDistance = Infinity;
  if (name.length > MAX_SUGGEST_LENGTH) return undefined;
  for (const c of candidates) {
    const max = Math.max(1, Math.min(3, Math.floor(Math.max(c.length, name.length) / 3)));
    const d = editDistance(lower, c.toLowerCase(), max);
    if (d <= max && d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
