/**
 * Types the editing features share, in one module that imports no feature at run time, so
 * that the feature modules and the dispatch table in languageFeatures.ts never need to
 * import each other.
 */
import type { ChannelId } from '../channels/model';
import type { ResolvedConfig } from '../findings/types';
import type { SampleData } from '../template/render';
import type { ProviderProjectFacts } from '../model/providerProject';

/** A hover: markdown over the range [offset, offset + length). */
export interface HoverResult {
  /** Markdown. */
  contents: string;
  offset: number;
  length: number;
}

export interface FeatureContext {
  config: ResolvedConfig;
  /** Channels that have their own channel-specific message next to this file (NAME.<channel>.umsg). */
  overriddenChannels?: readonly string[];
  /** The message's sample data, when it has some. */
  sample?: SampleData;
  /** For a provider descriptor: what the host found of its Gradle project. */
  providerProject?: ProviderProjectFacts;
  /** For NAME.<channel>.umsg, its channel: in native form, completion and hover follow that channel's own format. */
  channel?: ChannelId;
}

/** A text edit in offsets: replace [offset, offset + length) with newText. */
export interface TextEdit {
  offset: number;
  length: number;
  newText: string;
}
