/**
 * Drawing a channel's payload: which text goes where in the column, where each drawn element
 * came from in the source (for source sync), and templates left as written drawn as chips.
 */
import type { Obj } from '../../channels';
import type { Node } from '../../syntax/jsonDocument';
import { codePointLength } from '../../util/codePoints';
import type { ActionList, RichCard } from '../../model/richCard';
import type { JsonValue } from '../../template/templateEval';
import type { ChannelColumn, DrawnButton, DrawnMedia, DrawnText, Segment, SourceRange } from './viewModel';

export const MEDIA_HEIGHT: Record<string, number> = { SHORT: 112, MEDIUM: 168, TALL: 264 };
export const MESSENGER_ASPECT = 1.91;

/** Splits rendered text at the templates left as written (`${…}`), so they draw as chips. */
export class Chips {
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
export class SourceMap {
  readonly title?: SourceRange;
  readonly description?: SourceRange;
  readonly media?: SourceRange;
  private readonly lists: Record<'insideActions' | 'floatActions', (SourceRange | undefined)[]>;

  constructor(card: RichCard | undefined, rendered: Obj) {
    const valueRange = (name: string) => {
      const n = card?.props.get(name)?.valueNode;
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

export function range(n: Node): SourceRange {
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
    const e = elements[sourceIndex(i, j, copies)];
    return e ? range(e) : undefined;
  });
}

/** Where rendered element `i` of an array stands in the source, the dynamic list body at `j` rendered `copies` times. */
export function sourceIndex(i: number, j: number, copies: number): number {
  return i < j ? i : i < j + copies ? j : i - copies + 1;
}

export const s = (v: JsonValue | undefined): string | undefined =>
  (typeof v === 'string' ? v : v === undefined || v === null ? undefined : JSON.stringify(v));
export const obj = (v: JsonValue | undefined): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v : undefined);
export const arr = (v: JsonValue | undefined): Obj[] => (Array.isArray(v) ? v.filter((x): x is Obj => !!obj(x)) : []);

export type Drawing = Pick<ChannelColumn, 'layout' | 'messageType' | 'media' | 'title' | 'subtitle' | 'body' | 'buttons' | 'chips'>;

function media(
  url: string | undefined,
  card: Obj,
  sources: SourceMap,
  shape: { height?: number; aspect?: number },
): DrawnMedia | undefined {
  if (url === undefined) return undefined;
  return drawnMedia(url, shape, s(obj(card.richMedia)?.altText), sources.media);
}

/** An image drawn from its URL: its host for the placeholder, and whether it may ever be loaded (https). */
export function drawnMedia(
  url: string,
  shape: { height?: number; aspect?: number },
  altText: string | undefined,
  source: SourceRange | undefined,
): DrawnMedia {
  let host: string | undefined;
  let https = false;
  try {
    const u = new URL(url);
    host = u.hostname || undefined;
    https = u.protocol === 'https:';
  } catch {
    // Not a URL (a template left as written, or a broken value): drawn without a host.
  }
  return { ...shape, url, host, https, altText, source };
}

/**
 * The drawing of a channel's payload, chosen by the payload's shape (not the channel's id), so
 * a channel added later with a known shape is drawn at once: Messenger's generic template,
 * a rich card (Google Business Messages, and RCS's inside its contentMessage), WhatsApp's
 * interactive, text or image message. Any other payload is drawn from the universal card,
 * and says so in its message type.
 */
export function draw(payload: Obj, card: Obj, sources: SourceMap, chips: Chips): Drawing {
  const inside = (i: number) => sources.action('insideActions', i);
  const float = (i: number) => sources.action('floatActions', i);
  const text = (v: JsonValue | undefined, src?: SourceRange) => (v === undefined ? undefined : chips.text(s(v) ?? '', src));
  const button = (
    label: JsonValue | undefined,
    action: DrawnButton['action'],
    target: string | undefined,
    src: SourceRange | undefined,
  ): DrawnButton => ({ label: chips.text(s(label) ?? '', src), action, target, source: src });

  if (obj(payload.attachment)) {
    const el = arr(obj(obj(payload.attachment)?.payload)?.elements)[0] ?? {};
    return {
      layout: 'generic', messageType: 'generic template',
      media: media(s(el.image_url), card, sources, { aspect: MESSENGER_ASPECT }),
      title: text(el.title, sources.title), subtitle: text(el.subtitle, sources.description),
      buttons: arr(el.buttons).map((b, i) => b.type === 'web_url'
        ? button(b.title, 'url', s(b.url), inside(i))
        : b.type === 'phone_number' ? button(b.title, 'call', s(b.payload), inside(i)) : button(b.title, 'reply', undefined, inside(i))),
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
      media: m
        ? media(s(obj(m.contentInfo)?.fileUrl) ?? '', card, sources, { height: MEDIA_HEIGHT[s(m.height) ?? ''] ?? MEDIA_HEIGHT.MEDIUM })
        : undefined,
      title: text(content.title, sources.title), subtitle: text(content.description, sources.description),
      buttons: arr(content.suggestions).map((x, i) => suggestion(x, inside(i))),
      chips: arr(message.suggestions).map((x, i) => suggestion(x, float(i))),
    };
  }
  const whatsappShape = (payload.type === 'text' && obj(payload.text)) ||
    (payload.type === 'image' && obj(payload.image)) ||
    (payload.type === 'interactive' && obj(payload.interactive));
  if (!whatsappShape) {
    const m = obj(card.richMedia);
    return {
      layout: 'generic', messageType: 'card (drawn from the universal message: no drawing of this channel\'s payload yet)',
      media: m ? media(s(m.fileUrl) ?? '', card, sources, { height: MEDIA_HEIGHT[s(m.height) ?? ''] }) : undefined,
      title: text(card.title, sources.title), subtitle: text(card.description, sources.description),
      buttons: arr(card.insideActions).map((a, i) => button(
        a.display,
        a.type === 'click' ? 'url' : a.type === 'call' ? 'call' : 'reply',
        s(a.url ?? a.phoneNumber),
        inside(i),
      )),
      chips: arr(card.floatActions).map((a, i) => button(a.display, 'reply', undefined, float(i))),
    };
  }
  // WhatsApp: an interactive button message, or a text or image message without actions.
  const insideCount = Array.isArray(card.insideActions) ? card.insideActions.length : 0;
  const buttonSource = (i: number) => (i < insideCount ? inside(i) : float(i - insideCount));
  if (payload.type === 'text') {
    return {
      layout: 'text',
      messageType: 'text message (the card has no actions)',
      body: text(obj(payload.text)?.body, sources.title),
      buttons: [],
      chips: [],
    };
  }
  if (payload.type === 'image') {
    const image = obj(payload.image) ?? {};
    return {
      layout: 'image',
      messageType: 'image message (the card has no actions)',
      media: media(s(image.link) ?? '', card, sources, { aspect: MESSENGER_ASPECT }),
      body: text(image.caption, sources.title),
      buttons: [],
      chips: [],
    };
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
