/**
 * The editing features of each language, behind one table, so that the server stays wiring:
 * it parses, looks up the language here and maps the answer to LSP. Each feature is a pure
 * function of the parsed document (and, for some, the configuration).
 */
import { completeAt, type CompletionEntry } from './completion';
import type { ResolvedConfig } from './config';
import type { JsonDocument } from './jsonDocument';
import type { LanguageId } from './rule';

export type { CompletionEntry } from './completion';

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
}

export interface LanguageFeatures {
  complete?(doc: JsonDocument, offset: number, ctx: FeatureContext): CompletionEntry[];
  hover?(doc: JsonDocument, offset: number, ctx: FeatureContext): HoverResult | undefined;
}

const features: Record<LanguageId, LanguageFeatures> = {
  'universal-message': {
    complete: (doc, offset) => completeAt(doc, offset),
  },
  'configuration-meta': {},
  'native-provider': {},
};

export function featuresFor(language: LanguageId): LanguageFeatures {
  return features[language];
}
