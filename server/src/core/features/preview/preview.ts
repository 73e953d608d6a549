/**
 * The preview's view model (issue 10): what the preview panel draws for a message, one column
 * per target channel, and the Integrations form for Configuration Meta and provider files.
 * Pure: text, sample data and configuration in, plain data out (sent to the webview as JSON).
 *
 * The preview holds no checking logic of its own. Each column draws the payload the channel
 * model translates (`ChannelModel.translate`, the payload `umsg render --channel` prints), and
 * its verdict comes from the check's findings and the model's `validate`, filtered per channel
 * as `channelRender.ts` does. What the preview adds is only drawing data: which text goes where,
 * where each drawn element came from in the source (for source sync), and templates as chips.
 */
import { CHANNEL_IDS, CHANNELS, joinList, type ApiProblem, type ChannelId, type ChannelModel, type LimitedText, type Obj } from '../../channels';
import { checkDocument, type Diagnostic } from '../../check/run';
import { DEFAULT_CONFIG, type ResolvedConfig } from '../../findings/config';
import { renderedList } from '../../template/dynamicList';
import { codePointLength, parseJsonDocument, type JsonDocument, type Node } from '../../syntax/jsonDocument';
import { configMetaOf, labelFromKey } from '../../model/configMeta';
import { providerOf } from '../../model/provider';
import { renderMessage, type SampleData } from '../../template/render';
import { buildRichCard, type ActionList, type RichCard } from '../../model/richCard';
import type { LanguageId } from '../../syntax/languages';
import { plainString } from '../../model/values';
import { syntaxMessage } from '../../rules/syntax';
import { templateProblemMessage } from '../../rules/template-syntax';
import { parsePath, type JsonValue } from '../../template/templateEval';
import { formatCount } from '../../util/count';

export type PreviewMode = 'template' | 'sample';
type Verdict = 'sent' | 'shortened' | 'rejected' | 'dropped' | 'override';

/** A range of the message text, in UTF-16 offsets (what editors' offsetAt gives). */
interface SourceRange {
  offset: number;
  length: number;
}

/** A run of drawn text: plain, or a template `${…}` left as written (drawn as a chip). */
interface Segment {
  text: string;
  template?: true;
}

interface DrawnText {
  segments: Segment[];
  /** The whole text as the channel receives it. */
  text: string;
  /** Its length in code points (the unit of every limit). */
  length: number;
  source?: SourceRange;
}

interface DrawnMedia {
  /** Height in CSS pixels (Google's SHORT, MEDIUM and TALL), when the channel fixes one. */
  height?: number;
  /** Width over height, when the channel crops to a ratio (Messenger: 1.91). */
  aspect?: number;
  url: string;
  /** The URL's host, shown on the placeholder (remote images are not fetched by default). */
  host: string | undefined;
  /** True for an https URL: the only kind the preview may ever load. */
  https: boolean;
  altText?: string;
  source?: SourceRange;
}

interface DrawnButton {
  label: DrawnText;
  /** What tapping does on this channel. */
  action: 'reply' | 'url' | 'call';
  /** The URL or phone number the button carries on this channel. */
  target?: string;
  source?: SourceRange;
}

interface VerdictReason {
  verdict: Exclude<Verdict, 'sent'>;
  message: string;
  /** The rule whose finding explains it, when one does. */
  rule?: string;
  /** Where in the message (the finding's range, or the dropped field). */
  range?: SourceRange;
}

/** Which of the channel's message types the card becomes. */
type Layout = 'generic' | 'richCard' | 'interactive' | 'text' | 'image' | 'override';

export interface ChannelColumn {
  channel: ChannelId;
  name: string;
  /** The channel's status note (Google Business Messages stopped in July 2024). */
  note?: string;
  verdict: Verdict;
  reasons: VerdictReason[];
  layout: Layout;
  /** The message type in words ("generic template", "text message"). */
  messageType: string;
  media?: DrawnMedia;
  title?: DrawnText;
  /** Messenger's subtitle, Google's description, WhatsApp's footer. */
  subtitle?: DrawnText;
  /** WhatsApp's text message body or image caption. */
  body?: DrawnText;
  /** Buttons drawn in the card or bubble. */
  buttons: DrawnButton[];
  /** Quick replies (Messenger) or message-level suggestions (Google), drawn under the message. */
  chips: DrawnButton[];
  /** For a channel with its own NAME.<channel>.umsg: that file and its content, rendered. */
  override?: { file: string; text: string };
  /** What the drawing is known to get approximately. */
  approximate: string;
  /** The payload drawn (what `umsg render --channel` prints). */
  payload: JsonValue | undefined;
}

