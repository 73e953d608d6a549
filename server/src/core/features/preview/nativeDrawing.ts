/**
 * Drawing a channel-specific message in native form (NAME.<channel>.umsg, rendered): the
 * channel's own message as the app shows it, chosen by the payload's shape as `draw` does for
 * a translated card: WhatsApp's text, media and interactive messages (reply buttons, the list
 * with its sheet of sections and rows, the URL button); Messenger's templates (one card, a
 * carousel, the button template), media and quick replies; Google's and RCS's rich cards and
 * carousels with their suggestions. Each drawn element's source is its place in the sibling
 * file (the same path in the document; every copy of a dynamic list body stands at the body).
 */
import { arr, Chips, drawnMedia, MEDIA_HEIGHT, MESSENGER_ASPECT, obj, s, type Drawing } from './drawing';
import type { Obj } from '../../channels';
import type { JsonValue } from '../../template/templateEval';
import type { DrawnButton, DrawnCard, DrawnList, DrawnMedia, DrawnText, SourceRange } from './viewModel';

type NativeDrawing = Drawing & { header?: DrawnText; cards?: DrawnCard[]; list?: DrawnList };

type Path = (string | number)[];
/** Where a path of the message stands in the sibling's source. */
type SourceAt = (path: Path) => SourceRange | undefined;

/** Undefined when the payload has no shape this file draws: the column then shows the JSON. */
export function drawNative(payload: Obj, sourceAt: SourceAt, chips: Chips): NativeDrawing | undefined {
  const text = (v: JsonValue | undefined, path: Path): DrawnText | undefined =>
    (v === undefined ? undefined : chips.text(s(v) ?? '', sourceAt(path)));
  const button = (label: JsonValue | undefined, action: DrawnButton['action'], target: string | undefined, path: Path): DrawnButton =>
    ({ label: chips.text(s(label) ?? '', sourceAt(path)), action, target, source: sourceAt(path) });
  const image = (url: JsonValue | undefined, path: Path, shape: { height?: number; aspect?: number }): DrawnMedia | undefined =>
    (url === undefined ? undefined : drawnMedia(s(url) ?? '', shape, undefined, sourceAt(path)));

  // WhatsApp: `type` names the field that carries the message.
  const type = s(payload.type);
  const d: Draw = { source: sourceAt, text, button, image };
  if (type !== undefined && obj(payload[type])) return whatsapp(payload, type, d);
  // Messenger: text or an attachment, with quick replies.
  if (obj(payload.attachment) || (typeof payload.text === 'string' && !('suggestions' in payload))) {
    return messenger(payload, d);
  }
  // Google Business Messages and RCS: a rich card, text, an image, with suggestions.
  if (obj(payload.richCard) || typeof payload.text === 'string' || obj(payload.image) || obj(payload.contentInfo)) {
    return google(payload, d);
  }
  return undefined;
}

interface Draw {
  source: SourceAt;
  text(v: JsonValue | undefined, path: Path): DrawnText | undefined;
  button(label: JsonValue | undefined, action: DrawnButton['action'], target: string | undefined, path: Path): DrawnButton;
  image(url: JsonValue | undefined, path: Path, shape: { height?: number; aspect?: number }): DrawnMedia | undefined;
}

function whatsapp(payload: Obj, type: string, d: Draw): NativeDrawing | undefined {
  const content = obj(payload[type])!;
  if (type === 'text') {
    return { layout: 'text', messageType: 'text message', body: d.text(content.body, ['text', 'body']), buttons: [], chips: [] };
  }
  if (type === 'image' || type === 'video' || type === 'document' || type === 'sticker') {
    return {
      layout: 'image',
      messageType: `${type} message`,
      media: d.image(content.link ?? content.id ?? '', [type], { aspect: MESSENGER_ASPECT }),
      body: d.text(content.caption, [type, 'caption']),
      buttons: [],
      chips: [],
    };
  }
  if (type !== 'interactive') return undefined;
  const kind = s(content.type);
  const at = (...rest: Path): Path => ['interactive', ...rest];
  const header = obj(content.header);
  const headerType = s(header?.type);
  const headerMedia = header && headerType && headerType !== 'text' ? obj(header[headerType]) : undefined;
  const common = {
    media: headerMedia ? d.image(headerMedia.link ?? headerMedia.id ?? '', at('header'), { aspect: MESSENGER_ASPECT }) : undefined,
    header: headerType === 'text' ? d.text(header!.text, at('header', 'text')) : undefined,
    title: d.text(obj(content.body)?.text, at('body', 'text')),
    subtitle: d.text(obj(content.footer)?.text, at('footer', 'text')),
    chips: [],
  };
  const action = obj(content.action) ?? {};
  if (kind === 'button') {
    return {
      ...common,
      layout: 'interactive',
      messageType: 'interactive reply buttons',
      buttons: arr(action.buttons).map((b, i) => d.button(obj(b.reply)?.title, 'reply', undefined, at('action', 'buttons', i))),
    };
  }
  if (kind === 'cta_url') {
    const p = obj(action.parameters) ?? {};
    return {
      ...common,
      layout: 'interactive',
      messageType: 'interactive URL button',
      buttons: [d.button(p.display_text, 'url', s(p.url), at('action', 'parameters'))],
    };
  }
  if (kind === 'list') {
    const list: DrawnList = {
      button: d.text(action.button, at('action', 'button')) ?? { segments: [], text: '', length: 0 },
      sections: arr(action.sections).map((section, i) => ({
        title: d.text(section.title, at('action', 'sections', i, 'title')),
        source: d.source(at('action', 'sections', i)),
        rows: arr(section.rows).map((row, j) => {
          const rowAt = at('action', 'sections', i, 'rows', j);
          return {
            title: d.text(row.title, [...rowAt, 'title']) ?? { segments: [], text: '', length: 0 },
            description: d.text(row.description, [...rowAt, 'description']),
            source: d.source(rowAt),
          };
        }),
      })),
    };
    return { ...common, layout: 'list', messageType: 'interactive list message', buttons: [], list };
  }
  return undefined;
}

