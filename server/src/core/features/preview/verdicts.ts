/**
 * A column's verdict and its reasons: sent, shortened, rejected, dropped, or replaced by a
 * channel-specific file. Each reason comes from the check's findings or from the channel
 * model's `validate`, never from a judgement of the preview's own.
 */
import { joinList, type ApiProblem, type ChannelId, type ChannelModel, type LimitedText, type Obj } from '../../channels';
import type { Diagnostic } from '../../check/severities';
import { codePointLength } from '../../util/codePoints';
import type { JsonValue } from '../../template/templateEval';
import { SourceMap, arr, obj, s } from './drawing';
import type { SourceRange, Verdict, VerdictReason } from './viewModel';

export const VERDICT_RANK: Record<Verdict, number> = { override: 0, rejected: 1, shortened: 2, dropped: 3, sent: 4 };

function findingRange(d: Diagnostic): SourceRange {
  return { offset: d.offset, length: d.length };
}

/**
 * What the API rejects, told by the findings that explain it (each once, in source order),
 * and by the API's own words for a problem no finding explains (a property test holds that
 * there is none, but the preview does not hide one if it appears).
 */
export function rejected(problems: ApiProblem[], findings: Diagnostic[]): VerdictReason[] {
  const rules = new Set(problems.flatMap((p) => p.explainedBy));
  const out: VerdictReason[] = findings
    .filter((f) => rules.has(f.rule))
    .map((f) => ({ verdict: 'rejected' as const, message: f.message, rule: f.rule, range: findingRange(f) }));
  for (const p of problems) {
    if (!findings.some((f) => p.explainedBy.includes(f.rule))) out.push({
      verdict: 'rejected',
      message: `Rejected by the API: ${p.message}`,
    });
  }
  return dedupe(out);
}

/**
 * A channel finding that no API problem backs: the channel accepts the card but sends it
 * otherwise than written (WhatsApp's text-only buttons lose their url): told as "dropped".
 */
export function changed(channel: ChannelId, findings: Diagnostic[], problems: ApiProblem[]): VerdictReason[] {
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
export function shortened(model: ChannelModel, card: Obj, problems: ApiProblem[], sources: SourceMap): VerdictReason[] {
  if (problems.length > 0) return [];
  const out: VerdictReason[] = [];
  const check = (field: LimitedText, value: JsonValue | undefined, where: string, range: SourceRange | undefined) => {
    const limit = model.text[field];
    if (typeof value !== 'string' || limit === undefined) return;
    const n = codePointLength(value);
    if (n > limit) out.push({
      verdict: 'shortened',
      message: `${where} has ${n} characters: ${model.name} shows about ${limit} and cuts the rest (approximate).`,
      range,
    });
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
export function dropped(model: ChannelModel, card: Obj, sources: SourceMap): VerdictReason[] {
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
        out.push({
          verdict: 'dropped',
          message: `${model.name} drops ${list}[${i}].${field}${only ? ` of a ${s(a.type)} action` : ''}.`,
          range: sources.action(list, i),
        });
      });
      continue;
    }
    const [head, field] = path.split('.');
    const holder = field === undefined ? card : obj(card[head]);
    if (holder && holder[field ?? head] !== undefined) fields.push(path);
  }
  // The card's own fields the channel drops, in one reason (on richMedia, where they all are).
  if (fields.length > 0) out.unshift({
    verdict: 'dropped',
    message: `${model.name} drops ${joinList(fields)}.`,
    range: fields.every((f) => f.startsWith('richMedia.')) ? sources.media : undefined,
  });
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
export function valueAt(payload: JsonValue, path: string): JsonValue | undefined {
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

export function textOf(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
