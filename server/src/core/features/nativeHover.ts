/**
 * Hover in a channel-specific message in native form: a field's meaning, whether it is
 * required, its type and limits, the length of a text as written, and a link to the channel's
 * API page that states it. Templates and list markers are explained as in a universal message.
 */
import { getNodePath } from 'jsonc-parser';
import { nodeAtOffset } from '../syntax/nodes';
import { CHANNEL_NAMES } from '../channels';
import { nativeFieldAt } from '../channels/native/place';
import type { NativeFormat } from '../channels/native/schema';
import type { JsonDocument } from '../syntax/jsonDocument';
import { codeSpan } from '../util/markdownQuote';
import { lengthLine, templateHover } from './hover';
import { describeNativeValue } from './nativeValueText';
import type { FeatureContext, HoverResult } from './types';

export function hoverNative(doc: JsonDocument, offset: number, format: NativeFormat, ctx: FeatureContext): HoverResult | undefined {
  if (!doc.root || doc.tooDeep) return undefined;
  const inTemplate = templateHover(doc, offset, ctx);
  if (inTemplate) return inTemplate;
  const node = nodeAtOffset(doc.root, offset, true);
  const property = node?.parent?.type === 'property' ? node.parent : undefined;
  const key = property?.children?.[0];
  if (!property || !key) return undefined;
  const value = property.children?.[1];
  const name = String(key.value);
  const at = nativeFieldAt(format, doc, [...getNodePath(property), name]);
  if (!at) return undefined;
  const { place, field } = at;
  const channel = CHANNEL_NAMES[format.channel];
  const parts: string[] = [];
  if (field.platform) {
    parts.push(`**${name}** (${place.object.label}): ${field.doc}`);
    parts.push(`Set by the platform when it sends the message on ${channel}: what is written here is replaced.`);
  } else {
    parts.push(`**${name}** (${place.object.label}, ${field.required ? 'required' : 'optional'}): ${field.doc}`);
    parts.push(`Type: ${describeNativeValue(field.value, format)}.`);
    if (value?.type === 'string' && field.value.kind === 'string' && !field.value.enum) parts.push(lengthLine(doc, value));
  }
  let page = field.page ?? place.page;
  // The value of a discriminator names a variant, which may have a page of its own.
  const variant = place.object.variants;
  const onValue = value !== undefined && node === value;
  if (onValue && variant?.by === name && value.type === 'string') {
    const chosen = Object.hasOwn(variant.cases, String(value.value)) ? variant.cases[String(value.value)] : undefined;
    if (chosen) {
      parts.push(`The fields of ${place.object.label} of ${name} ${codeSpan(String(value.value))} are on its page.`);
      page = chosen.page ?? page;
    }
  }
  parts.push(`[${channel} API reference](${page})`);
  const target = onValue ? value : key;
  return { contents: parts.join('\n\n'), offset: target.offset, length: target.length };
}