function messenger(payload: Obj, d: Draw): NativeDrawing | undefined {
  const chips = arr(payload.quick_replies).map((q, i) => d.button(q.title ?? q.content_type, 'reply', undefined, ['quick_replies', i]));
  const attachment = obj(payload.attachment);
  if (!attachment) {
    return { layout: 'text', messageType: 'text message', body: d.text(payload.text, ['text']), buttons: [], chips };
  }
  const at = (...rest: Path): Path => ['attachment', 'payload', ...rest];
  const p = obj(attachment.payload) ?? {};
  const buttons = (list: JsonValue | undefined, path: Path) => arr(list).map((b, i) => {
    const where = [...path, 'buttons', i];
    if (b.type === 'web_url') return d.button(b.title, 'url', s(b.url), where);
    if (b.type === 'phone_number') return d.button(b.title, 'call', s(b.payload), where);
    return d.button(b.title ?? b.type, 'reply', undefined, where);
  });
  if (attachment.type !== 'template') {
    return {
      layout: 'image',
      messageType: `${s(attachment.type) ?? 'file'} attachment`,
      media: d.image(p.url ?? p.attachment_id ?? '', ['attachment', 'payload'], { aspect: MESSENGER_ASPECT }),
      buttons: [],
      chips,
    };
  }
  if (p.template_type === 'button') {
    return {
      layout: 'generic', messageType: 'button template', body: d.text(p.text, at('text')), buttons: buttons(p.buttons, at()), chips,
    };
  }
  if (p.template_type === 'media') {
    const el = arr(p.elements)[0] ?? {};
    return {
      layout: 'generic',
      messageType: 'media template',
      media: d.image(el.url ?? el.attachment_id ?? '', at('elements', 0), { aspect: MESSENGER_ASPECT }),
      buttons: buttons(el.buttons, at('elements', 0)),
      chips,
    };
  }
  const elements = arr(p.elements);
  const card = (el: Obj, i: number): DrawnCard => ({
    media: d.image(el.image_url, at('elements', i, 'image_url'), { aspect: MESSENGER_ASPECT }),
    title: d.text(el.title, at('elements', i, 'title')),
    subtitle: d.text(el.subtitle, at('elements', i, 'subtitle')),
    buttons: buttons(el.buttons, at('elements', i)),
    source: d.source(at('elements', i)),
  });
  if (elements.length === 1) {
    const one = card(elements[0], 0);
    return { layout: 'generic', messageType: 'generic template', ...one, chips };
  }
  return {
    layout: 'carousel',
    messageType: `generic template, a carousel of ${elements.length}`,
    buttons: [],
    chips,
    cards: elements.map(card),
  };
}

function google(payload: Obj, d: Draw): NativeDrawing {
  const suggestion = (x: Obj, path: Path): DrawnButton => {
    const action = obj(x.action);
    if (action && obj(action.openUrlAction)) return d.button(action.text, 'url', s(obj(action.openUrlAction)!.url), path);
    if (action && obj(action.dialAction)) return d.button(action.text, 'call', s(obj(action.dialAction)!.phoneNumber), path);
    return d.button(obj(x.reply)?.text ?? action?.text ?? '', 'reply', undefined, path);
  };
  const chips = arr(payload.suggestions).map((x, i) => suggestion(x, ['suggestions', i]));
  const card = (content: Obj, path: Path): DrawnCard => {
    const m = obj(content.media);
    return {
      media: m ? d.image(obj(m.contentInfo)?.fileUrl ?? m.fileName ?? '', [...path, 'media'], {
        height: MEDIA_HEIGHT[s(m.height) ?? ''] ?? MEDIA_HEIGHT.MEDIUM,
      }) : undefined,
      title: d.text(content.title, [...path, 'title']),
      subtitle: d.text(content.description, [...path, 'description']),
      buttons: arr(content.suggestions).map((x, i) => suggestion(x, [...path, 'suggestions', i])),
      source: d.source(path),
    };
  };
  const rich = obj(payload.richCard);
  const standalone = obj(obj(rich?.standaloneCard)?.cardContent);
  if (standalone) {
    const drawn = card(standalone, ['richCard', 'standaloneCard', 'cardContent']);
    return { layout: 'richCard', messageType: 'standalone rich card', ...drawn, chips };
  }
  const carousel = obj(rich?.carouselCard);
  if (carousel) {
    const contents = arr(carousel.cardContents);
    return {
      layout: 'carousel',
      messageType: `rich card carousel of ${contents.length}`,
      buttons: [],
      chips,
      cards: contents.map((c, i) => card(c, ['richCard', 'carouselCard', 'cardContents', i])),
    };
  }
  const file = obj(obj(payload.image)?.contentInfo) ?? obj(payload.contentInfo);
  if (file) {
    const path = obj(payload.image) ? ['image', 'contentInfo'] : ['contentInfo'];
    return { layout: 'image', messageType: 'image message', media: d.image(file.fileUrl ?? '', path, {}), buttons: [], chips };
  }
  return { layout: 'text', messageType: 'text message', body: d.text(payload.text, ['text']), buttons: [], chips };
}
