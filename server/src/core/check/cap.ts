/**
 * The cap on findings: per file and rule, the first MAX_FINDINGS_PER_RULE in document order,
 * and one more finding that counts the rest.
 */
import { CHANNEL_IDS, type ChannelId } from '../channels';
import type { Finding, Severity } from '../findings/rule';
import { formatCount } from '../util/count';
import { BY_RANK, type Diagnostic } from './severities';

/**
 * Per file and rule, at most this many findings are shown: the first ones in document order.
 * One more finding of the same rule then says how many were left out (never silently). A
 * generated message with 20,000 actions gave 45,000 findings: slow to build, send and
 * show, and no one reads past the first screens of them. The editor and `umsg check` both
 * get their findings from here, so they agree. Fix all fixes the shown findings only.
 */
export const MAX_FINDINGS_PER_RULE = 1_000;

/**
 * The findings of one rule on one file, capped at MAX_FINDINGS_PER_RULE in document order.
 * Rules report mostly in document order, so once the cap is reached a finding at or after
 * the last one kept is only counted. One reported earlier in the text than that (a rule's
 * second pass over the card) is kept for now; the list is sorted and trimmed back to the cap
 * whenever it doubles, so memory stays bounded whatever the order.
 */
export class FindingCap {
  private readonly kept: Diagnostic[] = [];
  /** The largest offset among the kept findings. */
  private maxOffset = -1;
  private hidden = 0;
  private readonly hiddenBySeverity: Partial<Record<Severity, number>> = {};
  private firstHidden: { offset: number; length: number } | undefined;
  /** The channels of the findings left out, for the channel summary. */
  private hiddenChannels: Set<ChannelId> | undefined;
  /** The channels of the last finding left out, already in hiddenChannels. */
  private lastChannels: readonly ChannelId[] | undefined;

  constructor(private readonly rule: string, private readonly cap: number) {}

  /**
   * True when a finding at `offset` would only be counted: the cap is reached and `offset` lies
   * at or after every kept finding. `add` then costs what `count` costs.
   */
  full(offset: number): boolean {
    return this.kept.length >= this.cap && offset >= this.maxOffset;
  }

  add(f: Omit<Finding, 'rule'>, severity: Severity) {
    if (this.full(f.offset)) {
      this.hide(f.offset, f.length, f.channels, severity, false);
      return;
    }
    this.kept.push({ ...f, rule: this.rule, severity });
    if (f.offset > this.maxOffset) this.maxOffset = f.offset;
    if (this.kept.length >= 2 * this.cap) this.trim();
  }

  /** Counts a finding at `offset` that `full(offset)` said is left out: what its summary needs, no more. */
  count(offset: number, length: number, channels: readonly ChannelId[] | undefined, severity: Severity) {
    this.hide(offset, length, channels, severity, false);
  }

  /** Appends the kept findings and, when some were left out, the finding that counts them. */
  drainInto(out: Diagnostic[]) {
    if (this.kept.length > this.cap) this.trim();
    for (const d of this.kept) out.push(d);
    const first = this.firstHidden;
    if (!first) return;
    const n = this.hidden;
    const summary: Diagnostic = {
      rule: this.rule,
      message: `… and ${formatCount(n)} more \`${this.rule}\` finding${n === 1 ? '' : 's'} in this file; ` +
        `the first ${formatCount(this.cap)} are shown.`,
      offset: first.offset,
      length: first.length,
      // The most severe of the findings left out, so that a report of errors only (--quiet)
      // still says when errors were among them.
      severity: BY_RANK.find((s) => this.hiddenBySeverity[s] !== undefined)!,
      standsFor: { ...this.hiddenBySeverity },
    };
    const hiddenChannels = this.hiddenChannels;
    if (hiddenChannels) summary.channels = CHANNEL_IDS.filter((c) => hiddenChannels.has(c));
    out.push(summary);
  }

  /** Keeps the first `cap` findings in document order (a stable sort: ties stay in report order). */
  private trim() {
    const kept = this.kept;
    kept.sort((a, b) => a.offset - b.offset);
    for (let k = this.cap; k < kept.length; k++) {
      const d = kept[k];
      this.hide(d.offset, d.length, d.channels, d.severity, k === this.cap);
    }
    kept.length = this.cap;
    this.maxOffset = kept[kept.length - 1].offset;
  }

  /**
   * Counts a finding left out and remembers the first in document order. On a tie of
   * offsets the first finding a trim leaves out (`trimmed`) wins: it was reported before
   * any finding hidden earlier at the same offset (that one was hidden for lying at or after
   * every kept finding).
   */
  private hide(offset: number, length: number, channels: readonly ChannelId[] | undefined, severity: Severity, trimmed: boolean) {
    this.hidden++;
    this.hiddenBySeverity[severity] = (this.hiddenBySeverity[severity] ?? 0) + 1;
    const first = this.firstHidden;
    if (!first || offset < first.offset || (trimmed && offset === first.offset)) {
      this.firstHidden = { offset, length };
    }
    // Rules pass one array for many findings (the channels over a limit): each is added once.
    if (channels && channels.length > 0 && channels !== this.lastChannels) {
      this.lastChannels = channels;
      const all = (this.hiddenChannels ??= new Set());
      for (const c of channels) all.add(c);
    }
  }
}
