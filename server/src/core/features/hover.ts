/**
 * Hover in a universal message: each field's meaning from the specification, the channel
 * limits as a small table, the current length of a text, what each channel does with an
 * action type, and the media size limits.
 */
import { getNodePath } from 'jsonc-parser';
import { nodeAtOffset } from '../syntax/nodes';
import { placeAt, requiredText, type PlaceSpec } from '../model/places';
import { CHANNEL_IDS, CHANNEL_NAMES, CHANNELS, type ChannelId, type LimitedText, listRoom } from '../channels';
import type { FeatureContext, HoverResult } from './types';
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import { dynamicLists, renderedList } from '../template/dynamicList';
import { buildRichCard } from '../model/richCard';
import { codeSpan, escapeMarkdown } from '../util/markdownQuote';
import { evaluate, mentionsIt, type EvalResult } from '../template/templateEval';
import type { MarkerLine, TemplateRegion } from '../syntax/templateScanner';
import { formatCount } from '../util/count';

function isActionType(s: string): s is 'reply' | 'click' | 'call' {
  return s === 'reply' || s === 'click' || s === 'call';
}

/** What each channel does with an action type or a card field: read from the channel models. */
function sentAs(c: ChannelId, what: string): string | undefined {
  const facts = CHANNELS[c].sentAs;
  if (isActionType(what)) return facts.actions[what];
  if (what === 'title' || what === 'description' || what === 'richMedia' || what === 'floatActions') return facts[what];
  return undefined;
}

/**
 * Hover on a `// @each` or `// @end` line or on a template expression; undefined elsewhere.
 * Native messages (nativeHover.ts) explain their templates with it too.
 */
export function templateHover(doc: JsonDocument, offset: number, ctx: FeatureContext): HoverResult | undefined {
  const marker = doc.scan.markers.find((m) => offset >= m.start && offset <= m.end);
  if (marker) return markerHover(doc, marker, ctx);
  const template = doc.scan.templates.find((t) => offset >= t.start && offset < t.end);
  if (!template) return undefined;
  const parts = [`**Template expression** ${codeSpan(`${'${'}${template.expression.trim()}}`, { max: 80 })}`];
  const whole = template.inString ? '' : '; it stands in place of a whole value, so no type or length is checked here';
  parts.push(`Evaluated when the message is rendered${whole}.`);
  parts.push(renderedLine(doc, template, ctx));
  return { contents: parts.join('\n\n'), offset: template.start, length: template.end - template.start };
}

