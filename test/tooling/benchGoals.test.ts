/**
 * How the bench judges a goal on the ratio of two processes (scripts/bench/report.ts): the
 * figure is the median of the rounds' ratios, with their range and the rounds that met the
 * goal on their own; the verdict is a sign test on those rounds, so that a goal whose rounds
 * split around its bound reads "too close to call" instead of flipping from one run to the next.
 * Expected figures and chances worked out by hand from the round times and binomial counts below.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MORE_ROUNDS, needsMoreRounds, ratioGoal, ratioVerdict, ROUNDS, type ToolResult } from '../../scripts/bench/report';

const tool = (runsMs: number[], wallMs: number): ToolResult => ({ name: 't', wallMs, runsMs, problems: 0 });

describe('bench ratio goals', () => {
  it('gives the median of the rounds\' ratios, their range and how many rounds met the goal', () => {
    // Rounds: 100/100 = 1.0, 90/100 = 0.9, 120/100 = 1.2; median 1.0. One round met "under 1".
    const g = ratioGoal('faster', tool([100, 90, 120], 100), tool([100, 100, 100], 100), (x) => x < 1);
    assert.equal(g.figure, '1.00× (0.90×–1.20×; 1 of 3 rounds met it)');
    assert.equal(g.verdict, 'too close to call');
  });

  it('pairs round with round, not median with median', () => {
    // Medians 100 and 100 would give 1.0; the rounds give 0.5, 0.8 and 0.9: median 0.8.
    const g = ratioGoal('faster', tool([50, 80, 180], 100), tool([100, 100, 200], 100), (x) => x < 1);
    assert.equal(g.figure, '0.80× (0.50×–0.90×; 3 of 3 rounds met it)');
    // Three of three happens by chance one time in eight: not enough to call.
    assert.equal(g.verdict, 'too close to call');
  });

  it('calls a goal met when every one of seven rounds met it, and not met when none did', () => {
    const seven = (ms: number) => tool(Array(7).fill(ms), ms);
    assert.equal(ratioGoal('faster', seven(90), seven(100), (x) => x < 1).verdict, 'met');
    assert.equal(ratioGoal('faster', seven(110), seven(100), (x) => x < 1).verdict, 'not met');
  });

  it('falls back on the ratio of the medians for results recorded without every round', () => {
    const g = ratioGoal('within 2×', tool([], 300), tool([], 100), (x) => x <= 2);
    assert.equal(g.figure, '3.00×');
    assert.equal(g.verdict, 'not met');
  });
});

describe('the sign test behind a ratio verdict', () => {
  it('needs 7 of 7 rounds (a chance of 1 in 128 at the bound), not 6 of 7 (8 in 128)', () => {
    assert.equal(ROUNDS, 7);
    assert.equal(ratioVerdict(7, 7), 'met');
    assert.equal(ratioVerdict(6, 7), 'too close to call');
    assert.equal(ratioVerdict(1, 7), 'too close to call');
    assert.equal(ratioVerdict(0, 7), 'not met');
  });

  it('needs 17 of 21 rounds (7,547 in 2,097,152 at the bound, 0.36%), not 16 (27,896: 1.33%, over 1.25%)', () => {
    assert.equal(MORE_ROUNDS, 21);
    assert.equal(ratioVerdict(17, 21), 'met');
    assert.equal(ratioVerdict(16, 21), 'too close to call');
    assert.equal(ratioVerdict(5, 21), 'too close to call');
    assert.equal(ratioVerdict(4, 21), 'not met');
  });

  it('calls nothing without rounds', () => {
    assert.equal(ratioVerdict(0, 0), 'too close to call');
  });
});

describe('more rounds for a corpus whose goals are too close to call', () => {
  const seven = (...ms: number[]) => ms;
  it('asks for them when the native corpus\'s rounds against VS Code\'s service split', () => {
    const runs = new Map([
      ['umsg', seven(90, 95, 105, 110, 98, 102, 101)],
      ['vscode', seven(100, 100, 100, 100, 100, 100, 100)],
    ]);
    assert.equal(needsMoreRounds('native', runs), true);
  });

  it('does not when every round is on one side', () => {
    const runs = new Map([
      ['umsg', seven(40, 42, 45, 41, 43, 44, 40)],
      ['vscode', seven(100, 100, 100, 100, 100, 100, 100)],
    ]);
    assert.equal(needsMoreRounds('config-meta', runs), false);
  });

  it('judges each of a corpus\'s goals: the 10,000 messages against read + JSON.parse and against the service', () => {
    // umsg/parse 3.0 in every round (not met, decided); umsg/vscode split 4 to 3: more rounds.
    const runs = new Map([
      ['umsg', seven(300, 300, 300, 300, 300, 300, 300)],
      ['parse', seven(100, 100, 100, 100, 100, 100, 100)],
      ['vscode', seven(310, 310, 310, 310, 290, 290, 290)],
    ]);
    assert.equal(needsMoreRounds('ordinary', runs), true);
    runs.set('vscode', seven(310, 310, 310, 310, 310, 310, 310));
    assert.equal(needsMoreRounds('ordinary', runs), false);
  });

  it('reads the cache case by its processes\' ids, the second run over the floor', () => {
    const runs = new Map([
      ['cached', seven(110, 130, 115, 125, 118, 122, 119)],
      ['uncached', seven(300, 300, 300, 300, 300, 300, 300)],
      ['parse', seven(100, 100, 100, 100, 100, 100, 100)],
    ]);
    // 1.10, 1.30, 1.15, 1.25, 1.18, 1.22, 1.19 against "within 1.2×": 4 of 7.
    assert.equal(needsMoreRounds('cache', runs), true);
  });
});
