/**
 * "Create a channel-specific message": the text of NAME.<channel>.umsg in the channel's native
 * form, made from NAME.umsg by the channel's own translation (what the channel receives today),
 * with every template kept as written, so that a builder starts from that and adds what only
 * the channel has.
 *
 * The translation works on values, not on text, so each template is carried through it as a
 * unique placeholder string: inside a string the placeholder stands where the template stood;
 * a template in place of a whole value becomes a string holding only its placeholder. After
 * the translation each placeholder is replaced by its template's source text (a whole-value
 * template again without quotes when the value is still the placeholder alone).
 */
import { parse } from 'jsonc-parser';
import { CHANNELS, type ChannelId, type Obj } from '../channels';
import type { JsonDocument } from '../syntax/jsonDocument';

export type ChannelMessageDraft =
  | { ok: true; text: string }
  | { ok: false; reason: string };

/**
 * Where a translation holds the message that NAME.<channel>.umsg holds, when it wraps it: RCS's
 * translation is the agent message, and its native form is the content message inside.
 */
const NATIVE_ROOT: Partial<Record<ChannelId, string>> = { rcs: 'contentMessage' };

/** Characters a placeholder is made of: private-use code points, the first one the message does not hold. */
const MARKS = ['\uE000', '\uE001', '\uE002', '\uE003', '\uF8F0', '\uF8F1', '\uF8F2', '\uF8F3'];

/**
 * Why no channel-specific message can be made from the message, or undefined when one can: a
 * cheap look at the parse, for offering the action without translating anything.
 */
export function channelMessageBlocker(doc: JsonDocument): string | undefined {
  if (doc.tooDeep || doc.syntax.length > 0 || doc.scan.problems.length > 0) return 'The message has syntax problems: fix them first.';
  if (doc.scan.markers.length > 0) return 'A message with a dynamic list (// @each) cannot be translated with its list kept.';
  if (doc.root?.type !== 'object') return 'The message is not a JSON object.';
  if (!placeholderMark(doc)) return 'The message holds every placeholder character umsg could use.';
  return undefined;
}

function placeholderMark(doc: JsonDocument): string | undefined {
  return MARKS.find((m) => !doc.text.includes(m));
}

export function channelMessageDraft(doc: JsonDocument, channel: ChannelId): ChannelMessageDraft {
  const blocker = channelMessageBlocker(doc);
  if (blocker !== undefined) return { ok: false, reason: blocker };
  const mark = placeholderMark(doc)!;

  // The source with each outermost template replaced by its placeholder.
  const templates: { source: string; whole: boolean }[] = [];
  let substituted = '';
  let from = 0;
  for (const t of doc.scan.templates) {
    if (t.start < from) continue; // inside a template already replaced
    const placeholder = `${mark}${templates.length}${mark}`;
    templates.push({ source: doc.text.slice(t.start, t.end), whole: !t.inString });
    substituted += doc.text.slice(from, t.start) + (t.inString ? placeholder : JSON.stringify(placeholder));
    from = t.end;
  }
  substituted += doc.text.slice(from);

  const card = parse(substituted) as Obj;
  const translated = CHANNELS[channel].translate(card);
  const inner = NATIVE_ROOT[channel];
  const payload = inner !== undefined && isObject(translated[inner]) ? translated[inner] : translated;
  let text = JSON.stringify(payload, null, 2);
  // A value that is a whole-value template's placeholder alone becomes the template again.
  const whole = new RegExp(`"${mark}(\\d+)${mark}"`, 'g');
  text = text.replace(whole, (all, n: string) => (templates[Number(n)]?.whole ? templates[Number(n)].source : all));
  const inside = new RegExp(`${mark}(\\d+)${mark}`, 'g');
  text = text.replace(inside, (_, n: string) => templates[Number(n)]?.source ?? '');
  // A placeholder a translation cut in two is dropped rather than left as stray characters.
  text = text.split(mark).join('');
  return { ok: true, text: `${text}\n` };
}

function isObject(v: unknown): v is Obj {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
