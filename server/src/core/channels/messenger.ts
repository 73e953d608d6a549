/**
 * Messenger (channel A of the specification): a card is one element of a generic template;
 * inside actions become its buttons, float actions become quick replies. What the Send API
 * rejects in a translated card is judged by Messenger's native format (`native/messenger.ts`,
 * the model that checks NAME.messenger.umsg, with the pages that state each fact), which also
 * holds the limits (the same as the specification's).
 */
import type { JsonValue } from '../template/templateEval';
import { cardActions, cardMedia, clean, Problems, str, type ChannelModel, type Obj } from './model';
import { MESSENGER_LIMITS as API, messengerFormat } from './native/messenger';
import { validateNativeValue, type NativeProblem } from './native/walk';

const TEXT = { title: API.elementTitle, description: API.elementSubtitle, display: API.buttonTitle, payload: API.payload } as const;
const COUNT = { insideActions: API.buttons, floatActions: API.quickReplies } as const;

function translate(card: Obj): Obj {
  const m = cardMedia(card);
  const buttons = cardActions(card, 'insideActions').map((a) => {
    if (a.type === 'click') return { type: 'web_url', title: a.display, url: a.url };
    if (a.type === 'call') return { type: 'phone_number', title: a.display, payload: a.phoneNumber };
    return { type: 'postback', title: a.display, payload: a.payload };
  });
  const quickReplies = cardActions(card, 'floatActions').map((a) => ({ content_type: 'text', title: a.display, payload: a.payload }));
  return clean({
    attachment: {
      type: 'template',
      payload: {
        template_type: 'generic',
        elements: [{
          title: str(card.title),
          subtitle: str(card.description),
          image_url: m ? str(m.fileUrl) : undefined,
          buttons: buttons.length > 0 ? buttons : undefined,
        }],
      },
    },
    quick_replies: quickReplies.length > 0 ? quickReplies : undefined,
  });
}

const TITLE = ['card-required', 'empty-text', 'value-type'] as const;
const MEDIA = ['media-url', 'media-required'] as const;
const BUTTON = ['action-required', 'empty-text', 'value-type', 'action-url', 'phone-number', 'channel-limit'] as const;
const QUICK_REPLY = ['action-required', 'empty-text', 'value-type', 'channel-limit'] as const;

/**
 * What the Send API rejects in a translated card: the native format's verdict on the payload
 * (the model that checks NAME.messenger.umsg), each problem with the card's rules that explain
 * it, by the part of the card it comes from; and the texts the card's rules report when blank.
 */
function validate(payload: Obj): ReturnType<ChannelModel['validate']> {
  const p = new Problems();
  for (const problem of validateNativeValue(payload, messengerFormat, 'Messenger')) {
    p.add(problem.path, problem.message, explainers(problem));
  }
  const element = ((payload.attachment as Obj | undefined)?.payload as Obj | undefined)?.elements;
  const el = (Array.isArray(element) ? element[0] : undefined) as Obj | undefined;
  const at = 'attachment.payload.elements[0]';
  blank(p, `${at}.title`, el?.title, TITLE);
  ((el?.buttons as Obj[] | undefined) ?? []).forEach((b, i) => {
    blank(p, `${at}.buttons[${i}].title`, b.title, BUTTON);
    if (b.type === 'postback') blank(p, `${at}.buttons[${i}].payload`, b.payload, BUTTON);
  });
  ((payload.quick_replies as Obj[] | undefined) ?? []).forEach((q, i) => {
    blank(p, `quick_replies[${i}].title`, q.title, QUICK_REPLY);
    blank(p, `quick_replies[${i}].payload`, q.payload, QUICK_REPLY);
  });
  return p.list;
}

function explainers(problem: NativeProblem): readonly string[] {
  const path = problem.path.replace(/\[\d+\]/g, '[]');
  if (path.endsWith('.image_url')) return MEDIA;
  if (problem.rule === 'channel-limit' && !problem.short) return ['channel-limit'];
  if (path.startsWith('quick_replies[]')) return QUICK_REPLY;
  if (path.includes('.buttons[]')) return BUTTON;
  return TITLE;
}

/** A text the card gives that is there but blank: the card's rules report it as missing. */
function blank(p: Problems, path: string, value: JsonValue | undefined, rules: readonly string[]): void {
  if (typeof value === 'string' && value.trim().length === 0) p.add(path, `${path} must not be blank.`, rules);
}

export const messenger: ChannelModel = {
  id: 'messenger',
  name: 'Messenger',
  defaultSeverity: 'warning',
  countingUnit: 'code points',
  text: TEXT,
  count: COUNT,
  insideTextOnly: false,
  uniqueButtons: false,
  callNumberDigitsOnly: true,
  floatPayloadRequired: true,
  sentAs: {
    title: 'title',
    description: 'subtitle',
    richMedia: 'image_url = fileUrl; height, altText, thumbnailUrl, forceRefresh dropped',
    floatActions: 'quick replies (content_type text, title, payload)',
    actions: {
      reply: 'postback button (title: display, payload)',
      click: 'web_url button (title, url); payload dropped',
      call: 'phone_number button (title, payload: phoneNumber); + and digits only',
    },
  },
  dropped: [
    'richMedia.height',
    'richMedia.altText',
    'richMedia.thumbnailUrl',
    'richMedia.forceRefresh',
    'insideActions[].payload (click and call)',
  ],
  translate,
  validate,
};
