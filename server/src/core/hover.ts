/**
 * Hover in a universal message: each field's meaning from the specification, the channel
 * limits as a small table, the current length of a text, what each channel does with an
 * action type, and the media size limits.
 */
import { findNodeAtOffset, getNodePath, type JSONPath } from 'jsonc-parser';
import { CARD_FIELDS, FLOAT_ACTION_FIELDS, INSIDE_ACTION_FIELDS, MEDIA_FIELDS, type FieldSpec } from './cardSchema';
import { CHANNEL_IDS, CHANNEL_LIMITS, CHANNEL_NAMES, type ChannelId, type LimitedList, type LimitedText } from './channels';
import type { FeatureContext, HoverResult } from './types';
import type { JsonDocument, Node } from './jsonDocument';
import { analyzeLists, listRoom } from './dynamicList';
import { buildRichCard } from './richCard';
import { evaluate, mentionsIt, type EvalResult } from './templateEval';
import type { MarkerLine, TemplateRegion } from './templateScanner';

const GBM_NOTE = 'Google Business Messages stopped in July 2024; RCS Business Messaging keeps the same card, so the channel stays.';

/** What each channel does with an action type (DESIGN: What each channel does with a universal rich card). */
const ACTION_ON_CHANNEL: Record<string, Record<ChannelId, string>> = {
  reply: {
    messenger: 'postback button (title: display, payload)',
    gbm: 'suggested reply (text, postbackData)',
    whatsapp: 'reply button (id: payload, title: display)',
  },
  click: {
    messenger: 'web_url button (title, url); payload dropped',
    gbm: 'suggested action with openUrlAction',
    whatsapp: 'plain reply button; url dropped (text only)',
  },
  call: {
    messenger: 'phone_number button (title, payload: phoneNumber); + and digits only',
    gbm: 'suggested action with dialAction',
    whatsapp: 'plain reply button; phoneNumber dropped (text only)',
  },
};

const FIELD_ON_CHANNEL: Record<string, Record<ChannelId, string>> = {
  title: { messenger: 'title', gbm: 'card title', whatsapp: 'body.text' },
  description: { messenger: 'subtitle', gbm: 'card description', whatsapp: 'footer.text' },
  richMedia: {
    messenger: 'image_url = fileUrl; height, altText, thumbnailUrl, forceRefresh dropped',
    gbm: 'media.height and contentInfo.fileUrl; the rest dropped',
    whatsapp: 'always an image header (empty without richMedia); the rest dropped',
  },
  floatActions: {
    messenger: 'quick replies (content_type text, title, payload)',
    gbm: 'message-level suggestions',
    whatsapp: 'appended after insideActions as more reply buttons (3 buttons in all)',
  },
};

interface Place {
  fields: readonly FieldSpec[];
  where: string;
}

function placeOf(path: JSONPath): Place | undefined {
  if (path.length === 0) return { fields: CARD_FIELDS, where: 'rich card' };
  if (path.length === 1 && path[0] === 'richMedia') return { fields: MEDIA_FIELDS, where: 'richMedia' };
  if (path.length === 2 && path[0] === 'insideActions' && typeof path[1] === 'number') return { fields: INSIDE_ACTION_FIELDS, where: 'inside action' };
  if (path.length === 2 && path[0] === 'floatActions' && typeof path[1] === 'number') return { fields: FLOAT_ACTION_FIELDS, where: 'float action' };
  return undefined;
}

