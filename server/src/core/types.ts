/**
 * Types shared across the core, in one module that imports no other core file at run time,
 * so that feature modules (hover, completion, meta/…) and the dispatch table in
 * languageFeatures.ts never need to import each other (no import cycles; test/imports.test.ts).
 */
import type { ChannelId } from './channels';
import type { SampleData } from './render';

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export type SeverityOrOff = Severity | 'off';

/**
 * The file kinds of DESIGN "Files and languages", plus `umsg-config`: the project file
 * umsg.config.json, checked by its own rule set (rule `config`) like any other language.
 */
export type LanguageId = 'universal-message' | 'configuration-meta' | 'native-provider' | 'umsg-config';

/** What the checks run with: every channel has a severity, rules only where set. */
export interface ResolvedConfig {
  channels: Record<ChannelId, SeverityOrOff>;
  rules: Record<string, SeverityOrOff>;
  maxFileSize: number;
}

export interface HoverResult {
  /** Markdown. */
  contents: string;
  offset: number;
  length: number;
}

export interface FeatureContext {
  config: ResolvedConfig;
  /** Channels that have their own channel-specific message next to this file (DESIGN: Files and languages). */
  overriddenChannels?: readonly string[];
  /** The message's sample data, when it has some. */
  sample?: SampleData;
}

/** A text edit in offsets: replace [offset, offset + length) with newText. */
export interface TextEdit {
  offset: number;
  length: number;
  newText: string;
}
