/**
 * The preview of a message: one column per target channel (the view model is in viewModel.ts).
 * Pure: text, sample data and configuration in, plain data out (sent to the webview as JSON).
 *
 * The preview holds no checking logic of its own. Each column draws the payload the channel
 * model translates (`ChannelModel.translate`, the payload `umsg render --channel` prints), and
 * its verdict comes from the check's findings and the model's `validate`, filtered per channel
 * as `channelRender.ts` does. What the preview adds is only drawing data: which text goes where,
 * where each drawn element came from in the source (for source sync), and templates as chips.
 */
import { CHANNEL_IDS, CHANNELS, type ChannelId, type ChannelModel, type Obj } from '../../channels';
import { checkDocument } from '../../check/run';
import type { Diagnostic } from '../../check/severities';
import { configForChannel, DEFAULT_CONFIG, type ResolvedConfig } from '../../findings/config';
import { listRepeats, placementOf, renderedList, type DynamicList } from '../../template/dynamicList';
import { parseJsonDocument, type JsonDocument, type Node } from '../../syntax/jsonDocument';
import { renderMessage, type SampleData } from '../../template/render';
import { buildRichCard } from '../../model/richCard';
import { syntaxMessage } from '../../rules/syntax';
import { templateProblemMessage } from '../../rules/template-syntax';
import { parsePath, type JsonValue } from '../../template/templateEval';
import { formatCount } from '../../util/count';
import { Chips, SourceMap, draw, range, sourceIndex } from './drawing';
import { columnEvents } from './events';
import { drawNative } from './nativeDrawing';
import { messageForm, NATIVE_FORMATS } from '../../channels/native';
import { nativeCountLimit } from '../../channels/native/place';
import { getNodePath } from 'jsonc-parser';
import { nodeAtPath } from '../../syntax/nodes';
import { VERDICT_RANK, changed, dropped, rejected, shortened, textOf, valueAt } from './verdicts';
import type { ChannelColumn, ListChoice, MessageInput, MessagePreview, PreviewMode, SourceRange, Verdict, VerdictReason } from './viewModel';

/** The longest list the stepper draws: beyond every channel's count limit, small enough to draw. */
const MAX_LIST_LENGTH = 20;

const APPROXIMATE_DEFAULT = 'Approximate: fonts, line wrapping, image crops and where the app cuts long text differ by device.';
const APPROXIMATE: Partial<Record<ChannelId, string>> = {
  messenger: 'Approximate: fonts, line wrapping and where the app cuts long text differ by device; the image is cropped to 1.91:1.',
  gbm: 'Approximate: fonts and line wrapping differ by device; media heights are the API\'s SHORT 112, MEDIUM 168 and TALL 264 px.',
  whatsapp: 'Approximate: fonts, line wrapping and the image header\'s crop differ by device.',
};

