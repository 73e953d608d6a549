/**
 * Messenger (channel A of the specification): a card is one element of a generic template;
 * inside actions become its buttons, float actions become quick replies. The limits are
 * Messenger's own (`native/messenger.ts`, with the pages that state them), the same as the
 * specification's; the API facts (required title, + and digits for a call button, a
 * non-empty quick reply payload) are from the platform's channel plugin and Messenger's
 * Send API reference.
 */
import { isPlusDigits } from '../model/phoneNumber';
import { cardActions, cardMedia, clean, Problems, str, type ChannelModel, type Obj } from './model';
import { MESSENGER_LIMITS as API } from './native/messenger';

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

function validate(payload: Obj): ReturnType<ChannelModel['validate']> {
  const p = new Problems();
  const element = ((payload.attachment as Obj | undefined)?.payload as Obj | undefined)?.elements as Obj[] | undefined;
  const el = element?.[0] ?? {};
  const at = 'attachment.payload.elements[0]';
  p.text(`${at}.title`, el.title, TEXT.title, ['card-required', 'empty-text', 'value-type']);
  p.optionalText(`${at}.subtitle`, el.subtitle, TEXT.description);
  if (el.image_url !== undefined) p.url(`${at}.image_url`, el.image_url, ['media-url', 'media-required']);
  const buttons = (el.buttons as Obj[] | undefined) ?? [];
  p.count(`${at}.buttons`, buttons, COUNT.insideActions);
  buttons.forEach((b, i) => {
    const bp = `${at}.buttons[${i}]`;
    p.text(`${bp}.title`, b.title, TEXT.display, ['action-required', 'empty-text', 'value-type']);
    if (b.type === 'web_url') p.url(`${bp}.url`, b.url, ['action-required', 'action-url']);
    else if (b.type === 'phone_number') {
      if (typeof b.payload !== 'string' || !isPlusDigits(b.payload)) p.add(
        `${bp}.payload`,
        `${bp}.payload must be a phone number of + and digits only.`,
        ['action-required', 'phone-number', 'channel-limit'],
      );
    } else p.text(`${bp}.payload`, b.payload, TEXT.payload, ['action-required', 'empty-text', 'value-type']);
  });
  const quick = (payload.quick_replies as Obj[] | undefined) ?? [];
  p.count('quick_replies', quick, COUNT.floatActions);
  quick.forEach((q, i) => {
    p.text(`quick_replies[${i}].title`, q.title, TEXT.display, ['action-required', 'empty-text', 'value-type']);
    p.text(`quick_replies[${i}].payload`, q.payload, TEXT.payload, ['action-required', 'channel-limit', 'value-type']);
  });
  return p.list;
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
