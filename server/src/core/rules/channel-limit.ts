import { CHANNELS, CHANNEL_NAMES, joinChannelLimits, joinChannelNames, type ChannelId, type ChannelModel, type LimitedText } from '../channels';
import { reportNative } from '../findings/native';
import { type Node } from '../syntax/jsonDocument';
import { plainText } from '../syntax/nodes';
import { codePointLength } from '../util/codePoints';
import { renderedList } from '../template/dynamicList';
import { renderStringNode } from '../template/render';
import { evaluate } from '../template/templateEval';
import { digitsOnly, isGlobalNumber, isPlusDigits } from '../model/phoneNumber';
import type { ActionList, ActionModel, RichCard } from '../model/richCard';
import { defineRule, type RuleContext } from '../findings/rule';
import { actionType, allActions, jsonString, openBrace, viewValue } from '../model/values';
import { formatCount } from '../util/count';
import { SmallMap } from '../util/smallMap';

/**
 * Every fact of the channel models (`channels/*.ts`) that a card can break: the
 * specification's "Limits" table for each target channel, and what each channel does with a
 * card: WhatsApp's buttons in all,
 * at least one button, unique titles and ids, its image header, text only; Messenger's call
 * numbers and quick reply payloads. One problem on one field is one finding that names every
 * channel it breaks; its severity is the most severe of those channels'. With sample data the
 * rendered values are checked, exactly, on the template that produced them.
 */
export default defineRule({
  id: 'channel-limit',
  description: 'Each field and list fits the limits of every target channel.',
  defaultSeverity: 'warning',
  languages: ['universal-message'],
  channelScoped: true,
  check(ctx) {
    if (reportNative(ctx, 'channel-limit')) return; // a channel-specific message in native form
    const { card } = ctx;
    if (!card || ctx.targets.length === 0) return;
    textLimit(ctx, 'title', card.props.get('title')?.valueNode);
    textLimit(ctx, 'description', card.props.get('description')?.valueNode);
    const actions = allActions(card);
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i];
      textLimit(ctx, 'display', a.props.get('display')?.valueNode, a);
      textLimit(ctx, 'payload', a.props.get('payload')?.valueNode, a);
    }
    countLimit(ctx, card.insideActions);
    countLimit(ctx, card.floatActions);
    buttonsInAll(ctx, card);
    textOnly(ctx, card.insideActions);
    uniqueButtons(ctx, actions);
    callNumbers(ctx, card.insideActions);
    floatPayloads(ctx, card.floatActions);
  },
});

/** The target channels whose limit `n` exceeds (a channel without a limit is never exceeded). */
function overLimits(
  targets: readonly ChannelId[],
  limitOf: (m: ChannelModel) => number | undefined,
  n: number,
): { channel: ChannelId; limit: number }[] {
  const over: { channel: ChannelId; limit: number }[] = [];
  for (const channel of targets) {
    const limit = limitOf(CHANNELS[channel]);
    if (limit !== undefined && n > limit) over.push({ channel, limit });
  }
  return over;
}

function fieldName(field: LimitedText, action?: ActionModel): string {
  return action ? `${action.list === 'floatActions' ? 'Float' : 'Button'} ${field}` : field;
}

function textLimit(ctx: RuleContext, field: LimitedText, node: Node | undefined, action?: ActionModel) {
  if (!node) return;
  if (ctx.sample && renderedTextLimit(ctx, field, node, action)) return;
  // viewValue without its wrapper object: a string that is not wholly a template.
  if (node.type !== 'string' || ctx.doc.valueTemplate(node)) return;
  // Most values fit every target: one comparison with the smallest limit, no list built.
  const limits = factsOf(ctx.targets).text[field];
  let length: number;
  let templated: boolean;
  const value: unknown = node.value;
  if (ctx.doc.scan.templates.length === 0 && typeof value === 'string') {
    // In a document without templates a string's text is its parsed value (what its string
    // info would hold): no info built for it, and no count of its code points when it has no
    // more UTF-16 units than the smallest limit (the display and payload of 20,000 actions).
    if (value.length <= limits.min) return;
    length = codePointLength(value);
    templated = false;
  } else {
    const info = ctx.doc.stringInfo(node);
    if (info.wholly) return;
    length = info.staticLength;
    templated = info.templates.length > 0;
  }
  if (length <= limits.min) return;
  const over = overText(limits, length);
  if (ctx.capped(node.offset)) return ctx.count(node.offset, node.length, over.channels); // past the cap: no words built
  const shown = formatCount(length); // as the limits are written: 2,049 over 2,048
  const count = templated ? `at least ${shown} characters without its templates` : `${shown} characters`;
  ctx.report({
    message: `${fieldName(field, action)} has ${count}: over ${over.joined}.`,
    offset: node.offset,
    length: node.length,
    channels: over.channels.slice(),
  });
}