interface ListChoice {
  /** The list expression after `// @each`. */
  expression: string;
  /** Elements in the sample data, when the sample holds the list. */
  sampleLength: number | undefined;
  /** The length drawn. */
  length: number;
  /** The lengths the stepper offers: 0, 1, 2 and N. */
  choices: number[];
  /** False when the list expression is not a plain path, so its length cannot be chosen. */
  adjustable: boolean;
  source: SourceRange;
}

export interface MessagePreview {
  kind: 'message';
  mode: PreviewMode;
  /** Set when nothing could be drawn: the message does not parse or render. */
  error?: { message: string; offset: number | undefined };
  /** A one-line notice instead of a drawing (file over maxFileSize). */
  notice?: string;
  list?: ListChoice;
  columns: ChannelColumn[];
  /** Templates left as written, and why (sample mode). */
  unevaluated: { expression: string; reason: string; range: SourceRange }[];
}

interface MessageInput {
  text: string;
  sample?: SampleData;
  config?: ResolvedConfig;
  mode?: PreviewMode;
  /** The dynamic list's length to draw; undefined: the sample's own (sample mode) or 1 (template mode). */
  listLength?: number;
  /** The channel models to draw (the registry's, in its order, by default; tests pass their own). */
  channels?: readonly ChannelModel[];
  /** Channel-specific siblings: channel → file name and text (NAME.<channel>.umsg). */
  overrides?: Partial<Record<ChannelId, { file: string; text: string }>>;
}

/** The longest list the stepper draws: beyond every channel's count limit, small enough to draw. */
const MAX_LIST_LENGTH = 20;

const MEDIA_HEIGHT: Record<string, number> = { SHORT: 112, MEDIUM: 168, TALL: 264 };
const MESSENGER_ASPECT = 1.91;
const APPROXIMATE_DEFAULT = 'Approximate: fonts, line wrapping, image crops and where the app cuts long text differ by device.';
const APPROXIMATE: Partial<Record<ChannelId, string>> = {
  messenger: 'Approximate: fonts, line wrapping and where the app cuts long text differ by device; the image is cropped to 1.91:1.',
  gbm: 'Approximate: fonts and line wrapping differ by device; media heights are the API\'s SHORT 112, MEDIUM 168 and TALL 264 px.',
  whatsapp: 'Approximate: fonts, line wrapping and the image header\'s crop differ by device.',
};
const RANK: Record<Verdict, number> = { override: 0, rejected: 1, shortened: 2, dropped: 3, sent: 4 };

