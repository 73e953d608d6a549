/**
 * Google Business Messages (channel B of the specification): a standalone rich card with
 * message-level suggestions and a fallback text. The service stopped on 31 July 2024; the
 * channel stays because the specification names it. The limits and media heights are the
 * Business Messages reference's (`native/gbm.ts`, the same as the specification's); the API
 * facts (card suggestions) from the platform's plugin and that reference.
 */
import { isGlobalNumber } from '../model/phoneNumber';
import { cardActions, cardMedia, clean, Problems, str, type CardAction, type ChannelModel, type Obj } from './model';
import { GBM_LIMITS as API, GBM_MEDIA_HEIGHTS } from './native/gbm';

const TEXT = { title: API.cardTitle, description: API.cardDescription, display: API.suggestionText, payload: API.postbackData } as const;
const COUNT = { insideActions: API.cardSuggestions, floatActions: API.messageSuggestions } as const;
const HEIGHTS: ReadonlySet<string> = new Set(GBM_MEDIA_HEIGHTS);

/**
 * A card action as a suggestion: a reply, or an action that opens a URL or dials. RCS Business
 * Messaging (rcs.ts) takes the same shape.
 */
export function suggestion(a: CardAction): Obj {
  if (a.type === 'click') return clean({ action: { text: a.display, postbackData: a.payload, openUrlAction: { url: a.url } } });
  if (a.type === 'call') return clean({ action: { text: a.display, postbackData: a.payload, dialAction: { phoneNumber: a.phoneNumber } } });
  return clean({ reply: { text: a.display, postbackData: a.payload } });
}

function translate(card: Obj): Obj {
  const m = cardMedia(card);
  const suggestions = cardActions(card, 'insideActions').map(suggestion);
  const floats = cardActions(card, 'floatActions').map((a) => ({ reply: { text: a.display, postbackData: a.payload } }));
  const fileUrl = m ? str(m.fileUrl) : undefined;
  return clean({
    richCard: {
      standaloneCard: {
        cardContent: {
          title: str(card.title),
          description: str(card.description),
          media: m ? { height: str(m.height), contentInfo: { fileUrl } } : undefined,
          suggestions: suggestions.length > 0 ? suggestions : undefined,
        },
      },
    },
    suggestions: floats.length > 0 ? floats : undefined,
    fallback: [str(card.title), str(card.description), fileUrl].filter((x) => x !== undefined).join(', '),
  });
}

function validate(payload: Obj): ReturnType<ChannelModel['validate']> {
  const p = new Problems();
  const at = 'richCard.standaloneCard.cardContent';
  const content = (((payload.richCard as Obj | undefined)?.standaloneCard as Obj | undefined)?.cardContent as Obj | undefined) ?? {};
  p.optionalText(`${at}.title`, content.title, TEXT.title);
  p.optionalText(`${at}.description`, content.description, TEXT.description);
  if (content.title === undefined && content.description === undefined && content.media === undefined) {
    p.add(at, 'A card needs a title, a description or media.', ['card-required']);
  }
  const media = content.media as Obj | undefined;
  if (media) {
    if (typeof media.height !== 'string' || !HEIGHTS.has(media.height)) p.add(
      `${at}.media.height`,
      `${at}.media.height must be SHORT, MEDIUM or TALL.`,
      ['media-height', 'media-required'],
    );
    p.url(`${at}.media.contentInfo.fileUrl`, (media.contentInfo as Obj | undefined)?.fileUrl, ['media-url', 'media-required']);
  }
  const suggestions = (content.suggestions as Obj[] | undefined) ?? [];
  p.count(`${at}.suggestions`, suggestions, COUNT.insideActions);
  suggestions.forEach((s, i) => {
    const sp = `${at}.suggestions[${i}]`;
    const inner = (s.reply ?? s.action) as Obj;
    const kind = s.reply ? 'reply' : 'action';
    p.text(`${sp}.${kind}.text`, inner.text, TEXT.display, ['action-required', 'empty-text', 'value-type']);
    p.text(`${sp}.${kind}.postbackData`, inner.postbackData, TEXT.payload, ['action-required', 'empty-text', 'value-type']);
    const open = inner.openUrlAction as Obj | undefined;
    if (open) p.url(`${sp}.action.openUrlAction.url`, open.url, ['action-required', 'action-url']);
    const dial = inner.dialAction as Obj | undefined;
    if (dial && (typeof dial.phoneNumber !== 'string' || !isGlobalNumber(dial.phoneNumber))) {
      p.add(
        `${sp}.action.dialAction.phoneNumber`,
        'dialAction.phoneNumber must be an RFC 3966 global number.',
        ['action-required', 'phone-number'],
      );
    }
  });
  const floats = (payload.suggestions as Obj[] | undefined) ?? [];
  p.count('suggestions', floats, COUNT.floatActions);
  floats.forEach((s, i) => {
    const r = (s.reply ?? {}) as Obj;
    p.text(`suggestions[${i}].reply.text`, r.text, TEXT.display, ['action-required', 'empty-text', 'value-type']);
    p.optionalText(`suggestions[${i}].reply.postbackData`, r.postbackData, TEXT.payload);
  });
  return p.list;
}

export const gbm: ChannelModel = {
  id: 'gbm',
  name: 'Google Business Messages',
  note: 'Google Business Messages stopped in July 2024; RCS Business Messaging keeps the same card and is its live successor (channel ' +
    '`rcs`), so this channel stays for the specification.',
  defaultSeverity: 'warning',
  countingUnit: 'code points',
  text: TEXT,
  count: COUNT,
  insideTextOnly: false,
  uniqueButtons: false,
  callNumberDigitsOnly: false,
  floatPayloadRequired: false,
  sentAs: {
    title: 'card title',
    description: 'card description',
    richMedia: 'media.height and contentInfo.fileUrl; the rest dropped',
    floatActions: 'message-level suggestions',
    actions: {
      reply: 'suggested reply (text, postbackData)',
      click: 'suggested action with openUrlAction',
      call: 'suggested action with dialAction',
    },
  },
  dropped: ['richMedia.altText', 'richMedia.thumbnailUrl', 'richMedia.forceRefresh'],
  translate,
  validate,
};
