/** The benchmark's statistics: medians of rounds, nearest-rank percentiles of latencies. */

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The middle sample (the upper one of an even count). */
export const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];

/** Nearest-rank percentile: the smallest sample with at least p of the samples at or below it. */
export const percentile = (xs: number[], p: number) => sorted(xs)[Math.max(0, Math.ceil(p * xs.length) - 1)];