/**
 * What channel-limit reads of the channel models for one list of targets, worked out once
 * per list (a check's targets are one of a handful of lists): the text limits per field, and
 * the channels with each fact. A 20,000-action message asked every model the same questions
 * for every action, and joined the same channel names for every finding.
 */
interface TargetFacts {
  text: Record<LimitedText, TextLimits>;
  /** Per list, the smallest count limit of the targets (Infinity when none limits it). */
  minCount: Record<ActionList['name'], number>;
  buttonsInAll: ChannelId[];
  // The channels with a fact, below, are shared by every check with these
  // targets; a check copies a list at its first finding that names them, and its findings
  // share that copy (most checks have no such finding, and copy nothing).
  insideTextOnly: ChannelId[];
  /** insideTextOnly's names as a finding joins them. */
  insideTextOnlyNames: string;
  uniqueButtons: ChannelId[];
  callNumberDigitsOnly: ChannelId[];
  floatPayloadRequired: ChannelId[];
}

interface TextLimits {
  /** The target channels with a limit on the field, in target order. */
  limits: { channel: ChannelId; limit: number }[];
  /** The smallest of them (Infinity when no target limits the field). */
  min: number;
  /** `over` per set of channels exceeded (a bit per entry of `limits`): the message part and the channels. */
  over: Map<number, { joined: string; channels: ChannelId[] }>;
}

const factsByTargets = new Map<string, TargetFacts>();

/** The last list asked about: a check asks for the same list (one array) several times. */
let lastTargets: readonly ChannelId[] | undefined;
let lastFacts: TargetFacts | undefined;

function factsOf(targets: readonly ChannelId[]): TargetFacts {
  if (targets === lastTargets) return lastFacts!;
  const key = targets.join(',');
  let facts = factsByTargets.get(key);
  if (!facts) {
    facts = computeFacts(targets);
    factsByTargets.set(key, facts);
  }
  lastTargets = targets;
  lastFacts = facts;
  return facts;
}

function computeFacts(targets: readonly ChannelId[]): TargetFacts {
  const text = {} as Record<LimitedText, TextLimits>;
  for (const field of ['title', 'description', 'display', 'payload'] as const) {
    const limits: { channel: ChannelId; limit: number }[] = [];
    for (const channel of targets) {
      const limit = CHANNELS[channel].text[field];
      if (limit !== undefined) limits.push({ channel, limit });
    }
    text[field] = { limits, min: Math.min(...limits.map((l) => l.limit)), over: new Map() };
  }
  const withFact = (has: (m: ChannelModel) => boolean) => targets.filter((c) => has(CHANNELS[c]));
  const minCount = (list: ActionList['name']) => Math.min(...targets.map((c) => CHANNELS[c].count[list] ?? Infinity));
  const insideTextOnly = withFact((m) => m.insideTextOnly);
  return {
    text,
    minCount: { insideActions: minCount('insideActions'), floatActions: minCount('floatActions') },
    buttonsInAll: withFact((m) => m.buttonsInAll !== undefined),
    insideTextOnly,
    insideTextOnlyNames: joinChannelNames(insideTextOnly),
    uniqueButtons: withFact((m) => m.uniqueButtons),
    callNumberDigitsOnly: withFact((m) => m.callNumberDigitsOnly),
    floatPayloadRequired: withFact((m) => m.floatPayloadRequired),
  };
}

/** The targets' limits on a field that `length` exceeds, with their message part (as overLimits and joinChannelLimits give them). */
function overText(limits: TextLimits, length: number): { joined: string; channels: ChannelId[] } {
  let bits = 0;
  for (let i = 0; i < limits.limits.length; i++) if (length > limits.limits[i].limit) bits |= 1 << i;
  let over = limits.over.get(bits);
  if (!over) {
    const parts = limits.limits.filter((_, i) => bits & (1 << i));
    over = { joined: joinChannelLimits(parts), channels: parts.map((p) => p.channel) };
    limits.over.set(bits, over);
  }
  return over;
}

/** Where a finding about a rendered value goes: its one template, or the whole value. */
function renderedRange(ctx: RuleContext, node: Node): { offset: number; length: number } {
  const templates = ctx.doc.valueTemplate(node) ? [ctx.doc.valueTemplate(node)!] : ctx.doc.stringInfo(node).templates;
  const where = templates.length === 1 ? templates[0] : { start: node.offset, end: node.offset + node.length };
  return { offset: where.start, length: where.end - where.start };
}