/** The preview of a universal message: one column per target channel. */
export function previewMessage(input: MessageInput): MessagePreview {
  const config = input.config ?? DEFAULT_CONFIG;
  const mode: PreviewMode = input.mode ?? 'sample';
  const { text } = input;
  const models = (input.channels ?? CHANNEL_IDS.map((c) => CHANNELS[c])).filter((m) => config.channels[m.id] !== 'off');
  const targets = models.map((m) => m.id);
  if (text.length > config.maxFileSize) {
    return { kind: 'message', mode, columns: [], unevaluated: [], notice: `This file has ${formatCount(text.length)} characters, over maxFileSize (${formatCount(config.maxFileSize)}): no preview.` };
  }
  const doc = parseJsonDocument(text);
  const card = buildRichCard(doc);
  const list = listChoice(doc, input.sample, mode, input.listLength);
  // What the check sees: the sample (with the chosen list length) in sample mode, nothing in
  // template mode. What render sees: the same, except that in template mode a chosen list
  // length is drawn with elements that have no value, so `it` stays a chip.
  const sample = mode === 'sample' ? withList(input.sample, list, 'sample') : undefined;
  const renderData = mode === 'sample' ? sample : withList(undefined, list, 'template');
  const overridden = targets.filter((c) => input.overrides?.[c]);
  const checked = checkDocument(text, 'universal-message', { config, sample, overriddenChannels: overridden });
  const broken = [
    ...doc.syntax.map((s) => ({ offset: s.offset, message: syntaxMessage(s) })),
    ...doc.scan.problems.map((p) => ({ offset: p.start, message: templateProblemMessage(p) })),
  ].sort((a, b) => a.offset - b.offset);
  const base = { kind: 'message' as const, mode, list: list?.choice };
  if (broken.length > 0) return { ...base, error: broken[0], columns: [], unevaluated: [] };
  const rendered = renderMessage(doc, renderData);
  const unevaluated = mode === 'sample'
    ? rendered.unevaluated.map((u) => ({ expression: u.expression, reason: u.reason, range: { offset: u.offset, length: u.length } }))
    : [];
  const value = rendered.value;
  if (value === undefined || !value || typeof value !== 'object' || Array.isArray(value)) {
    return { ...base, error: { message: rendered.error ?? 'A universal message renders to a JSON object.', offset: undefined }, columns: [], unevaluated };
  }
  const chips = new Chips(rendered.unevaluated.map((u) => `\${${u.expression}}`));
  const sources = new SourceMap(card, value);
  const columns = models.map((model) => {
    const channel = model.id;
    const override = input.overrides?.[channel];
    if (override) return overrideColumn(model, override, renderData);
    // The findings that bear on this channel, as channelRender.ts selects them.
    const findings = checked.diagnostics.filter((d) => (d.channels?.length ? d.channels.includes(channel) : d.severity === 'error' || d.severity === 'warning'));
    return channelColumn(model, value, findings, sources, chips, mode);
  });
  return { ...base, columns, unevaluated };
}

// --- the dynamic list's length -------------------------------------------------------------

interface ListPlan {
  choice: ListChoice;
  /** The path the list expression names, when it is a plain path (`dishes`, `menu.today`). */
  path: string[] | undefined;
  elements: JsonValue[];
}

function listChoice(doc: JsonDocument, data: SampleData | undefined, mode: PreviewMode, wanted: number | undefined): ListPlan | undefined {
  const list = renderedList(doc);
  if (!list || !list.listName) return undefined;
  const parsed = parsePath(list.list);
  const path = parsed && parsed.root !== 'it' && parsed.steps.every((s) => s.kind === 'field') ? [parsed.root, ...parsed.steps.map((s) => (s as { name: string }).name)] : undefined;
  const found = path ? valueAtPath(data, path) : undefined;
  const elements = Array.isArray(found) ? found : [];
  const sampleLength = Array.isArray(found) ? found.length : undefined;
  // N shows the limit edge: the sample's own length when it has more than two, else one past
  // the largest count limit of any channel for this list.
  const limits = CHANNEL_IDS.map((c) => CHANNELS[c].count[list.listName!]).filter((n): n is number => n !== undefined);
  const n = sampleLength !== undefined && sampleLength > 2 ? sampleLength : Math.max(3, ...limits) + 1;
  const fallback = mode === 'sample' && sampleLength !== undefined ? sampleLength : 1;
  const length = path && wanted !== undefined && Number.isInteger(wanted) ? Math.max(0, Math.min(MAX_LIST_LENGTH, wanted)) : fallback;
  return {
    choice: { expression: list.list, sampleLength, length, choices: [...new Set([0, 1, 2, n])], adjustable: !!path, source: { offset: list.each.start, length: list.each.end - list.each.start } },
    path,
    elements,
  };
}

function valueAtPath(data: SampleData | undefined, path: readonly string[]): JsonValue | undefined {
  let v: JsonValue | undefined = data;
  for (const name of path) {
    if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.prototype.hasOwnProperty.call(v, name)) return undefined;
    v = (v)[name];
  }
  return v;
}

/**
 * Data whose list has the chosen length: the sample's elements in turn, or placeholders
 * (`{ name: "ITEM_1", label: "Item 1" }`) when the sample has none. In template mode the
 * elements have no value, so templates that read `it` stay chips.
 */