export function hoverAt(doc: JsonDocument, offset: number, ctx: FeatureContext): HoverResult | undefined {
  if (!doc.root || doc.tooDeep) return undefined;
  const marker = doc.scan.markers.find((m) => offset >= m.start && offset <= m.end);
  if (marker) return markerHover(doc, marker, ctx);
  const template = doc.scan.templates.find((t) => offset >= t.start && offset < t.end);
  if (template) {
    const parts = [`**Template expression** \`\${${truncate(template.expression.trim(), 80)}}\``];
    parts.push(`Evaluated when the message is rendered${template.inString ? '' : '; it stands in place of a whole value, so no type or length is checked here'}.`);
    parts.push(renderedLine(doc, template, ctx));
    return { contents: parts.join('\n\n'), offset: template.start, length: template.end - template.start };
  }
  const node = findNodeAtOffset(doc.root, offset, true);
  if (!node) return undefined;
  // Hover on a key or on a value: find the property and its path.
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  if (!property) return undefined;
  const key = property.children?.[0];
  const value = property.children?.[1];
  if (!key) return undefined;
  const name = String(key.value);
  // The path of a property node is the path of the object holding it.
  const path = getNodePath(property);
  const place = placeOf(path);
  const field = place?.fields.find((f) => f.name === name);
  if (!place || !field) return undefined;
  const onValue = value !== undefined && node === value;
  const target = onValue ? value : key;
  const parts: string[] = [];
  const overridden = new Set(ctx.overriddenChannels ?? []);
  const targets = CHANNEL_IDS.filter((c) => ctx.config.channels[c] !== 'off');

  if (onValue && name === 'type' && value?.type === 'string' && ACTION_ON_CHANNEL[String(value.value)] && place.where !== 'rich card') {
    const type = String(value.value);
    parts.push(`**${type}** ${place.where}`);
    parts.push(channelTable([{ label: 'sent as', cell: (c) => ACTION_ON_CHANNEL[type][c] }]));
  } else {
    parts.push(`**${name}** (${place.where}${requiredText(field)}): ${field.doc}`);
    if (field.values) parts.push(`Values: ${field.values.map((v) => `\`${v}\``).join(', ')}.`);
    // One table per field: its limits and what each channel makes of it.
    const rows = limitRows(name, place);
    if (FIELD_ON_CHANNEL[name] && place.where === 'rich card') rows.push({ label: 'sent as', cell: (c) => FIELD_ON_CHANNEL[name][c] });
    if (rows.length > 0) parts.push(channelTable(rows));
    if (place.where === 'rich card' && (name === 'insideActions' || name === 'floatActions')) {
      parts.push('On WhatsApp, insideActions and floatActions together make at most 3 reply buttons, with unique titles and ids.');
    }
    if (name === 'fileUrl') parts.push('The file may be at most **5 MB**. It is not fetched by this tool.');
    if (name === 'thumbnailUrl') parts.push('The thumbnail may be at most **25 KB**. It is not fetched by this tool.');
    if (value && value.type === 'string' && isLimitedText(name)) parts.push(lengthLine(doc, value));
  }
  if (targets.includes('gbm') && parts.some((p) => p.includes('Google Business Messages'))) parts.push(`_${GBM_NOTE}_`);
  if (overridden.size > 0) {
    parts.push(`_${[...overridden].map((c) => CHANNEL_NAMES[c as ChannelId] ?? c).join(', ')} ${overridden.size === 1 ? 'uses its' : 'use their'} own channel-specific message, so ${overridden.size === 1 ? 'its' : 'their'} limits do not apply here._`);
  }
  return { contents: parts.join('\n\n'), offset: target.offset, length: target.length };

  function channelTable(rows: { label: string; cell: (c: ChannelId) => string }[]): string {
    const head = `| | ${CHANNEL_IDS.map((c) => CHANNEL_NAMES[c]).join(' | ')} |\n|---|${CHANNEL_IDS.map(() => '---').join('|')}|`;
    const cell = (r: { cell: (c: ChannelId) => string }, c: ChannelId) => r.cell(c) + (overridden.has(c) ? ' (not used: channel-specific message)' : '');
    return [head, ...rows.map((r) => `| ${r.label} | ${CHANNEL_IDS.map((c) => cell(r, c)).join(' | ')} |`)].join('\n');
  }

  function limitRows(fieldName: string, p: Place): { label: string; cell: (c: ChannelId) => string }[] {
    if (isLimitedText(fieldName)) return [{ label: 'max characters', cell: (c) => fmt(CHANNEL_LIMITS[c].text[fieldName]) }];
    if (p.where === 'rich card' && (fieldName === 'insideActions' || fieldName === 'floatActions')) {
      const list = fieldName as LimitedList;
      return [{ label: 'max actions', cell: (c) => fmt(CHANNEL_LIMITS[c].count[list]) + (c === 'whatsapp' && list === 'insideActions' ? ', text only' : '') }];
    }
    return [];
  }
}

function isLimitedText(name: string): name is LimitedText {
  return name === 'title' || name === 'description' || name === 'display' || name === 'payload';
}

function requiredText(f: FieldSpec): string {
  if (f.required === true) return ', required';
  if (Array.isArray(f.required)) return `, required for ${f.required.join(', ')}`;
  return ', optional';
}

function fmt(n: number | undefined): string {
  return n === undefined ? '–' : n.toLocaleString('en-US');
}

function lengthLine(doc: JsonDocument, value: Node): string {
  if (doc.valueTemplate(value)) return 'Length: decided when the message is rendered (the whole value is a template).';
  const info = doc.stringInfo(value);
  if (info.templates.length === 0) return `Length: **${info.staticLength}** characters.`;
  return `Length: at least **${info.staticLength}** characters (the static part; ${info.templates.length} template${info.templates.length === 1 ? '' : 's'} not counted).`;
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** The template's value with the sample data: per list element inside a dynamic list body. */
function renderedLine(doc: JsonDocument, template: TemplateRegion, ctx: FeatureContext): string {
  const list = analyzeLists(doc).lists[0];
  const inBody = !!list && template.start >= list.bodyStart && template.end <= list.bodyEnd;
  if (!ctx.sample) {
    return inBody && mentionsIt(template.expression)
      ? '`it` is each element of the list; add a NAME.sample.json to see the rendered values.'
      : 'No sample data: add NAME.sample.json beside this file to see the rendered value.';
  }
  const show = (r: EvalResult) => (r.ok ? `\`${truncate(JSON.stringify(r.value), 120)}\`` : `not evaluated: ${r.reason}`);
  if (inBody) {
    const bound = evaluate(list!.list, { data: ctx.sample });
    if (!bound.ok || !Array.isArray(bound.value)) return `With the sample data: ${list!.list} ${bound.ok ? 'is not a list' : `is ${bound.reason}`}.`;
    const rows = bound.value.slice(0, 10).map((it, i) => `| ${i + 1} | ${show(evaluate(template.expression, { data: ctx.sample, it, inBody: true }))} |`);
    const more = bound.value.length > 10 ? `\n\n…and ${bound.value.length - 10} more elements.` : '';
    return `With the sample data (${bound.value.length} element${bound.value.length === 1 ? '' : 's'} in ${list!.list}):\n\n| element | value |\n|---|---|\n${rows.join('\n')}${more}`;
  }
  return `With the sample data: ${show(evaluate(template.expression, { data: ctx.sample }))}`;
}