function isTemplated(ctx: RuleContext, node: Node): boolean {
  return !!ctx.doc.valueTemplate(node) || (node.type === 'string' && ctx.doc.stringInfo(node).templates.length > 0);
}

/**
 * The rendered texts of a templated value with the sample data: one per list element in a
 * body, one otherwise. Undefined when something could not be evaluated.
 */
function renderedTexts(ctx: RuleContext, node: Node, action?: ActionModel): { text: string; element: number | undefined }[] | undefined {
  if (!ctx.sample || !isTemplated(ctx, node)) return undefined;
  const rendered = renderStringNode(ctx.doc, node, ctx.sample);
  const expected = action?.repeated ? sampleListLength(ctx) : 1;
  return rendered.length === expected ? rendered : undefined;
}

function elementNote(element: number | undefined): string {
  return element !== undefined ? ` (list element ${element + 1})` : '';
}

/**
 * With sample data: the rendered text, for each list element in a body, checked exactly and
 * reported on the template that produced it. False when something could not be evaluated
 * (the static part is checked instead).
 */
function renderedTextLimit(ctx: RuleContext, field: LimitedText, node: Node, action?: ActionModel): boolean {
  const rendered = renderedTexts(ctx, node, action);
  if (!rendered) return false;
  if (rendered.length === 0) return true;
  const longest = rendered.reduce((a, b) => (codePointLength(b.text) > codePointLength(a.text) ? b : a));
  const length = codePointLength(longest.text);
  const over = overLimits(ctx.targets, (m) => m.text[field], length);
  if (over.length === 0) return true;
  ctx.report({
    message: `${fieldName(field, action)} renders to ${formatCount(length)} characters with the sample ` +
      `data${elementNote(longest.element)}: over ${joinChannelLimits(over)}.`,
    ...renderedRange(ctx, node),
    channels: over.map((o) => o.channel),
  });
  return true;
}

/** Elements the dynamic list renders with the sample data, when it can be evaluated. */
function sampleListLength(ctx: RuleContext): number | undefined {
  const list = renderedList(ctx.doc);
  if (!list || !ctx.sample) return undefined;
  const r = evaluate(list.list, { data: ctx.sample });
  return r.ok && Array.isArray(r.value) ? r.value.length : undefined;
}

/** How many actions a list sends: its static elements plus, with sample data, the rendered body. */
interface ListCount {
  /** Actions known: static ones, plus the list's elements when the sample gives them. */
  total: number;
  /** True when a dynamic body adds an unknown number (no sample data). */
  open: boolean;
  /** Elements the body renders with the sample data. */
  fromSample: number | undefined;
}

function listCount(ctx: RuleContext, list: ActionList | undefined): ListCount {
  if (!list?.array) return { total: 0, open: false, fromSample: undefined };
  if (!list.hasBody) return { total: list.staticCount, open: false, fromSample: undefined };
  const fromSample = sampleListLength(ctx);
  return fromSample === undefined
    ? { total: list.staticCount, open: true, fromSample }
    : { total: list.staticCount + fromSample, open: false, fromSample };
}

function countLimit(ctx: RuleContext, list: ActionList | undefined) {
  if (!list?.array) return;
  const n = listCount(ctx, list);
  // Most lists fit every target: one comparison with the smallest limit, no list built.
  if (n.total <= factsOf(ctx.targets).minCount[list.name]) return;
  const over = overLimits(ctx.targets, (m) => m.count[list.name], n.total);
  if (over.length === 0) return;
  if (n.fromSample !== undefined) {
    const each = renderedList(ctx.doc)!.each;
    ctx.report({
      message: `${list.name} renders ${n.total} actions with the sample data (${each.list} has ${n.fromSample}): ` +
        `over ${joinChannelLimits(over)}.`,
      offset: each.listOffset,
      length: Math.max(each.list.length, 1),
      channels: over.map((o) => o.channel),
    });
    return;
  }
  const noun = n.total === 1 ? 'action' : 'actions';
  ctx.report({
    message: `${list.name} has ${n.total} ${n.open ? `static ${noun} plus a dynamic list` : noun}: over ${joinChannelLimits(over)}.`,
    offset: list.prop.key.offset,
    length: list.prop.key.length,
    channels: over.map((o) => o.channel),
  });
}

/**
 * Channels that send inside and float actions as one row of buttons (WhatsApp: three in
 * all, and at least one). The table gives WhatsApp no floatActions limit, so float actions
 * are held to the buttons in all here (inside actions alone are counted by countLimit).
 */
