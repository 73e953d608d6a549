/**
 * WhatsApp (channel C of the specification): an interactive message of type button, with the
 * media as an image header, the title as the body and the description as the footer, and
 * every action, inside then float, as a reply button: "text only", so click and call lose
 * their url and phoneNumber. The Cloud API takes 1 to 3 reply buttons with unique titles
 * (20 characters) and ids (256).
 *
 * Two cards that message type cannot carry are sent as another type (docs/decisions.md):
 * - without richMedia, the interactive message has no header (the header is optional; an
 *   image header without a link is rejected);
 * - without any action, the card is a text message (`title`, a blank line, `description`),
 *   or with richMedia an image message with that text as its caption (1,024 characters).
 */
import { cardActions, cardMedia, clean, Problems, str, type ChannelModel, type Obj } from './model';
import { WHATSAPP_LIMITS as LIMITS } from './native/whatsapp';

/** The card's fields as the interactive message carries them: body, footer, reply button title and id. */
const TEXT = { title: LIMITS.interactiveBody, description: LIMITS.footer, display: LIMITS.buttonTitle, payload: LIMITS.buttonId } as const;
const COUNT = { insideActions: LIMITS.replyButtons, floatActions: undefined } as const;
const MAX_BUTTONS = LIMITS.replyButtons;
/** WhatsApp's limits for the message types a card without actions becomes. */
const WHATSAPP_CAPTION_MAX = LIMITS.caption;
const TEXT_BODY_MAX = LIMITS.textBody;

/** The text of a card without actions: title, a blank line, description. */
function cardText(title: string | undefined, description: string | undefined): string {
  return [title, description].filter((x): x is string => x !== undefined && x.length > 0).join('\n\n');
}

function translate(card: Obj): Obj {
  const m = cardMedia(card);
  const buttons = [...cardActions(card, 'insideActions'), ...cardActions(card, 'floatActions')]
    .map((a) => ({ type: 'reply', reply: { id: a.payload, title: a.display } }));
  if (buttons.length === 0) {
    const text = cardText(str(card.title), str(card.description));
    return m
      ? clean({ type: 'image', image: { link: str(m.fileUrl) ?? '', caption: text || undefined } })
      : clean({ type: 'text', text: { body: text } });
  }
  return clean({
    type: 'interactive',
    interactive: {
      type: 'button',
      header: m ? { type: 'image', image: { link: str(m.fileUrl) ?? '' } } : undefined,
      body: { text: str(card.title) },
      footer: card.description === undefined ? undefined : { text: str(card.description) },
      action: { buttons },
    },
  });
}

function validate(payload: Obj): ReturnType<ChannelModel['validate']> {
  const p = new Problems();
  if (payload.type === 'text') {
    p.text('text.body', (payload.text as Obj | undefined)?.body, TEXT_BODY_MAX, ['card-required', 'empty-text', 'value-type']);
    return p.list;
  }
  if (payload.type === 'image') {
    const image = (payload.image as Obj | undefined) ?? {};
    p.url('image.link', image.link, ['media-url', 'media-required']);
    p.optionalText('image.caption', image.caption, WHATSAPP_CAPTION_MAX);
    return p.list;
  }
  const interactive = (payload.interactive as Obj | undefined) ?? {};
  const header = interactive.header as Obj | undefined;
  if (header) p.url('interactive.header.image.link', (header.image as Obj | undefined)?.link, ['media-url', 'media-required']);
  p.text('interactive.body.text', (interactive.body as Obj | undefined)?.text, TEXT.title, ['card-required', 'empty-text', 'value-type']);
  p.optionalText('interactive.footer.text', (interactive.footer as Obj | undefined)?.text, TEXT.description, ['empty-text']);
  const buttons = (((interactive.action as Obj | undefined)?.buttons) as Obj[] | undefined) ?? [];
  p.count('interactive.action.buttons', buttons, MAX_BUTTONS);
  const titles = new Set<string>();
  const ids = new Set<string>();
  buttons.forEach((b, i) => {
    const reply = (b.reply ?? {}) as Obj;
    const bp = `interactive.action.buttons[${i}].reply`;
    p.text(`${bp}.title`, reply.title, TEXT.display, ['action-required', 'empty-text', 'value-type']);
    p.text(`${bp}.id`, reply.id, TEXT.payload, ['action-required', 'empty-text', 'value-type', 'channel-limit']);
    for (const [value, seen, what] of [[reply.title, titles, 'title'], [reply.id, ids, 'id']] as const) {
      if (typeof value !== 'string') continue;
      if (seen.has(value)) p.add(
        `${bp}.${what}`,
        `Button ${what}s must be unique: ${what} ${JSON.stringify(value)} is repeated.`,
        ['channel-limit'],
      );
      seen.add(value);
    }
  });
  return p.list;
}

export const whatsapp: ChannelModel = {
  id: 'whatsapp',
  name: 'WhatsApp',
  defaultSeverity: 'warning',
  countingUnit: 'code points',
  text: TEXT,
  count: COUNT,
  insideTextOnly: true,
  buttonsInAll: MAX_BUTTONS,
  captionWithoutActions: WHATSAPP_CAPTION_MAX,
  uniqueButtons: true,
  callNumberDigitsOnly: false,
  floatPayloadRequired: true,
  sentAs: {
    title: 'body.text',
    description: 'footer.text',
    richMedia: 'image header (link = fileUrl); the rest dropped. ' +
      'Without actions: an image message with title and description as its caption',
    floatActions: `appended after insideActions as more reply buttons (${MAX_BUTTONS} buttons in all)`,
    actions: {
      reply: 'reply button (id: payload, title: display)',
      click: 'plain reply button; url dropped (text only)',
      call: 'plain reply button; phoneNumber dropped (text only)',
    },
  },
  dropped: [
    'richMedia.height',
    'richMedia.altText',
    'richMedia.thumbnailUrl',
    'richMedia.forceRefresh',
    'insideActions[].url',
    'insideActions[].phoneNumber',
  ],
  translate,
  validate,
};
