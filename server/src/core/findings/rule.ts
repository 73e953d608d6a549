/**
 * What a rule is and what it reports. One file per rule under `rules/`, listed in
 * `rules/index.ts`; ids are stable and never reused (they are the diagnostics' `code`).
 */
import type { ChannelId } from '../channels';
import type { JsonDocument } from '../syntax/jsonDocument';
import type { RichCard } from '../model/richCard';
import type { SampleData } from '../template/render';
import type { ProviderProjectFacts, SourceLocation } from '../model/providerProject';

import type { LanguageId } from '../syntax/languages';
import type { Severity } from './types';

export type { Severity, SeverityOrOff } from './types';

/** Typed data a finding carries for its quick fix (keyed on the rule id, never on message text). */
export type FixData = (
  | { kind: 'replace'; text: string; offset: number; length: number }
  | { kind: 'remove'; offset: number; length: number }
  | { kind: 'insert-property'; objectOffset: number; name: string; snippet: string }
  | { kind: 'edits'; edits: { offset: number; length: number; text: string }[] }
  /** Replaces a one-line token in another file of the project (a provider's build file): offered in the editor, never in fix all. */
  | { kind: 'other-file'; at: SourceLocation; text: string }
) & {
  title: string;
  /** Safe to apply unattended (fix all): the one obvious correction, not a guess among several. */
  preferred?: boolean;
};

interface RelatedLocation {
  offset: number;
  length: number;
  message: string;
}

export interface Finding {
  rule: string;
  message: string;
  offset: number;
  length: number;
  /** A severity other than the rule's default, for a finding that is milder or harsher than its rule's usual. */
  severity?: Severity;
  /** Channel findings name the channels they break; their severity is the most severe of those channels'. */
  channels?: ChannelId[];
  fixes?: FixData[];
  related?: RelatedLocation[];
  /** Rendered as faded (unnecessary) or struck through (deprecated) by editors. */
  tags?: ('unnecessary' | 'deprecated')[];
}

export interface RuleContext {
  readonly doc: JsonDocument;
  /** The language of the file (one rule may read a Configuration Meta array as a file's root or inside a provider). */
  readonly language: LanguageId;
  /** The card model, when the root is an object. */
  readonly card: RichCard | undefined;
  /** Channels checked, in the canonical order (channels set to off are left out). */
  readonly targets: readonly ChannelId[];
  /** For a channel-specific message NAME.<channel>.umsg: its channel. */
  readonly channel?: ChannelId;
  /**
   * For a channel-specific message, the form it is written in: `universal` (targets are its
   * channel alone) or `native` (the channel's own format: the rules report what the native
   * walker found, see findings/native.ts).
   */
  readonly form?: 'universal' | 'native';
  /** The sample data (NAME.sample.json), when the message has some. */
  readonly sample: SampleData | undefined;
  /** The ids of every rule the checker knows (the config rule names unknown ones). */
  readonly ruleIds?: readonly string[];
  /**
   * True once the caller no longer wants the result (a newer edit): a rule with a long loop
   * polls it now and then and returns early; the checker then drops the partial result.
   */
  readonly isCancelled?: () => boolean;
  /** Why NAME.sample.json could not be used, when it exists but is broken (the sample-data rule). */
  readonly sampleProblem?: string;
  /** For a provider descriptor: what the host found of its Gradle project (undefined: the project rules do nothing). */
  readonly providerProject?: ProviderProjectFacts;
  report: (finding: Omit<Finding, 'rule'>) => void;
  /**
   * True when a finding of this rule at `offset` would only be counted, never shown: the rule
   * has reached its cap (check/cap.ts) and `offset` lies at or after every finding kept. A rule
   * with many findings asks before it builds one, and then calls `count` instead of `report`.
   */
  readonly capped: (offset: number) => boolean;
  /**
   * Counts a finding that `capped(offset)` said is left out, with what the finding that counts
   * the rest needs (its range, channels and own severity, as `report` would take them) and
   * without its words.
   */
  readonly count: (offset: number, length: number, channels?: readonly ChannelId[], severity?: Severity) => void;
}

export interface Rule {
  /** Stable id: the diagnostic code and the docs page name (docs/rules/<id>.md). */
  readonly id: string;
  /** One line: what the rule checks. */
  readonly description: string;
  readonly defaultSeverity: Severity;
  readonly languages: readonly LanguageId[];
  /** Rules whose findings are about channels and take the channels' severities. */
  readonly channelScoped?: boolean;
  check(ctx: RuleContext): void;
  /**
   * Runs before the parse, on the raw text: a finding it returns replaces the whole check
   * (file-size: a file too big to parse while typing gets one finding, nothing else).
   */
  precheck?(text: string, maxFileSize: number): Omit<Finding, 'rule'> | undefined;
}

export function defineRule(rule: Rule): Rule {
  return rule;
}
