/**
 * Hover in Configuration Meta and native provider files: each field's meaning from the
 * specification (Native provider, Configuration Meta, Implementation string), and how each
 * entry renders on the chatbot's Integrations form.
 */
import { getNodePath } from 'jsonc-parser';
import { type JsonDocument, type Node } from '../syntax/jsonDocument';
import { nodeAtOffset, propertyNode } from '../syntax/nodes';
import type { HoverResult } from './types';
import { codeSpan } from '../util/markdownQuote';
import type { LanguageId } from '../syntax/languages';
import { META_TYPES, RENDERING, VALUE_DOCS, metaTypeFor } from '../model/metaSchema';
import { placeAt, requiredText } from '../model/places';

const RENDERING_TABLE = [
  '| entry | on the Integrations form |',
  '|---|---|',
  ...META_TYPES.map((t) => `| \`"type": "${t}"\` | ${RENDERING[t]} |`),
  `| \`options\` | ${RENDERING.options} |`,
].join('\n');

export function hoverMeta(doc: JsonDocument, offset: number, language: LanguageId): HoverResult | undefined {
  if (!doc.root || doc.tooDeep) return undefined;
  const node = nodeAtOffset(doc.root, offset, true);
  if (!node) return undefined;
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  if (!property) return entryHover(doc, node, offset, language);
  const key = property.children?.[0];
  const value = property.children?.[1];
  if (!key) return undefined;
  const name = String(key.value);
  // The path of a property node is the path of the object holding it.
  const place = placeAt(getNodePath(property), language);
  const field = place?.fields?.find((f) => f.name === name);
  if (!place || !field) return undefined;
  const onValue = value !== undefined && node === value;
  const target = onValue ? value : key;
  const parts: string[] = [];
  const text = onValue && value.type === 'string' ? String(value.value) : undefined;
  if (text !== undefined && field.values?.includes(text) && Object.hasOwn(VALUE_DOCS, text)) {
    parts.push(`**${text}** (${name} of a ${place.label})`, VALUE_DOCS[text]);
  } else {
    parts.push(`**${name}** (${place.label}${requiredText(place, field)}): ${field.doc}`);
    if (field.values && field.values.length > 1) parts.push(`Values: ${field.values.map((v) => `\`${v}\``).join(', ')}.`);
    if (place.kind === 'entry' && (name === 'type' || name === 'options')) parts.push(RENDERING_TABLE);
  }
  return { contents: parts.join('\n\n'), offset: target.offset, length: target.length };
}

/** On an entry's braces: what the entry shows on the Integrations form. */
function entryHover(doc: JsonDocument, node: Node, offset: number, language: LanguageId): HoverResult | undefined {
  if (node.type !== 'object' || (offset !== node.offset && offset !== node.offset + node.length - 1)) return undefined;
  const place = placeAt(getNodePath(node), language);
  if (place?.kind !== 'entry') return undefined;
  const key = propertyNode(node, 'key')?.children?.[1];
  const type = propertyNode(node, 'type')?.children?.[1];
  const hasOptions = propertyNode(node, 'options') !== undefined;
  const metaType = type?.type === 'string' ? metaTypeFor(String(type.value)) : undefined;
  const shows = hasOptions ? RENDERING.options : metaType ? RENDERING[metaType] : undefined;
  const name = key?.type === 'string' && !doc.valueTemplate(key) ? ` ${codeSpan(String(key.value))}` : '';
  const contents = `**Configuration Meta entry**${name}: ` +
    `${shows ? `the Integrations form shows ${shows}.` : 'give it a type (String, Text or Boolean) or options.'}`;
  return { contents, offset, length: 1 };
}
