/**
 * Iteration counts of the seeded property and mutation tests. The unit run uses the count a
 * test names (enough to keep it meaningful, small enough to keep `npm run test:unit` fast);
 * `UMSG_TEST_RUNS=<factor>` multiplies every such count for a long run, e.g.
 * `UMSG_TEST_RUNS=20 npm run test:unit` to chase a rare failure. (`npm run fuzz` is the long
 * run of the LSP fuzzer.)
 */
const factor = Number(process.env.UMSG_TEST_RUNS ?? '1');
if (!(factor > 0) || !Number.isFinite(factor)) {
  throw new Error(`UMSG_TEST_RUNS must be a positive number, not "${process.env.UMSG_TEST_RUNS}"`);
}

/** `n` iterations, times UMSG_TEST_RUNS. */
export function runs(n: number): number {
  return Math.max(1, Math.round(n * factor));
}
