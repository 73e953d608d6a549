/**
 * WhatsApp (channel C of the specification): an interactive message of type button, with the
 * media as an image header, the title as the body and the description as the footer, and
 * every action, inside then float, as a reply button: "text only", so click and call lose
 * their url and phoneNumber. The Cloud API takes 1 to 3 reply buttons with unique titles
 * (20 characters) and ids (256).
 *
 * What the API rejects in a translated card is judged by WhatsApp's native format
 * (native/whatsapp.ts), the model that checks NAME.whatsapp.umsg, which also holds the limits.
 *
 * Two cards that message type cannot carry are sent as another type (docs/decisions.md):
 * - without richMedia, the interactive message has no header (the header is optional; an
 *   image header without a link is rejected);
 * - without any action, the card is a text message (`title`, a blank line, `description`),
 *   or with richMedia an image message with that text as its caption (1,024 characters).
 */
import { cardActions, cardMedia, clean, Problems, str, type ChannelModel, type Obj } from './model';
import { validateNativeValue, type NativeProblem } from './native/walk';
import { whatsappNative, WHATSAPP_LIMITS as LIMITS } from './native/whatsapp';
import type { JsonValue } from '../template/templateEval';

/** The card's fields as the interactive message carries them: body, footer, reply button title and id. */
const TEXT = { title: LIMITS.interactiveBody, description: LIMITS.footer, display: LIMITS.buttonTitle, payload: LIMITS.buttonId } as const;
const COUNT = { insideActions: LIMITS.replyButtons, floatActions: undefined } as const;
const MAX_BUTTONS = LIMITS.replyButtons;
/** WhatsApp's limits for the message types a card without actions becomes. */
const WHATSAPP_CAPTION_MAX = LIMITS.caption;

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

/**
 * What the Cloud API rejects in a translated card: the native format's verdict on the
 * payload (the same model that checks NAME.whatsapp.umsg), each problem with the universal
 * rules whose findings explain it in the card; and a text of white space only, which the
 * card's empty-text rule reports.
 */
function validate(payload: Obj): ReturnType<ChannelModel['validate']> {
  const p = new Problems();
  for (const problem of validateNativeValue(payload, whatsappNative, 'WhatsApp')) {
    p.add(problem.path, problem.message, explainers(problem));
  }
  for (const [path, value, rules] of blankable(payload)) {
    if (typeof value === 'string' && value.length > 0 && value.trim().length === 0) p.add(path, `${path} must not be blank.`, rules);
  }
  return p.list;
}

/** The card's rules that report a missing or empty part, by the payload field it becomes (`[]`: any index). */
const MISSING: Readonly<Record<string, readonly string[]>> = {
  'text': ['card-required', 'empty-text', 'value-type'],
  'text.body': ['card-required', 'empty-text', 'value-type'],
  'interactive.body': ['card-required', 'empty-text', 'value-type'],
  'interactive.body.text': ['card-required', 'empty-text', 'value-type'],
  'interactive.footer.text': ['empty-text'],
  'interactive.action.buttons[].reply.title': ['action-required', 'empty-text', 'value-type'],
  'interactive.action.buttons[].reply.id': ['action-required', 'empty-text', 'value-type', 'channel-limit'],
};
const MEDIA = ['media-url', 'media-required'] as const;

function explainers(problem: NativeProblem): readonly string[] {
  const path = problem.path.replace(/\[\d+\]/g, '[]');
  if (path === 'image' || path.endsWith('.link') || path.endsWith('image')) return MEDIA;
  if (problem.rule === 'native-required' || problem.rule === 'value-type' || problem.short) return MISSING[path] ?? ['channel-limit'];
  return ['channel-limit'];
}

/** The texts of a translated card that the card's rules report when blank: path, value, explaining rules. */
function blankable(payload: Obj): [string, JsonValue | undefined, readonly string[]][] {
  const at = (o: JsonValue | undefined, key: string): JsonValue | undefined =>
    (o && typeof o === 'object' && !Array.isArray(o) ? o[key] : undefined);
  const interactive = at(payload, 'interactive');
  const buttons = at(at(interactive, 'action'), 'buttons');
  return [
    ['text.body', at(at(payload, 'text'), 'body'), MISSING['text.body']],
    ['interactive.body.text', at(at(interactive, 'body'), 'text'), MISSING['interactive.body.text']],
    ['interactive.footer.text', at(at(interactive, 'footer'), 'text'), MISSING['interactive.footer.text']],
    ...(Array.isArray(buttons) ? buttons : []).flatMap((b, i): [string, JsonValue | undefined, readonly string[]][] => [
      [`interactive.action.buttons[${i}].reply.title`, at(at(b, 'reply'), 'title'), MISSING['interactive.action.buttons[].reply.title']],
      [`interactive.action.buttons[${i}].reply.id`, at(at(b, 'reply'), 'id'), MISSING['interactive.action.buttons[].reply.id']],
    ]),
  ];
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