function withList(data: SampleData | undefined, plan: ListPlan | undefined, mode: PreviewMode): SampleData | undefined {
  if (!plan?.path) return data;
  const { length } = plan.choice;
  if (mode === 'sample' && plan.choice.sampleLength === length) return data;
  if (mode === 'template' && length === 1) return data;
  const items: JsonValue[] = Array.from({ length }, (_, i) => {
    if (mode === 'template') return undefined as unknown as JsonValue;
    return plan.elements.length > 0 ? plan.elements[i % plan.elements.length] : { name: `ITEM_${i + 1}`, label: `Item ${i + 1}` };
  });
  const out: SampleData = { ...(data ?? {}) };
  let at: Obj = out;
  plan.path.forEach((name, i) => {
    if (i === plan.path!.length - 1) { at[name] = items; return; }
    const next = at[name];
    const copy: Obj = next && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {};
    at[name] = copy;
    at = copy;
  });
  return out;
}

// --- templates as chips --------------------------------------------------------------------

/** Splits rendered text at the templates left as written (`${…}`), so they draw as chips. */
class Chips {
  private readonly raws: string[];
  constructor(raws: string[]) {
    this.raws = [...new Set(raws)].sort((a, b) => b.length - a.length);
  }
  text(value: string, source?: SourceRange): DrawnText {
    return { segments: this.split(value), text: value, length: codePointLength(value), source };
  }
  private split(value: string): Segment[] {
    if (this.raws.length === 0 || !value.includes('${')) return [{ text: value }];
    const out: Segment[] = [];
    let from = 0;
    let at = value.indexOf('${');
    while (at >= 0) {
      const raw = this.raws.find((r) => value.startsWith(r, at));
      if (raw) {
        if (at > from) out.push({ text: value.slice(from, at) });
        out.push({ text: raw, template: true });
        from = at + raw.length;
        at = value.indexOf('${', from);
      } else {
        at = value.indexOf('${', at + 2);
      }
    }
    if (from < value.length) out.push({ text: value.slice(from) });
    return out;
  }
}

// --- where each drawn element came from ----------------------------------------------------

/** Maps the rendered card's parts back to the message source (the dynamic list expanded). */
class SourceMap {
  readonly title?: SourceRange;
  readonly description?: SourceRange;
  readonly media?: SourceRange;
  private readonly lists: Record<'insideActions' | 'floatActions', (SourceRange | undefined)[]>;

  constructor(card: RichCard | undefined, rendered: Obj) {
    const valueRange = (name: string) => {
      const n = card?.props.get(name)?.value;
      return n ? range(n) : undefined;
    };
    this.title = valueRange('title');
    this.description = valueRange('description');
    this.media = valueRange('richMedia');
    this.lists = {
      insideActions: actionRanges(card?.insideActions, rendered.insideActions),
      floatActions: actionRanges(card?.floatActions, rendered.floatActions),
    };
  }

  action(list: 'insideActions' | 'floatActions', index: number): SourceRange | undefined {
    return this.lists[list][index];
  }
}

function range(n: Node): SourceRange {
  return { offset: n.offset, length: n.length };
}

/** The source of each rendered action: static elements map to themselves, repeated ones to the body. */
function actionRanges(list: ActionList | undefined, rendered: JsonValue | undefined): (SourceRange | undefined)[] {
  if (!list || !Array.isArray(rendered)) return [];
  const elements = list.elements;
  const body = list.hasBody ? list.actions.find((a) => a.repeated)?.node : undefined;
  const j = body ? elements.indexOf(body) : -1;
  if (j < 0) return elements.map(range);
  const copies = rendered.length - (elements.length - 1);
  return rendered.map((_, i) => {
    if (i < j) return range(elements[i]);
    if (i < j + copies) return range(elements[j]);
    const e = elements[i - copies + 1];
    return e ? range(e) : undefined;
  });
}

// --- one column ----------------------------------------------------------------------------

const s = (v: JsonValue | undefined): string | undefined => (typeof v === 'string' ? v : v === undefined || v === null ? undefined : JSON.stringify(v));
const obj = (v: JsonValue | undefined): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v : undefined);
const arr = (v: JsonValue | undefined): Obj[] => (Array.isArray(v) ? v.filter((x): x is Obj => !!obj(x)) : []);