function buttonsInAll(ctx: RuleContext, card: RichCard) {
  const inside = listCount(ctx, card.insideActions);
  const float = listCount(ctx, card.floatActions);
  const total = inside.total + float.total;
  const open = inside.open || float.open;
  const fromList = (inside.fromSample ?? 0) + (float.fromSample ?? 0);
  // Only with floatActions (an array): inside actions alone are countLimit's.
  const channels = card.floatActions?.array !== undefined ? factsOf(ctx.targets).buttonsInAll : [];
  for (const channel of channels) {
    const max = CHANNELS[channel].buttonsInAll!;
    if (total <= max) continue;
    const what = inside.total > 0 || card.insideActions?.hasBody ? 'insideActions and floatActions together' : 'floatActions';
    const listed = fromList > 0 ? ` (${fromList} from the list with the sample data)` : '';
    const buttons = open ? `${total} static reply button${total === 1 ? '' : 's'} plus a dynamic list` : `${total} reply buttons${listed}`;
    ctx.report({
      message: `${CHANNEL_NAMES[channel]} sends ${what} as ${buttons}: over ${CHANNEL_NAMES[channel]}'s ${max}.`,
      offset: card.floatActions!.prop.key.offset,
      length: card.floatActions!.prop.key.length,
      channels: [channel],
    });
  }
  if (!open && total === 0) captionWithoutActions(ctx, card);
}

/**
 * A card without actions, with media, is sent as an image whose caption is the title, a
 * blank line and the description (WhatsApp): the caption has a limit of its own.
 */
function captionWithoutActions(ctx: RuleContext, card: RichCard) {
  if (!card.props.has('richMedia')) return;
  const parts: { length: number; atLeast: boolean }[] = [];
  for (const name of ['title', 'description']) {
    const node = card.props.get(name)?.valueNode;
    if (!node) continue;
    const rendered = renderedTexts(ctx, node);
    if (rendered && rendered.length === 1) { parts.push({ length: codePointLength(rendered[0].text), atLeast: false }); continue; }
    const view = viewValue(ctx.doc, node);
    if (view.kind === 'string') parts.push({ length: view.info.staticLength, atLeast: view.info.templates.length > 0 });
  }
  const nonEmpty = parts.filter((p) => p.length > 0);
  const length = nonEmpty.reduce((n, p) => n + p.length, 0) + (nonEmpty.length === 2 ? 2 : 0);
  const over = overLimits(ctx.targets, (m) => m.captionWithoutActions, length);
  if (over.length === 0) return;
  const count = `${parts.some((p) => p.atLeast) ? 'at least ' : ''}${formatCount(length)} characters`;
  ctx.report({
    message: `${joinChannelNames(over.map((o) => o.channel))} ${over.length === 1 ? 'sends' : 'send'} a card with media and no actions ` +
      `as an image with title and description as its caption: ${count}, over ${joinChannelLimits(over)}.`,
    ...openBrace(card.node),
    channels: over.map((o) => o.channel),
  });
}

/** "Text only" channels: click and call become plain reply buttons. */
function textOnly(ctx: RuleContext, inside: ActionList | undefined) {
  const facts = factsOf(ctx.targets);
  const withFact = facts.insideTextOnly;
  if (withFact.length === 0) return;
  let channels: ChannelId[] | undefined; // copied at the first finding (see TargetFacts)
  const actions = inside?.actions ?? [];
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    const type = actionType(ctx.doc, a);
    if (type !== 'click' && type !== 'call') continue;
    const v = a.props.get('type')!.valueNode!;
    channels ??= withFact.slice();
    if (ctx.capped(v.offset)) { ctx.count(v.offset, v.length, channels); continue; }
    const names = facts.insideTextOnlyNames;
    const dropped = type === 'click' ? 'its url is dropped' : 'its phoneNumber is dropped';
    ctx.report({
      message: `${names}'s actions are text only: this ${type} action is sent as a plain reply button and ${dropped}.`,
      offset: v.offset,
      length: v.length,
      channels,
    });
  }
}

/** A field's values as sent: the static text, or with sample data each rendered text. */
function sentValues(
  ctx: RuleContext,
  node: Node | undefined,
  action: ActionModel,
): { text: string; element: number | undefined; node: Node; rendered: boolean }[] {
  if (!node || node.type !== 'string' && !ctx.doc.valueTemplate(node)) return [];
  if (isTemplated(ctx, node)) {
    return (renderedTexts(ctx, node, action) ?? []).map((r) => ({ ...r, node, rendered: true }));
  }
  if (action.repeated) return []; // the same static text in every element: dynamic-list's concern
  return [{ text: ctx.doc.stringInfo(node).staticText, element: undefined, node, rendered: false }];
}

