import { CHANNEL_LIMITS, CHANNEL_NAMES, WHATSAPP_MAX_BUTTONS, joinChannelLimits, type ChannelId, type LimitedText } from '../channels';
import { codePointLength, type Node } from '../jsonDocument';
import { analyzeLists } from '../dynamicList';
import { renderStringNode } from '../render';
import { evaluate } from '../templateEval';
import { digitsOnly, isGlobalNumber } from '../phoneNumber';
import type { ActionList, ActionModel } from '../richCard';
import { defineRule, type RuleContext } from '../rule';
import { actionType, allActions, jsonString, plainString, viewValue } from './ruleUtil';

/**
 * The specification's "Limits" table for each target channel, and the facts of the design's
 * "What each channel does with a universal rich card": WhatsApp's buttons in all, unique
 * button titles and ids, text only; Messenger's call numbers and quick reply payloads.
 * One problem on one field is one finding that names every channel it breaks; its severity
 * is the most severe of those channels' (DESIGN: Channels and limits).
 */
export default defineRule({
  id: 'channel-limit',
  description: 'Each field and list fits the limits of every target channel.',
  defaultSeverity: 'warning',
  languages: ['universal-message'],
  channelScoped: true,
  check(ctx) {
    const { card } = ctx;
    if (!card || ctx.targets.length === 0) return;
    textLimit(ctx, 'title', card.props.get('title')?.value);
    textLimit(ctx, 'description', card.props.get('description')?.value);
    for (const a of allActions(card)) {
      textLimit(ctx, 'display', a.props.get('display')?.value, a);
      textLimit(ctx, 'payload', a.props.get('payload')?.value, a);
    }
    countLimit(ctx, card.insideActions);
    countLimit(ctx, card.floatActions);
    whatsappButtons(ctx, card.insideActions, card.floatActions);
    whatsappTextOnly(ctx, card.insideActions);
    uniqueButtons(ctx, allActions(card));
    messengerCallNumbers(ctx, card.insideActions);
    messengerQuickReplyPayloads(ctx, card.floatActions);
  },
});

/** The target channels whose limit `n` exceeds (a channel without a limit is never exceeded). */
function overLimits(targets: readonly ChannelId[], limitOf: (c: ChannelId) => number | undefined, n: number): { channel: ChannelId; limit: number }[] {
  const over: { channel: ChannelId; limit: number }[] = [];
  for (const channel of targets) {
    const limit = limitOf(channel);
    if (limit !== undefined && n > limit) over.push({ channel, limit });
  }
  return over;
}

function textLimit(ctx: RuleContext, field: LimitedText, node: Node | undefined, action?: ActionModel) {
  if (!node) return;
  if (ctx.sample && renderedTextLimit(ctx, field, node, action)) return;
  const view = viewValue(ctx.doc, node);
  if (view.kind !== 'string' || view.info.wholly) return;
  const length = view.info.staticLength;
  const over = overLimits(ctx.targets, (c) => CHANNEL_LIMITS[c].text[field], length);
  if (over.length === 0) return;
  const templated = view.info.templates.length > 0;
  const what = action ? `${action.list === 'floatActions' ? 'Float' : 'Button'} ${field}` : field;
  const shown = length.toLocaleString('en-US'); // as the limits are written: 2,049 over 2,048
  const count = templated ? `at least ${shown} characters without its templates` : `${shown} characters`;
  ctx.report({
    message: `${what} has ${count}: over ${joinChannelLimits(over)}.`,
    offset: node.offset,
    length: node.length,
    channels: over.map((o) => o.channel),
  });
}

/**
 * With sample data: the rendered text, for each list element in a body, checked exactly and
 * reported on the template that produced it. False when something could not be evaluated
 * (the static part is checked instead).
 */
function renderedTextLimit(ctx: RuleContext, field: LimitedText, node: Node, action?: ActionModel): boolean {
  const templates = ctx.doc.valueTemplate(node) ? [ctx.doc.valueTemplate(node)!] : ctx.doc.stringInfo(node).templates;
  if (templates.length === 0) return false;
  const rendered = renderStringNode(ctx.doc, node, ctx.sample);
  const expected = action?.repeated ? sampleListLength(ctx) : 1;
  if (rendered.length === 0 || rendered.length !== expected) return false;
  const longest = rendered.reduce((a, b) => (codePointLength(b.text) > codePointLength(a.text) ? b : a));
  const length = codePointLength(longest.text);
  const over = overLimits(ctx.targets, (c) => CHANNEL_LIMITS[c].text[field], length);
  if (over.length === 0) return true;
  const where = templates.length === 1 ? templates[0] : { start: node.offset, end: node.offset + node.length };
  const what = action ? `${action.list === 'floatActions' ? 'Float' : 'Button'} ${field}` : field;
  const element = longest.element !== undefined ? ` (list element ${longest.element + 1})` : '';
  ctx.report({
    message: `${what} renders to ${length.toLocaleString('en-US')} characters with the sample data${element}: over ${joinChannelLimits(over)}.`,
    offset: where.start,
    length: where.end - where.start,
    channels: over.map((o) => o.channel),
  });
  return true;
}

/** Elements the dynamic list renders with the sample data, when it can be evaluated. */
function sampleListLength(ctx: RuleContext): number | undefined {
  const list = analyzeLists(ctx.doc).lists[0];
  if (!list || !ctx.sample) return undefined;
  const r = evaluate(list.list, { data: ctx.sample });
  return r.ok && Array.isArray(r.value) ? r.value.length : undefined;
}