function channelColumn(model: ChannelModel, card: Obj, findings: Diagnostic[], sources: SourceMap, chips: Chips, mode: PreviewMode): ChannelColumn {
  const payload = model.translate(card);
  // In template mode a template's own text is not what the channel receives: problems of
  // values still holding a template are left to the sample mode.
  const problems = model.validate(payload).filter((p) => mode === 'sample' || !textOf(valueAt(payload, p.path)).includes('${'));
  const drawing = draw(payload, card, sources, chips);
  const told = changed(model.id, findings, problems);
  // A dropped field a finding already tells about (inside the same action) is told once.
  const within = (r: SourceRange | undefined, outer: SourceRange | undefined) => !!r && !!outer && r.offset >= outer.offset && r.offset + r.length <= outer.offset + outer.length;
  const reasons = [
    ...rejected(problems, findings),
    ...shortened(model, card, problems, sources),
    ...told,
    ...dropped(model, card, sources).filter((d) => !told.some((f) => within(f.range, d.range))),
  ];
  const verdict = reasons.reduce<Verdict>((v, r) => (RANK[r.verdict] < RANK[v] ? r.verdict : v), 'sent');
  return { channel: model.id, name: model.name, note: model.note, verdict, reasons, ...drawing, approximate: APPROXIMATE[model.id] ?? APPROXIMATE_DEFAULT, payload };
}

function overrideColumn(model: ChannelModel, override: { file: string; text: string }, data: SampleData | undefined): ChannelColumn {
  const channel = model.id;
  // The sibling's native format is not in the specification: it is shown as the JSON it renders to.
  const r = renderMessage(parseJsonDocument(override.text), data);
  const shown = r.json ?? override.text;
  return {
    channel, name: model.name, note: model.note, verdict: 'override',
    reasons: [{ verdict: 'override', message: `${override.file} replaces this message on ${model.name}.` }],
    layout: 'override', messageType: `${override.file}, sent as written`, buttons: [], chips: [],
    override: { file: override.file, text: shown },
    approximate: 'The channel-specific file is shown as its rendered JSON: its native format is not drawn.',
    payload: r.value,
  };
}

type Drawing = Pick<ChannelColumn, 'layout' | 'messageType' | 'media' | 'title' | 'subtitle' | 'body' | 'buttons' | 'chips'>;

function media(url: string | undefined, card: Obj, sources: SourceMap, shape: { height?: number; aspect?: number }): DrawnMedia | undefined {
  if (url === undefined) return undefined;
  let host: string | undefined;
  let https = false;
  try {
    const u = new URL(url);
    host = u.hostname || undefined;
    https = u.protocol === 'https:';
  } catch {
    // Not a URL (a template left as written, or a broken value): drawn without a host.
  }
  return { ...shape, url, host, https, altText: s(obj(card.richMedia)?.altText), source: sources.media };
}

/**
 * The drawing of a channel's payload, chosen by the payload's shape (not the channel's id), so
 * a channel added later with a known shape is drawn at once: Messenger's generic template,
 * a rich card (Google Business Messages, and RCS's inside its contentMessage), WhatsApp's
 * interactive, text or image message. Any other payload is drawn from the universal card,
 * and says so in its message type.
 */
