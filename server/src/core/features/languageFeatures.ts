/**
 * The editing features of each language, behind one table, so that the server stays wiring:
 * it parses, looks up the language here and maps the answer to LSP. Each feature is a pure
 * function of the parsed document (and, for some, the configuration).
 */
import { completeAt, type CompletionEntry } from './completion';
import { hoverAt } from './hover';
import { completeMeta } from './metaCompletion';
import { completeNative } from './nativeCompletion';
import { hoverNative } from './nativeHover';
import { nativeFormatOf } from '../channels/native/place';
import { hoverMeta } from './metaHover';
import { providerDefinition, providerLinks, providerProjectHover } from './providerProject';
import type { SourceLocation } from '../model/providerProject';
import type { JsonDocument } from '../syntax/jsonDocument';
import type { LanguageId } from '../syntax/languages';
import { lengthHints, type LengthHint } from './lengthHints';
import { CHANNEL_NAMES, type ChannelId } from '../channels';
import type { TextEdit } from './fixes';
import { formatDocument, type FormatOptions } from './formatting';
import { documentLinks, documentSymbols, nativeSymbols, foldingRanges, selectionRanges, type DocumentLink, type FoldingRange, type OffsetRange, type OutlineSymbol } from './structure';

import type { FeatureContext, HoverResult } from './types';

export type { CompletionEntry } from './completion';

interface LanguageFeatures {
  complete?(doc: JsonDocument, offset: number, ctx: FeatureContext): CompletionEntry[];
  hover?(doc: JsonDocument, offset: number, ctx: FeatureContext): HoverResult | undefined;
  /** `limit`: the most symbols made (MAX_ITEMS_COMPUTED unless the host says). */
  symbols?(doc: JsonDocument, ctx?: FeatureContext, limit?: number): OutlineSymbol[];
  folding?(doc: JsonDocument, limit?: number, lineStarts?: readonly number[]): FoldingRange[];
  selectionRanges?(doc: JsonDocument, offset: number): OffsetRange[];
  links?(doc: JsonDocument, ctx: FeatureContext, limit?: number): DocumentLink[];
  definition?(doc: JsonDocument, offset: number, ctx: FeatureContext): SourceLocation | undefined;
  format?(doc: JsonDocument, options: FormatOptions, range?: OffsetRange): TextEdit[];
  lengthHints?(doc: JsonDocument, targets: readonly ChannelId[], start?: number, end?: number): LengthHint[];
}

/** Features that only need JSON structure, shared by every language. */
const JSON_STRUCTURE: LanguageFeatures = {
  folding: foldingRanges,
  selectionRanges,
  format: formatDocument,
};

const features: Record<LanguageId, LanguageFeatures> = {
  'universal-message': {
    ...JSON_STRUCTURE,
    // A channel-specific message in native form follows its channel's own format.
    complete(doc, offset, ctx) {
      const native = nativeFormatOf(doc, ctx.channel);
      return native ? completeNative(doc, offset, native, ctx.sample) : completeAt(doc, offset, ctx.sample);
    },
    hover(doc, offset, ctx) {
      const native = nativeFormatOf(doc, ctx.channel);
      return native ? hoverNative(doc, offset, native, ctx) : hoverAt(doc, offset, ctx);
    },
    symbols(doc, ctx, limit) {
      const native = nativeFormatOf(doc, ctx?.channel);
      return native ? nativeSymbols(doc, CHANNEL_NAMES[native.channel], limit) : documentSymbols(doc, limit);
    },
    links: (doc, ctx, limit) => documentLinks(doc, limit),
    lengthHints,
  },
  'configuration-meta': {
    ...JSON_STRUCTURE,
    complete: (doc, offset) => completeMeta(doc, offset, 'configuration-meta'),
    hover: (doc, offset) => hoverMeta(doc, offset, 'configuration-meta'),
  },
  'native-provider': {
    ...JSON_STRUCTURE,
    complete: (doc, offset) => completeMeta(doc, offset, 'native-provider'),
    hover: (doc, offset, ctx) => {
      const own = hoverMeta(doc, offset, 'native-provider');
      const more = providerProjectHover(doc, offset, ctx);
      return own && more ? { ...own, contents: `${own.contents}\n\n${more}` } : own;
    },
    links: providerLinks,
    definition: providerDefinition,
  },
  'umsg-config': JSON_STRUCTURE,
};

export function featuresFor(language: LanguageId): LanguageFeatures {
  return features[language];
}