/** The preview of a universal message: one column per target channel. */
export function previewMessage(input: MessageInput): MessagePreview {
  const config = input.config ?? DEFAULT_CONFIG;
  const mode: PreviewMode = input.mode ?? 'sample';
  const { text } = input;
  const models = (input.channels ?? CHANNEL_IDS.map((c) => CHANNELS[c])).filter((m) => config.channels[m.id] !== 'off');
  const targets = models.map((m) => m.id);
  if (text.length > config.maxFileSize) {
    return {
      kind: 'message',
      mode,
      columns: [],
      unevaluated: [],
      notice: `This file has ${formatCount(text.length)} characters, over maxFileSize (${formatCount(config.maxFileSize)}): no preview.`,
    };
  }
  const doc = parseJsonDocument(text);
  const card = buildRichCard(doc);
  const list = listChoice(doc, input.sample, mode, input.listLength, (l) => (l.listName
    ? CHANNEL_IDS.map((c) => CHANNELS[c].count[l.listName!]).filter((n): n is number => n !== undefined)
    : undefined));
  // What the check sees: the sample (with the chosen list length) in sample mode, nothing in
  // template mode. What render sees: the same, except that in template mode a chosen list
  // length is drawn with elements that have no value, so `it` stays a chip.
  const sample = mode === 'sample' ? withList(input.sample, list, 'sample') : undefined;
  const renderData = mode === 'sample' ? sample : withList(undefined, list, 'template');
  const overridden = targets.filter((c) => input.overrides?.[c]);
  // The check reads the parse made above: a second parse of a 3.9 MB message was 0.2 s more.
  const checked = checkDocument(text, 'universal-message', { config, sample, overriddenChannels: overridden, parsed: doc });
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
    return {
      ...base,
      error: { message: rendered.error ?? 'A universal message renders to a JSON object.', offset: undefined },
      columns: [],
      unevaluated,
    };
  }
  const chips = new Chips(rendered.unevaluated.map((u) => `\${${u.expression}}`));
  const sources = new SourceMap(card, value);
  const columns = models.map((model) => {
    const channel = model.id;
    const override = input.overrides?.[channel];
    if (override) return siblingColumn(model, override, { config, mode, sample, renderData });
    // The findings that bear on this channel, as channelRender.ts selects them.
    const findings = checked.diagnostics.filter((d) => (d.channels?.length
      ? d.channels.includes(channel)
      : d.severity === 'error' || d.severity === 'warning'));
    return channelColumn(model, value, findings, sources, chips, mode);
  });
  return { ...base, columns, unevaluated };
}

/**
 * A channel-specific message NAME.<channel>.umsg previewed on its own: in universal form its
 * channel's card (as previewMessage draws it for that channel alone); in native form the
 * channel's own message, drawn as the column of a sibling is.
 */
export function previewChannelMessage(input: MessageInput & { channel: ChannelId; file: string }): MessagePreview {
  const config = input.config ?? DEFAULT_CONFIG;
  const model = CHANNELS[input.channel];
  const doc = parseJsonDocument(input.text);
  const native = input.text.length <= config.maxFileSize && doc.syntax.length === 0 && doc.scan.problems.length === 0 &&
    doc.root?.type === 'object' && messageForm(doc) === 'native';
  if (!native) return previewMessage({ ...input, config: configForChannel(config, input.channel), channels: [model] });
  const mode: PreviewMode = input.mode ?? 'sample';
  // The dynamic list's length is chosen as for a universal message; its edge is the count of
  // the format's array that holds the body (WhatsApp's 10 rows, Messenger's 10 cards).
  const list = listChoice(doc, input.sample, mode, input.listLength, (l) => {
    if (!listRepeats(l, 'array')) return undefined;
    const format = NATIVE_FORMATS[input.channel];
    const limit = format && l.array ? nativeCountLimit(format, doc, getNodePath(l.array)) : undefined;
    return limit !== undefined ? [limit] : [];
  });
  const sample = mode === 'sample' ? withList(input.sample, list, 'sample') : undefined;
  const renderData = mode === 'sample' ? sample : withList(undefined, list, 'template');
  const column = siblingColumn(model, { file: input.file, text: input.text }, { config, mode, sample, renderData });
  const own: VerdictReason = { verdict: 'override', message: `${input.file} is ${model.name}'s own message, sent as written.` };
  return {
    kind: 'message', mode, list: list?.choice, columns: [{ ...column, reasons: [own, ...column.reasons.slice(1)] }], unevaluated: [],
  };
}

// --- the dynamic list's length -------------------------------------------------------------

interface ListPlan {
  choice: ListChoice;
  /** The path the list expression names, when it is a plain path (`dishes`, `menu.today`). */
  path: string[] | undefined;
  elements: JsonValue[];
}

/**
 * The list's length to draw. `limits` gives the count limits of the list the body repeats in
 * (undefined: the body does not repeat there, so there is no length to choose).
 */