function draw(payload: Obj, card: Obj, sources: SourceMap, chips: Chips): Drawing {
  const inside = (i: number) => sources.action('insideActions', i);
  const float = (i: number) => sources.action('floatActions', i);
  const text = (v: JsonValue | undefined, src?: SourceRange) => (v === undefined ? undefined : chips.text(s(v) ?? '', src));
  const button = (label: JsonValue | undefined, action: DrawnButton['action'], target: string | undefined, src: SourceRange | undefined): DrawnButton => ({ label: chips.text(s(label) ?? '', src), action, target, source: src });

  if (obj(payload.attachment)) {
    const el = arr(obj(obj(payload.attachment)?.payload)?.elements)[0] ?? {};
    return {
      layout: 'generic', messageType: 'generic template',
      media: media(s(el.image_url), card, sources, { aspect: MESSENGER_ASPECT }),
      title: text(el.title, sources.title), subtitle: text(el.subtitle, sources.description),
      buttons: arr(el.buttons).map((b, i) => b.type === 'web_url' ? button(b.title, 'url', s(b.url), inside(i)) : b.type === 'phone_number' ? button(b.title, 'call', s(b.payload), inside(i)) : button(b.title, 'reply', undefined, inside(i))),
      chips: arr(payload.quick_replies).map((q, i) => button(q.title, 'reply', undefined, float(i))),
    };
  }
  const message = obj(payload.contentMessage) ?? payload;
  if (obj(message.richCard)) {
    const content = obj(obj(obj(message.richCard)?.standaloneCard)?.cardContent) ?? {};
    const m = obj(content.media);
    const suggestion = (x: Obj, src: SourceRange | undefined) => {
      const action = obj(x.action);
      if (action && obj(action.openUrlAction)) return button(action.text, 'url', s(obj(action.openUrlAction)!.url), src);
      if (action && obj(action.dialAction)) return button(action.text, 'call', s(obj(action.dialAction)!.phoneNumber), src);
      return button(obj(x.reply)?.text ?? action?.text, 'reply', undefined, src);
    };
    return {
      layout: 'richCard', messageType: 'rich card',
      media: m ? media(s(obj(m.contentInfo)?.fileUrl) ?? '', card, sources, { height: MEDIA_HEIGHT[s(m.height) ?? ''] ?? MEDIA_HEIGHT.MEDIUM }) : undefined,
      title: text(content.title, sources.title), subtitle: text(content.description, sources.description),
      buttons: arr(content.suggestions).map((x, i) => suggestion(x, inside(i))),
      chips: arr(message.suggestions).map((x, i) => suggestion(x, float(i))),
    };
  }
  const whatsappShape = (payload.type === 'text' && obj(payload.text)) || (payload.type === 'image' && obj(payload.image)) || (payload.type === 'interactive' && obj(payload.interactive));
  if (!whatsappShape) {
    const m = obj(card.richMedia);
    return {
      layout: 'generic', messageType: 'card (drawn from the universal message: no drawing of this channel\'s payload yet)',
      media: m ? media(s(m.fileUrl) ?? '', card, sources, { height: MEDIA_HEIGHT[s(m.height) ?? ''] }) : undefined,
      title: text(card.title, sources.title), subtitle: text(card.description, sources.description),
      buttons: arr(card.insideActions).map((a, i) => button(a.display, a.type === 'click' ? 'url' : a.type === 'call' ? 'call' : 'reply', s(a.url ?? a.phoneNumber), inside(i))),
      chips: arr(card.floatActions).map((a, i) => button(a.display, 'reply', undefined, float(i))),
    };
  }
  // WhatsApp: an interactive button message, or a text or image message without actions.
  const insideCount = Array.isArray(card.insideActions) ? card.insideActions.length : 0;
  const buttonSource = (i: number) => (i < insideCount ? inside(i) : float(i - insideCount));
  if (payload.type === 'text') {
    return { layout: 'text', messageType: 'text message (the card has no actions)', body: text(obj(payload.text)?.body, sources.title), buttons: [], chips: [] };
  }
  if (payload.type === 'image') {
    const image = obj(payload.image) ?? {};
    return { layout: 'image', messageType: 'image message (the card has no actions)', media: media(s(image.link) ?? '', card, sources, { aspect: MESSENGER_ASPECT }), body: text(image.caption, sources.title), buttons: [], chips: [] };
  }
  const interactive = obj(payload.interactive) ?? {};
  const header = obj(interactive.header);
  return {
    layout: 'interactive', messageType: 'interactive button message',
    media: header ? media(s(obj(header.image)?.link) ?? '', card, sources, { aspect: MESSENGER_ASPECT }) : undefined,
    title: text(obj(interactive.body)?.text, sources.title), subtitle: text(obj(interactive.footer)?.text, sources.description),
    buttons: arr(obj(interactive.action)?.buttons).map((b, i) => button(obj(b.reply)?.title, 'reply', undefined, buttonSource(i))),
    chips: [],
  };
}

// --- verdicts ------------------------------------------------------------------------------

