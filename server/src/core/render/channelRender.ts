/**
 * What `umsg render --channel C` prints, and why: the message rendered with its sample data,
 * translated by C's channel model, with the check's findings that explain what C does with
 * it or rejects in it. Check and render tell one story: every problem C's API would have with
 * the payload (`ChannelModel.validate`) is explained by one of these findings (a property test
 * holds this), and render repeats them on standard error. The preview reads the same result.
 */
import { CHANNEL_NAMES, CHANNELS, type ApiProblem, type ChannelId } from '../channels';
import { messageForm, NATIVE_FORMATS, validateNativeValue } from '../channels/native';
import { checkDocument } from '../check/run';
import { type Diagnostic } from '../check/severities';
import { DEFAULT_CONFIG, type ResolvedConfig } from '../findings/config';
import { parseJsonDocument } from '../syntax/jsonDocument';
import { placementOf } from '../template/dynamicList';
import { renderMessage, type SampleData, type Unevaluated } from '../template/render';
import { syntaxMessage } from '../rules/syntax';
import { templateProblemMessage } from '../rules/template-syntax';
import type { JsonValue } from '../template/templateEval';

export interface ChannelRender {
  /** The channel's payload (or the rendered message without a channel), when the message renders. */
  value: JsonValue | undefined;
  /** Why nothing could be rendered: the first syntax problem, or invalid rendered JSON. */
  error: { message: string; offset: number | undefined } | undefined;
  unevaluated: Unevaluated[];
  /**
   * The findings that bear on this channel: its own channel findings, and every error or
   * warning that is not about a channel. In source order. Without a channel, the sample-data
   * findings on the message's dynamic list are the ones that explain what is printed.
   */
  findings: Diagnostic[];
  /** What the channel's published API rejects in `value` (each explained by a finding). */
  apiProblems: ApiProblem[];
}

export interface ChannelRenderOptions {
  sample?: SampleData;
  config?: ResolvedConfig;
  /** The channel whose payload to print; without one, the rendered universal message. */
  channel?: ChannelId;
  /**
   * The text is the channel-specific message NAME.<channel>.umsg of this channel: in native
   * form its rendered value is the payload, validated by the channel's native format; in
   * universal form it is translated for that channel alone. `channel` is then not used.
   */
  channelSpecific?: ChannelId;
}

/** The config with `channel` checked even when the config turns it off: it was asked for. */
function withChannelOn(config: ResolvedConfig, channel: ChannelId | undefined): ResolvedConfig {
  if (!channel || config.channels[channel] !== 'off') return config;
  return { ...config, channels: { ...config.channels, [channel]: 'warning' } };
}

export function renderForChannel(text: string, options: ChannelRenderOptions = {}): ChannelRender {
  const { channelSpecific, sample } = options;
  const channel = channelSpecific ?? options.channel;
  const config = withChannelOn(options.config ?? DEFAULT_CONFIG, channel);
  const checked = checkDocument(text, 'universal-message', { config, sample, channelSpecific });
  const findings = checked.diagnostics.filter((d) => (d.channels?.length
    ? !!channel && d.channels.includes(channel)
    : d.severity === 'error' || d.severity === 'warning'));
  const doc = checked.doc ?? parseJsonDocument(text);
  const broken = [
    ...doc.syntax.map((s) => ({ offset: s.offset, message: syntaxMessage(s) })),
    ...doc.scan.problems.map((p) => ({ offset: p.start, message: templateProblemMessage(p) })),
  ].sort((a, b) => a.offset - b.offset);
  if (broken.length > 0) return { value: undefined, error: broken[0], unevaluated: [], findings, apiProblems: [] };
  // In native form the channel receives the rendered object as it is, its dynamic list
  // repeated wherever the format has an array.
  const native = channelSpecific && messageForm(doc) === 'native' ? channelSpecific : undefined;
  const rendered = renderMessage(doc, sample, placementOf(native ? 'native' : 'universal'));
  // A dynamic list over a value that is not a list in the sample data: the sample-data finding
  // on the list says why the body is printed once, in place of the list's unevaluated entry.
  const explained = new Set(findings.filter((f) => f.rule === 'sample-data' && f.length > 0).map((f) => f.offset));
  if (explained.size > 0) rendered.unevaluated = rendered.unevaluated.filter((u) => !explained.has(u.offset));
  if (rendered.value === undefined) return {
    value: undefined,
    error: { message: rendered.error ?? 'The message does not render.', offset: undefined },
    unevaluated: rendered.unevaluated,
    findings,
    apiProblems: [],
  };
  if (!channel) return { value: rendered.value, error: undefined, unevaluated: rendered.unevaluated, findings, apiProblems: [] };
  if (native) {
    // Its problems are the native format's.
    const format = NATIVE_FORMATS[native];
    const apiProblems: ApiProblem[] = format
      ? validateNativeValue(rendered.value, format, CHANNEL_NAMES[native])
        .map((p) => ({ path: p.path, message: p.message, explainedBy: [p.rule] }))
      : [];
    return { value: rendered.value, error: undefined, unevaluated: rendered.unevaluated, findings, apiProblems };
  }
  const card = rendered.value;
  if (!card || typeof card !== 'object' || Array.isArray(card)) {
    return {
      value: undefined,
      error: { message: 'A universal message renders to a JSON object.', offset: undefined },
      unevaluated: rendered.unevaluated,
      findings,
      apiProblems: [],
    };
  }
  const model = CHANNELS[channel];
  const payload = model.translate(card);
  return { value: payload, error: undefined, unevaluated: rendered.unevaluated, findings, apiProblems: model.validate(payload) };
}