export function hoverAt(doc: JsonDocument, offset: number, ctx: FeatureContext): HoverResult | undefined {
  if (!doc.root || doc.tooDeep) return undefined;
  const inTemplate = templateHover(doc, offset, ctx);
  if (inTemplate) return inTemplate;
  const node = nodeAtOffset(doc.root, offset, true);
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
  const place = placeAt(path, 'universal-message');
  const field = place?.fields?.find((f) => f.name === name);
  if (!place || !field) return undefined;
  const onValue = value !== undefined && node === value;
  const target = onValue ? value : key;
  const parts: string[] = [];
  const overridden = new Set(ctx.overriddenChannels ?? []);
  const targets = CHANNEL_IDS.filter((c) => ctx.config.channels[c] !== 'off');

  if (onValue && name === 'type' && value?.type === 'string' && isActionType(String(value.value)) && place.kind !== 'card') {
    const type = String(value.value);
    parts.push(`**${type}** ${place.label}`);
    if (targets.length > 0) parts.push(channelTable([{ label: 'sent as', cell: (c) => sentAs(c, type)! }]));
  } else {
    parts.push(`**${name}** (${place.label}${requiredText(place, field)}): ${field.doc}`);
    if (field.values) parts.push(`Values: ${field.values.map((v) => `\`${v}\``).join(', ')}.`);
    // One table per field: its limits and what each channel makes of it.
    const rows = limitRows(name, place);
    if (place.kind === 'card' && ['title', 'description', 'richMedia', 'floatActions'].includes(name)) {
      rows.push({ label: 'sent as', cell: (c) => sentAs(c, name)! });
    }
    if (rows.length > 0 && targets.length > 0) parts.push(channelTable(rows));
    if (place.kind === 'card' && (name === 'insideActions' || name === 'floatActions')) {
      for (const c of targets) {
        const n = CHANNELS[c].buttonsInAll;
        const unique = CHANNELS[c].uniqueButtons ? ', with unique titles and ids' : '';
        if (n !== undefined) {
          parts.push(`On ${CHANNEL_NAMES[c]}, insideActions and floatActions together make at most ${n} reply buttons${unique}.`);
        }
      }
    }
    if (name === 'fileUrl') parts.push('The file may be at most **5 MB**. It is not fetched by this tool.');
    if (name === 'thumbnailUrl') {
      parts.push('The thumbnail may be at most **25 KB**. It is not fetched by this tool.');
      for (const c of targets) if (CHANNELS[c].thumbnailLimit) parts.push(`On ${CHANNEL_NAMES[c]}: at most ${CHANNELS[c].thumbnailLimit}.`);
    }
    if (value && value.type === 'string' && isLimitedText(name)) parts.push(lengthLine(doc, value));
  }
  for (const c of targets) {
    const note = CHANNELS[c].note;
    if (note && parts.some((p) => p.includes(CHANNEL_NAMES[c]))) parts.push(`_${note}_`);
  }
  if (overridden.size > 0) {
    const names = [...overridden].map((c) => CHANNEL_NAMES[c as ChannelId] ?? c).join(', ');
    const one = overridden.size === 1;
    const own = one ? 'uses its' : 'use their';
    parts.push(`_${names} ${own} own channel-specific message, so ${one ? 'its' : 'their'} limits do not apply here._`);
  }
  return { contents: parts.join('\n\n'), offset: target.offset, length: target.length };

  function channelTable(rows: { label: string; cell: (c: ChannelId) => string }[]): string {
    // One column per target channel (RCS, off by default, appears once it is enabled).
    const head = `| | ${targets.map((c) => CHANNEL_NAMES[c]).join(' | ')} |\n|---|${targets.map(() => '---').join('|')}|`;
    const cell = (r: { cell: (c: ChannelId) => string }, c: ChannelId) =>
      r.cell(c) + (overridden.has(c) ? ' (not used: channel-specific message)' : '');
    return [head, ...rows.map((r) => `| ${r.label} | ${targets.map((c) => cell(r, c)).join(' | ')} |`)].join('\n');
  }

  function limitRows(fieldName: string, p: PlaceSpec): { label: string; cell: (c: ChannelId) => string }[] {
    if (isLimitedText(fieldName)) return [{ label: 'max characters', cell: (c) => fmt(CHANNELS[c].text[fieldName]) }];
    if (p.label === 'rich card' && (fieldName === 'insideActions' || fieldName === 'floatActions')) {
      const list = fieldName;
      const textOnly = (c: ChannelId) => (CHANNELS[c].insideTextOnly && list === 'insideActions' ? ', text only' : '');
      return [{ label: 'max actions', cell: (c) => fmt(CHANNELS[c].count[list]) + textOnly(c) }];
    }
    return [];
  }
}

function isLimitedText(name: string): name is LimitedText {
  return name === 'title' || name === 'description' || name === 'display' || name === 'payload';
}

function fmt(n: number | undefined): string {
  return n === undefined ? '–' : formatCount(n);
}

/** The length of a text value as written: exact, a lower bound with templates, or unknown for a whole template. */
export function lengthLine(doc: JsonDocument, value: Node): string {
  if (doc.valueTemplate(value)) return 'Length: decided when the message is rendered (the whole value is a template).';
  const info = doc.stringInfo(value);
  if (info.templates.length === 0) return `Length: **${info.staticLength}** characters.`;
  const templates = `${info.templates.length} template${info.templates.length === 1 ? '' : 's'}`;
  return `Length: at least **${info.staticLength}** characters (the static part; ${templates} not counted).`;
}

/**
 * An evaluator's reason in markdown. Reasons are our own prose around names that parsePath
 * admits ([A-Za-z0-9_] only), so underscores are the one thing to escape (`__proto__` would
 * turn bold); the prose's own backticks stay code.
 */
function reasonText(reason: string): string {
  return reason.replace(/_/g, '\\_');
}

/** The template's value with the sample data: per list element inside a dynamic list body. */
function renderedLine(doc: JsonDocument, template: TemplateRegion, ctx: FeatureContext): string {
  const list = renderedList(doc);
  const inBody = !!list && template.start >= list.bodyStart && template.end <= list.bodyEnd;
  if (!ctx.sample) {
    return inBody && mentionsIt(template.expression)
      ? '`it` is each element of the list; add a NAME.sample.json to see the rendered values.'
      : 'No sample data: add NAME.sample.json beside this file to see the rendered value.';
  }
  const show = (r: EvalResult, inTable = false) =>
    (r.ok ? codeSpan(JSON.stringify(r.value), { max: 120, inTable }) : `not evaluated: ${reasonText(r.reason)}`);
  if (inBody) {
    const bound = evaluate(list.list, { data: ctx.sample });
    if (!bound.ok || !Array.isArray(bound.value)) {
      return `With the sample data: ${escapeMarkdown(list.list)} ${bound.ok ? 'is not a list' : `is ${reasonText(bound.reason)}`}.`;
    }
    const rows = bound.value.slice(0, 10)
      .map((it, i) => `| ${i + 1} | ${show(evaluate(template.expression, { data: ctx.sample, it, inBody: true }), true)} |`);
    const more = bound.value.length > 10 ? `\n\n…and ${bound.value.length - 10} more elements.` : '';
    const elements = `${bound.value.length} element${bound.value.length === 1 ? '' : 's'}`;
    const table = `| element | value |\n|---|---|\n${rows.join('\n')}${more}`;
    return `With the sample data (${elements} in ${escapeMarkdown(list.list)}):\n\n${table}`;
  }
  return `With the sample data: ${show(evaluate(template.expression, { data: ctx.sample }))}`;
}

function markerHover(doc: JsonDocument, marker: MarkerLine, ctx: FeatureContext): HoverResult {
  const range = { offset: marker.start, length: marker.end - marker.start };
  if (marker.kind === 'end') {
    const contents = '**// @end** closes the dynamic list body: the lines above it, up to `// @each`, repeat once per list element.';
    return { contents, ...range };
  }
  const listName = marker.list ? codeSpan(marker.list) : '\\<list\\>';
  const ofList = marker.list ? codeSpan(marker.list) : 'the list';
  const list = dynamicLists(doc).find((l) => l.each === marker);
  // Outside a card's action lists (a channel's own format: a list's rows, a carousel's cards) it is any array's element.
  const element = list && !list.listName && list.array ? 'element' : 'action element';
  const parts = [
    `**// @each** ${listName}: the ${element} below, up to \`// @end\`, is repeated once per element of ${ofList}, joined by \`,\`.`
    + ' Inside it, `it` is the element, with `it.name()` and `it.label()`.',
  ];
  const card = buildRichCard(doc);
  const model = list?.listName === 'insideActions' ? card?.insideActions
    : list?.listName === 'floatActions' ? card?.floatActions
      : undefined;
  const targets = CHANNEL_IDS.filter((c) => ctx.config.channels[c] !== 'off' && !(ctx.overriddenChannels ?? []).includes(c));
  if (list && model) {
    const room = listRoom(list, model.staticCount, targets);
    if (room.length > 0) {
      const perChannel = room.map((r) => `${r.left} on ${CHANNEL_NAMES[r.channel]}`).join(', ');
      const less = model.staticCount ? `, less ${model.staticCount} static` : '';
      parts.push(`At most, the list may render: ${perChannel} (${list.listName} limit${less}).`);
    }
  }
  if (list?.array && ctx.sample) {
    const bound = evaluate(list.list, { data: ctx.sample });
    parts.push(bound.ok && Array.isArray(bound.value)
      ? `With the sample data: **${bound.value.length}** element${bound.value.length === 1 ? '' : 's'}.`
      : `With the sample data: not evaluated (${bound.ok ? 'not a list' : reasonText(bound.reason)}).`);
  }
  return { contents: parts.join('\n\n'), ...range };
}