function findingRange(d: Diagnostic): SourceRange {
  return { offset: d.offset, length: d.length };
}

/**
 * What the API rejects, told by the findings that explain it (each once, in source order),
 * and by the API's own words for a problem no finding explains (a property test holds that
 * there is none, but the preview does not hide one if it appears).
 */
function rejected(problems: ApiProblem[], findings: Diagnostic[]): VerdictReason[] {
  const rules = new Set(problems.flatMap((p) => p.explainedBy));
  const out: VerdictReason[] = findings
    .filter((f) => rules.has(f.rule))
    .map((f) => ({ verdict: 'rejected' as const, message: f.message, rule: f.rule, range: findingRange(f) }));
  for (const p of problems) {
    if (!findings.some((f) => p.explainedBy.includes(f.rule))) out.push({ verdict: 'rejected', message: `Rejected by the API: ${p.message}` });
  }
  return dedupe(out);
}

/**
 * A channel finding that no API problem backs: the channel accepts the card but sends it
 * otherwise than written (WhatsApp's text-only buttons lose their url): told as "dropped".
 */
function changed(channel: ChannelId, findings: Diagnostic[], problems: ApiProblem[]): VerdictReason[] {
  const explained = new Set(problems.flatMap((p) => p.explainedBy));
  return findings
    .filter((f) => f.channels?.includes(channel) && !explained.has(f.rule) && (f.severity === 'error' || f.severity === 'warning'))
    .map((f) => ({ verdict: 'dropped' as const, message: f.message, rule: f.rule, range: findingRange(f) }));
}

/**
 * Text over the channel's limit that its API still accepts: the app shows it cut short
 * (approximate). None of today's channels accepts such text (their APIs reject it), so this
 * speaks only for a channel whose model limits a field that its `validate` lets through.
 */
function shortened(model: ChannelModel, card: Obj, problems: ApiProblem[], sources: SourceMap): VerdictReason[] {
  if (problems.length > 0) return [];
  const out: VerdictReason[] = [];
  const check = (field: LimitedText, value: JsonValue | undefined, where: string, range: SourceRange | undefined) => {
    const limit = model.text[field];
    if (typeof value !== 'string' || limit === undefined) return;
    const n = codePointLength(value);
    if (n > limit) out.push({ verdict: 'shortened', message: `${where} has ${n} characters: ${model.name} shows about ${limit} and cuts the rest (approximate).`, range });
  };
  check('title', card.title, 'title', sources.title);
  check('description', card.description, 'description', sources.description);
  for (const list of ['insideActions', 'floatActions'] as const) {
    arr(card[list]).forEach((a, i) => check('display', a.display, `${list}[${i}].display`, sources.action(list, i)));
  }
  return out;
}

/**
 * The fields the channel's translation drops (`ChannelModel.dropped`) that this card has:
 * `richMedia.altText`, `insideActions[].url`, `insideActions[].payload (click and call)`.
 */
function dropped(model: ChannelModel, card: Obj, sources: SourceMap): VerdictReason[] {
  const out: VerdictReason[] = [];
  const fields: string[] = [];
  for (const entry of model.dropped) {
    const paren = entry.indexOf(' (');
    const path = paren < 0 ? entry : entry.slice(0, paren);
    const only = paren < 0 ? undefined : entry.slice(paren + 2, -1).split(/ and |, /).map((w) => w.trim());
    const listAt = path.indexOf('[].');
    if (listAt >= 0) {
      const list = path.slice(0, listAt) as 'insideActions' | 'floatActions';
      const field = path.slice(listAt + 3);
      arr(card[list]).forEach((a, i) => {
        if (a[field] === undefined || (only && !only.includes(s(a.type) ?? 'reply'))) return;
        out.push({ verdict: 'dropped', message: `${model.name} drops ${list}[${i}].${field}${only ? ` of a ${s(a.type)} action` : ''}.`, range: sources.action(list, i) });
      });
      continue;
    }
    const [head, field] = path.split('.');
    const holder = field === undefined ? card : obj(card[head]);
    if (holder && holder[field ?? head] !== undefined) fields.push(path);
  }
  // The card's own fields the channel drops, in one reason (on richMedia, where they all are).
  if (fields.length > 0) out.unshift({ verdict: 'dropped', message: `${model.name} drops ${joinList(fields)}.`, range: fields.every((f) => f.startsWith('richMedia.')) ? sources.media : undefined });
  return out;
}

