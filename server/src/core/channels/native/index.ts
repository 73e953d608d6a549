/**
 * The native formats, by channel: what a NAME.<channel>.umsg in native form is checked
 * against. A channel without one here gets syntax checks only in native form.
 */
import { parseJsonDocument, type JsonDocument } from '../../syntax/jsonDocument';
import { plainText, propertyNode, propertyValue } from '../../syntax/nodes';
import type { ChannelId } from '../model';
import { gbmFormat } from './gbm';
import { messengerFormat } from './messenger';
import { rcsFormat } from './rcs';
import type { NativeFormat } from './schema';
import { whatsappNative } from './whatsapp';

export { checkNativeDocument, validateNativeValue, type NativeProblem, type NativeRuleId } from './walk';
export type { NativeFormat } from './schema';

export const NATIVE_FORMATS: Readonly<Partial<Record<ChannelId, NativeFormat>>> = {
  messenger: messengerFormat,
  gbm: gbmFormat,
  whatsapp: whatsappNative,
  rcs: rcsFormat,
};

/**
 * Which of the two forms a channel-specific message is written in: `universal` when the root
 * is an object whose `type` is `rich` (a universal message for that one channel), `native`
 * otherwise (the channel's own format).
 */
export function messageForm(doc: JsonDocument): 'universal' | 'native' {
  const root = doc.root;
  if (root?.type !== 'object') return 'native';
  const type = propertyValue(propertyNode(root, 'type'));
  return type && plainText(doc, type) === 'rich' ? 'universal' : 'native';
}

/** The form of a channel-specific message's text (see `messageForm`). */
export function messageFormOfText(text: string): 'universal' | 'native' {
  return messageForm(parseJsonDocument(text));
}
