/**
 * How the bench judges a goal on the ratio of two processes (scripts/bench/report.ts): on the
 * median of the rounds' ratios, with the range and the rounds that met it on their own in the
 * figure, so that a verdict a few per cent from its bound reads as the coin toss it is.
 * Expected figures worked out by hand from the round times below.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ratioGoal, type ToolResult } from '../../scripts/bench/report';

const tool = (runsMs: number[], wallMs: number): ToolResult => ({ name: 't', wallMs, runsMs, problems: 0 });

describe('bench ratio goals', () => {
  it('judges the median of the rounds\' ratios and says how many rounds met the goal', () => {
    // Rounds: 100/100 = 1.0, 90/100 = 0.9, 120/100 = 1.2; median 1.0, which is not under 1.
    const g = ratioGoal('faster', tool([100, 90, 120], 100), tool([100, 100, 100], 100), (x) => x < 1);
    assert.equal(g.met, false);
    assert.equal(g.figure, '1.00× (0.90×–1.20×; 1 of 3 rounds met it)');
  });

  it('pairs round with round, not median with median', () => {
    // Medians 100 and 100 would give 1.0; the rounds give 0.5, 0.8 and 0.9: median 0.8.
    const g = ratioGoal('faster', tool([50, 80, 180], 100), tool([100, 100, 200], 100), (x) => x < 1);
    assert.equal(g.met, true);
    assert.equal(g.figure, '0.80× (0.50×–0.90×; 3 of 3 rounds met it)');
  });

  it('falls back on the ratio of the medians for results recorded without every round', () => {
    const g = ratioGoal('within 2×', tool([], 300), tool([], 100), (x) => x <= 2);
    assert.equal(g.met, false);
    assert.equal(g.figure, '3.00×');
  });
});