function dedupe(reasons: VerdictReason[]): VerdictReason[] {
  const seen = new Set<string>();
  return reasons.filter((r) => {
    const k = `${r.message}@${r.range?.offset}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The value at a payload path such as `interactive.action.buttons[3].reply.title`. */
function valueAt(payload: JsonValue, path: string): JsonValue | undefined {
  let v: JsonValue | undefined = payload;
  for (const part of path.split('.')) {
    const bracket = part.indexOf('[');
    const name = bracket < 0 ? part : part.slice(0, bracket);
    if (name) v = obj(v)?.[name];
    if (bracket >= 0) {
      const index = Number(part.slice(bracket + 1, part.indexOf(']', bracket)));
      v = Array.isArray(v) ? v[index] : undefined;
    }
    if (v === undefined) return undefined;
  }
  return v;
}

// --- the Integrations form -----------------------------------------------------------------

interface FormControl {
  key: string;
  label: string;
  /** String → text, Text → textarea, Boolean → switch, options → select. */
  control: 'text' | 'textarea' | 'switch' | 'select';
  /** The default value: text for text fields and selections, true/false for a switch. */
  value: string | boolean;
  placeholder?: string;
  options?: { value: string; label: string }[];
  source: SourceRange;
}

export interface FormPreview {
  kind: 'form';
  /** The provider's label, or "Integrations" for a Configuration Meta file. */
  title: string;
  /** A private-deploy provider's note. */
  note?: string;
  controls: FormControl[];
  error?: { message: string; offset: number | undefined };
  notice?: string;
}

export const PRIVATE_DEPLOY_NOTE = 'Private deploy: the platform cannot host a chatbot that uses this provider; its generated project must be exported, built and deployed by the builder.';

/** The Integrations form as the platform renders a Configuration Meta array (spec: Rendering). */
export function previewForm(text: string, language: LanguageId, config: ResolvedConfig = DEFAULT_CONFIG): FormPreview {
  if (text.length > config.maxFileSize) {
    return { kind: 'form', title: 'Integrations', controls: [], notice: `This file has ${formatCount(text.length)} characters, over maxFileSize (${formatCount(config.maxFileSize)}): no preview.` };
  }
  const doc = parseJsonDocument(text);
  const provider = language === 'native-provider' ? providerOf(doc) : undefined;
  const title = (provider && plainString(doc, provider.props.get('label'))) || 'Integrations';
  const note = provider && plainString(doc, provider.props.get('deployMode')) === 'private' ? PRIVATE_DEPLOY_NOTE : undefined;
  const error = doc.syntax.length > 0 ? { message: syntaxMessage(doc.syntax[0]), offset: doc.syntax[0].offset } : undefined;
  const meta = configMetaOf(doc, language);
  const controls: FormControl[] = [];
  for (const entry of meta?.entries ?? []) {
    const str = (name: string) => plainString(doc, entry.props.get(name));
    const key = str('key') ?? `entry ${entry.index + 1}`;
    const label = str('label') ?? labelFromKey(key);
    const type = str('type');
    const fallback = str('default_value');
    const placeholder = str('placeholder');
    const source = range(entry.node);
    if (entry.optionsArray) {
      const options = entry.options.map((o) => {
        const value = plainString(doc, o.props.get('value')) ?? '';
        return { value, label: plainString(doc, o.props.get('label')) ?? value };
      });
      controls.push({ key, label, control: 'select', value: fallback ?? options[0]?.value ?? '', options, placeholder, source });
    } else if (type === 'Boolean') {
      controls.push({ key, label, control: 'switch', value: fallback === 'true', source });
    } else {
      controls.push({ key, label, control: type === 'Text' ? 'textarea' : 'text', value: fallback ?? '', placeholder, source });
    }
  }
  return { kind: 'form', title, note, controls, error };
}

/** A payload value as text, for the template check (objects never hold a template's text themselves). */
function textOf(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