function listChoice(
  doc: JsonDocument,
  data: SampleData | undefined,
  mode: PreviewMode,
  wanted: number | undefined,
  limits: (list: DynamicList) => number[] | undefined,
): ListPlan | undefined {
  const list = renderedList(doc);
  const edges = list ? limits(list) : undefined;
  if (!list || !edges) return undefined;
  const parsed = parsePath(list.list);
  const path = parsed && parsed.root !== 'it' && parsed.steps.every((s) => s.kind === 'field')
    ? [parsed.root, ...parsed.steps.map((s) => (s as { name: string }).name)]
    : undefined;
  const found = path ? valueAtPath(data, path) : undefined;
  const elements = Array.isArray(found) ? found : [];
  const sampleLength = Array.isArray(found) ? found.length : undefined;
  // N shows the limit edge: the sample's own length when it has more than two, else one past
  // the largest count limit of any channel for this list.
  const n = sampleLength !== undefined && sampleLength > 2 ? sampleLength : Math.max(3, ...edges) + 1;
  const fallback = mode === 'sample' && sampleLength !== undefined ? sampleLength : 1;
  const length = path && wanted !== undefined && Number.isInteger(wanted) ? Math.max(0, Math.min(MAX_LIST_LENGTH, wanted)) : fallback;
  return {
    choice: {
      expression: list.list,
      sampleLength,
      length,
      choices: [...new Set([0, 1, 2, n])],
      adjustable: !!path,
      source: { offset: list.each.start, length: list.each.end - list.each.start },
    },
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


function channelColumn(
  model: ChannelModel,
  card: Obj,
  findings: Diagnostic[],
  sources: SourceMap,
  chips: Chips,
  mode: PreviewMode,
): ChannelColumn {
  const payload = model.translate(card);
  // In template mode a template's own text is not what the channel receives: problems of
  // values still holding a template are left to the sample mode.
  const problems = model.validate(payload).filter((p) => mode === 'sample' || !textOf(valueAt(payload, p.path)).includes('${'));
  const drawing = draw(payload, card, sources, chips);
  const told = changed(model.id, findings, problems);
  // A dropped field a finding already tells about (inside the same action) is told once.
  const within = (r: SourceRange | undefined, outer: SourceRange | undefined) =>
    !!r && !!outer && r.offset >= outer.offset && r.offset + r.length <= outer.offset + outer.length;
  const reasons = [
    ...rejected(problems, findings),
    ...shortened(model, card, problems, sources),
    ...told,
    ...dropped(model, card, sources).filter((d) => !told.some((f) => within(f.range, d.range))),
  ];
  const verdict = reasons.reduce<Verdict>((v, r) => (VERDICT_RANK[r.verdict] < VERDICT_RANK[v] ? r.verdict : v), 'sent');
  return {
    channel: model.id,
    name: model.name,
    note: model.note,
    verdict,
    reasons,
    ...drawing,
    events: columnEvents(model),
    approximate: APPROXIMATE[model.id] ?? APPROXIMATE_DEFAULT,
    payload,
  };
}

interface SiblingInput {
  config: ResolvedConfig;
  mode: PreviewMode;
  /** What the check sees (sample mode only). */
  sample: SampleData | undefined;
  /** What render sees. */
  renderData: SampleData | undefined;
}

/**
 * The column of a channel with its own NAME.<channel>.umsg: in universal form, that file drawn
 * as the channel's card; in native form, the channel's own message drawn as the app shows it,
 * its verdict from the native check's findings on that file. Its source ranges are offsets in
 * that file (`file`).
 */
function siblingColumn(model: ChannelModel, override: { file: string; text: string }, input: SiblingInput): ChannelColumn {
  const channel = model.id;
  const replaces: VerdictReason = { verdict: 'override', message: `${override.file} replaces this message on ${model.name}.` };
  const doc = parseJsonDocument(override.text);
  if (doc.syntax.length > 0 || doc.scan.problems.length > 0 || doc.root?.type !== 'object') {
    return overrideColumn(model, override, input.renderData);
  }
  if (messageForm(doc) === 'universal') {
    const [column] = previewMessage({
      text: override.text,
      sample: input.sample,
      config: configForChannel(input.config, channel),
      mode: input.mode,
      channels: [model],
    }).columns;
    if (!column) return overrideColumn(model, override, input.renderData);
    return { ...column, reasons: [replaces, ...column.reasons], file: override.file };
  }
  // The channel's own format: the dynamic list repeats in any of its arrays, as render prints it.
  const rendered = renderMessage(doc, input.renderData, 'array');
  const value = rendered.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return overrideColumn(model, override, input.renderData);
  const chips = new Chips(rendered.unevaluated.map((u) => `\${${u.expression}}`));
  const drawing = drawNative(value, nativeSource(doc, rendered.listLength), chips);
  if (!drawing) return overrideColumn(model, override, input.renderData);
  const checked = checkDocument(override.text, 'universal-message', {
    config: input.config,
    sample: input.sample,
    channelSpecific: channel,
    parsed: doc,
  });
  const reasons: VerdictReason[] = [replaces];
  for (const d of checked.diagnostics) {
    const at = { offset: d.offset, length: d.length };
    if (d.rule === 'native-platform-field') reasons.push({ verdict: 'dropped', message: d.message, rule: d.rule, range: at });
    else if (d.severity === 'error' || d.severity === 'warning') {
      reasons.push({ verdict: 'rejected', message: d.message, rule: d.rule, range: at });
    }
  }
  // Replaced, and sent as written unless the channel rejects (or the platform replaces) part of it.
  const problems = reasons.slice(1);
  const verdict = problems.length === 0
    ? 'override'
    : problems.reduce<Verdict>((v, r) => (VERDICT_RANK[r.verdict] < VERDICT_RANK[v] ? r.verdict : v), 'sent');
  return {
    channel,
    name: model.name,
    note: model.note,
    verdict,
    reasons,
    ...drawing,
    messageType: `${drawing.messageType} (${override.file})`,
    events: columnEvents(model),
    approximate: APPROXIMATE[channel] ?? APPROXIMATE_DEFAULT,
    payload: value,
    file: override.file,
  };
}

/**
 * Where a path of a rendered native message stands in its source: every copy of the dynamic
 * list body stands at the body, the elements after it where they are written.
 */
function nativeSource(doc: JsonDocument, listLength: number | undefined): (path: (string | number)[]) => SourceRange | undefined {
  const list = renderedList(doc);
  const repeats = list && listRepeats(list, 'array') ? list : undefined;
  // Without a list in the sample data the body renders once.
  const copies = listLength ?? 1;
  const body = repeats?.array?.children?.indexOf(repeats.elements[0]) ?? -1;
  const index = (array: Node, i: number) => (repeats && array === repeats.array ? sourceIndex(i, body, copies) : i);
  return (path) => {
    const node = nodeAtPath(doc.root, path, index);
    return node ? range(node) : undefined;
  };
}

/** A sibling that cannot be drawn (it does not parse, or its shape is not drawn): shown as the JSON it renders to. */
function overrideColumn(model: ChannelModel, override: { file: string; text: string }, data: SampleData | undefined): ChannelColumn {
  const channel = model.id;
  const doc = parseJsonDocument(override.text);
  const r = renderMessage(doc, data, placementOf(messageForm(doc)));
  const shown = r.json ?? override.text;
  return {
    channel, name: model.name, note: model.note, verdict: 'override',
    reasons: [{ verdict: 'override', message: `${override.file} replaces this message on ${model.name}.` }],
    layout: 'override', messageType: `${override.file}, sent as written`, buttons: [], chips: [],
    override: { file: override.file, text: shown },
    events: columnEvents(model),
    approximate: 'The channel-specific file is shown as its rendered JSON: umsg does not draw this shape.',
    payload: r.value,
  };
}