function markerHover(doc: JsonDocument, marker: MarkerLine, ctx: FeatureContext): HoverResult {
  const range = { offset: marker.start, length: marker.end - marker.start };
  if (marker.kind === 'end') return { contents: '**// @end** closes the dynamic list body: the lines above it, up to `// @each`, repeat once per list element.', ...range };
  const parts = [`**// @each ${marker.list || '<list>'}**: the action element below, up to \`// @end\`, is repeated once per element of \`${marker.list || 'the list'}\`, joined by \`,\`. Inside it, \`it\` is the element, with \`it.name()\` and \`it.label()\`.`];
  const list = analyzeLists(doc).lists.find((l) => l.each === marker);
  const card = buildRichCard(doc);
  const model = list?.listName === 'insideActions' ? card?.insideActions : list?.listName === 'floatActions' ? card?.floatActions : undefined;
  const targets = CHANNEL_IDS.filter((c) => ctx.config.channels[c] !== 'off' && !(ctx.overriddenChannels ?? []).includes(c));
  if (list && model) {
    const room = listRoom(list, model.staticCount, targets);
    if (room.length > 0) parts.push(`At most, the list may render: ${room.map((r) => `${r.left} on ${CHANNEL_NAMES[r.channel]}`).join(', ')} (${list.listName} limit${model.staticCount ? `, less ${model.staticCount} static` : ''}).`);
    if (ctx.sample) {
      const bound = evaluate(list.list, { data: ctx.sample });
      parts.push(bound.ok && Array.isArray(bound.value) ? `With the sample data: **${bound.value.length}** element${bound.value.length === 1 ? '' : 's'}.` : `With the sample data: not evaluated (${bound.ok ? 'not a list' : bound.reason}).`);
    }
  }
  return { contents: parts.join('\n\n'), ...range };
}