/** The fields of a button that must be unique, and what the channels call them. */
const UNIQUE_FIELDS = [['display', 'titles'], ['payload', 'ids']] as const;

/** Reply buttons need unique titles (display) and ids (payload), with the sample data too. */
function uniqueButtons(ctx: RuleContext, actions: readonly ActionModel[]) {
  const withFact = factsOf(ctx.targets).uniqueButtons;
  if (withFact.length === 0) return;
  let channels: ChannelId[] | undefined; // copied at the first finding (see TargetFacts)
  // The button texts seen so far and where (a short list on an ordinary card, then a Map), for one field at a time.
  const seen = new SmallMap<Node>();
  for (const [field, what] of UNIQUE_FIELDS) {
    seen.clear();
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i];
      const node = a.props.get(field)?.valueNode;
      // The common case, a plain string without templates, without sentValues' list of one.
      const plain = node && !a.repeated ? plainText(ctx.doc, node) : undefined;
      if (plain !== undefined && !seen.remember(plain, node!)) continue;
      for (const v of sentValues(ctx, node, a)) {
        const first = seen.remember(v.text, v.node);
        if (!first) continue;
        channels ??= withFact.slice();
        const range = v.rendered ? renderedRange(ctx, v.node) : { offset: v.node.offset, length: v.node.length };
        const how = v.rendered ? ` with the sample data${elementNote(v.element)}` : '';
        ctx.report({
          message: `${field} ${jsonString(v.text)} is used by two buttons${how}: ${joinChannelNames(channels)} ` +
            `${channels.length === 1 ? 'needs' : 'need'} unique button ${what}.`,
          ...range,
          channels,
          related: first === v.node ? undefined : [{ offset: first.offset, length: first.length, message: 'The other button.' }],
        });
        break;
      }
    }
  }
}

/** Channels whose call button takes + and digits only: separators are rejected. */
function callNumbers(ctx: RuleContext, inside: ActionList | undefined) {
  const withFact = factsOf(ctx.targets).callNumberDigitsOnly;
  if (withFact.length === 0) return;
  let channels: ChannelId[] | undefined; // copied at the first finding (see TargetFacts)
  let names: string | undefined; // joined at the first finding: most cards have none
  const actions = inside?.actions ?? [];
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    if (actionType(ctx.doc, a) !== 'call') continue;
    for (const v of sentValues(ctx, a.props.get('phoneNumber')?.valueNode, a)) {
      const number = v.text;
      if (!isGlobalNumber(number) || isPlusDigits(number)) continue;
      const digits = digitsOnly(number);
      channels ??= withFact.slice();
      names ??= joinChannelNames(channels);
      if (v.rendered) {
        ctx.report({
          message: `${names}'s call button takes + and digits only: phoneNumber renders to ${number} with the sample ` +
            `data${elementNote(v.element)}, which is rejected; give the number without separators.`,
          ...renderedRange(ctx, v.node),
          channels,
        });
        break;
      }
      ctx.report({
        message: `${names}'s call button takes + and digits only: ${number} is rejected, write ${digits}.`,
        offset: v.node.offset,
        length: v.node.length,
        channels,
        fixes: [{
          kind: 'replace',
          offset: v.node.offset,
          length: v.node.length,
          text: jsonString(digits),
          title: `Change to ${digits}`,
          preferred: true,
        }],
      });
    }
  }
}

/** Channels whose float actions (quick replies, reply buttons) need a non-empty payload. */
function floatPayloads(ctx: RuleContext, float: ActionList | undefined) {
  const withFact = factsOf(ctx.targets).floatPayloadRequired;
  if (withFact.length === 0) return;
  let channels: ChannelId[] | undefined; // copied at the first finding (see TargetFacts)
  const actions = float?.actions ?? [];
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    const node = a.props.get('payload')?.valueNode;
    // The common case, a plain string without templates, without sentValues' list of one.
    const plain = node && !a.repeated ? plainText(ctx.doc, node) : undefined;
    if (plain !== undefined && plain.trim().length > 0) continue;
    for (const v of sentValues(ctx, node, a)) {
      if (v.text.trim().length > 0) continue;
      channels ??= withFact.slice();
      ctx.report({
        message: `${joinChannelNames(channels)} ${channels.length === 1 ? 'needs' : 'need'} a non-empty payload for a float ` +
          `action${v.rendered ? `; it renders empty with the sample data${elementNote(v.element)}` : ''}.`,
        ...(v.rendered ? renderedRange(ctx, v.node) : { offset: v.node.offset, length: v.node.length }),
        channels,
      });
      break;
    }
  }
}