function countLimit(ctx: RuleContext, list: ActionList | undefined) {
  if (!list?.array) return;
  const fromSample = list.hasBody ? sampleListLength(ctx) : undefined;
  if (fromSample !== undefined) {
    const total = list.staticCount + fromSample;
    const over = overLimits(ctx.targets, (c) => CHANNEL_LIMITS[c].count[list.name], total);
    if (over.length === 0) return;
    const each = analyzeLists(ctx.doc).lists[0].each;
    ctx.report({
      message: `${list.name} renders ${total} actions with the sample data (${each.list} has ${fromSample}): over ${joinChannelLimits(over)}.`,
      offset: each.listOffset,
      length: Math.max(each.list.length, 1),
      channels: over.map((o) => o.channel),
    });
    return;
  }
  const n = list.staticCount;
  const over = overLimits(ctx.targets, (c) => CHANNEL_LIMITS[c].count[list.name], n);
  if (over.length === 0) return;
  const noun = n === 1 ? 'action' : 'actions';
  ctx.report({
    message: `${list.name} has ${n} ${list.hasBody ? `static ${noun} plus a dynamic list` : noun}: over ${joinChannelLimits(over)}.`,
    offset: list.prop.key.offset,
    length: list.prop.key.length,
    channels: over.map((o) => o.channel),
  });
}

/**
 * WhatsApp appends float actions after the inside actions as reply buttons: three in all.
 * The table gives WhatsApp no floatActions limit, so a card with float actions alone is
 * held to the three buttons here (inside actions alone are counted by countLimit).
 */
function whatsappButtons(ctx: RuleContext, inside: ActionList | undefined, float: ActionList | undefined) {
  if (!ctx.targets.includes('whatsapp') || !float?.array) return;
  const dynamic = inside?.hasBody || float.hasBody ? sampleListLength(ctx) ?? 0 : 0;
  const insideCount = inside?.array ? inside.staticCount : 0;
  const total = insideCount + float.staticCount + dynamic;
  if (total <= WHATSAPP_MAX_BUTTONS) return;
  const what = insideCount > 0 ? 'insideActions and floatActions together' : 'floatActions';
  const buttons = inside?.hasBody || float.hasBody ? `${total} static reply buttons plus a dynamic list` : `${total} reply buttons`;
  ctx.report({
    message: `WhatsApp sends ${what} as ${buttons}: over WhatsApp's ${WHATSAPP_MAX_BUTTONS}.`,
    offset: float.prop.key.offset,
    length: float.prop.key.length,
    channels: ['whatsapp'],
  });
}

/** WhatsApp's inside actions are "text only": click and call become plain reply buttons. */
function whatsappTextOnly(ctx: RuleContext, inside: ActionList | undefined) {
  if (!ctx.targets.includes('whatsapp')) return;
  for (const a of inside?.actions ?? []) {
    const type = actionType(ctx.doc, a);
    if (type !== 'click' && type !== 'call') continue;
    const v = a.props.get('type')!.value!;
    const dropped = type === 'click' ? 'its url is dropped' : 'its phoneNumber is dropped';
    ctx.report({
      message: `WhatsApp's actions are text only: this ${type} action is sent as a plain reply button and ${dropped}.`,
      offset: v.offset,
      length: v.length,
      channels: ['whatsapp'],
    });
  }
}

/** WhatsApp reply buttons need unique titles (display) and ids (payload). */
function uniqueButtons(ctx: RuleContext, actions: ActionModel[]) {
  if (!ctx.targets.includes('whatsapp')) return;
  for (const [field, what] of [['display', 'titles'], ['payload', 'ids']] as const) {
    const seen = new Map<string, Node>();
    for (const a of actions) {
      if (a.repeated) continue;
      const prop = a.props.get(field);
      const value = plainString(ctx.doc, prop);
      if (value === undefined || !prop?.value) continue;
      const first = seen.get(value);
      if (!first) { seen.set(value, prop.value); continue; }
      ctx.report({
        message: `${field} ${jsonString(value)} is used by two buttons: WhatsApp needs unique button ${what}.`,
        offset: prop.value.offset,
        length: prop.value.length,
        channels: ['whatsapp'],
        related: [{ offset: first.offset, length: first.length, message: 'The other button.' }],
      });
    }
  }
}

/** Messenger's phone_number button takes + and digits only: separators must go. */
function messengerCallNumbers(ctx: RuleContext, inside: ActionList | undefined) {
  if (!ctx.targets.includes('messenger')) return;
  for (const a of inside?.actions ?? []) {
    if (actionType(ctx.doc, a) !== 'call') continue;
    const v = a.props.get('phoneNumber')?.value;
    const number = plainString(ctx.doc, a.props.get('phoneNumber'));
    if (!v || number === undefined || !isGlobalNumber(number)) continue;
    const digits = digitsOnly(number);
    if (digits === number) continue;
    ctx.report({
      message: `Messenger's call button takes + and digits only: ${number} is sent as ${digits}, remove the separators.`,
      offset: v.offset,
      length: v.length,
      channels: ['messenger'],
      fixes: [{ kind: 'replace', offset: v.offset, length: v.length, text: jsonString(digits), title: `Change to ${digits} for Messenger` }],
    });
  }
}

/** A Messenger text quick reply needs a non-empty payload. */
function messengerQuickReplyPayloads(ctx: RuleContext, float: ActionList | undefined) {
  if (!ctx.targets.includes('messenger')) return;
  for (const a of float?.actions ?? []) {
    const prop = a.props.get('payload');
    const value = plainString(ctx.doc, prop);
    if (value === undefined || value.trim().length > 0 || !prop?.value) continue;
    ctx.report({
      message: `${CHANNEL_NAMES.messenger} needs a non-empty payload for a quick reply.`,
      offset: prop.value.offset,
      length: prop.value.length,
      channels: ['messenger'],
    });
  }
}
