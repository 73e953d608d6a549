/**
 * "Did you mean" for property names, enum values and rule ids: a case-insensitive match
 * first, then known synonyms, then the closest name within a small edit distance.
 */

/** Optimal string alignment distance (Damerau–Levenshtein without multiple edits per substring). */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/**
 * The best candidate for a mistyped `name`, or undefined. `synonyms` maps other words that
 * builders use (lower case, e.g. "subtitle") to the right name.
 */
export function suggest(name: string, candidates: readonly string[], synonyms: Record<string, string> = {}): string | undefined {
  const lower = name.toLowerCase();
  const normal = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, '');
  for (const c of candidates) if (c.toLowerCase() === lower || normal(c) === normal(name)) return c;
  const syn = synonyms[lower] ?? synonyms[normal(name)];
  if (syn && candidates.includes(syn)) return syn;
  let best: string | undefined;
  let bestDistance = Infinity;
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
