/**
 * Google Business Messages (channel B of the specification): a standalone rich card with
 * message-level suggestions and a fallback text. The service stopped on 31 July 2024; the
 * channel stays because the specification names it. What its API rejects in a translated card
 * is judged by its native format (`native/gbm.ts`, the model that checks NAME.gbm.umsg, with
 * the reference's pages), which also holds the limits (the same as the specification's).
 */
import type { JsonValue } from '../template/templateEval';
import { cardActions, cardMedia, clean, Problems, str, type CardAction, type ChannelModel, type Obj } from './model';
import { GBM_LIMITS as API, gbmFormat } from './native/gbm';
import { validateNativeValue, type NativeProblem } from './native/walk';

const TEXT = { title: API.cardTitle, description: API.cardDescription, display: API.suggestionText, payload: API.postbackData } as const;
const COUNT = { insideActions: API.cardSuggestions, floatActions: API.messageSuggestions } as const;

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

const MEDIA = ['media-url', 'media-required'] as const;
const HEIGHT = ['media-height', 'media-required'] as const;
const ACTION = ['action-required', 'empty-text', 'value-type', 'action-url', 'phone-number', 'channel-limit'] as const;

/**
 * What Business Messages rejects in a translated card: the native format's verdict on the
 * payload (the model that checks NAME.gbm.umsg), each problem with the card's rules that
 * explain it; and what the card's rules report that the format does not say: a card with
 * neither title, description nor media, media without a height, a blank suggestion text.
 */
function validate(payload: Obj): ReturnType<ChannelModel['validate']> {
  const p = new Problems();
  for (const problem of validateNativeValue(payload, gbmFormat, 'Google Business Messages')) {
    p.add(problem.path, problem.message, cardExplainers(problem));
  }
  const at = 'richCard.standaloneCard.cardContent';
  const content = (((payload.richCard as Obj | undefined)?.standaloneCard as Obj | undefined)?.cardContent as Obj | undefined) ?? {};
  cardProblems(p, at, content, payload.suggestions);
  return p.list;
}

/** The card's rules that explain a native problem of a translated card, by the part of the card it comes from. */
export function cardExplainers(problem: NativeProblem): readonly string[] {
  const path = problem.path.replace(/\[\d+\]/g, '[]');
  if (path.includes('.media')) return path.endsWith('.height') ? HEIGHT : MEDIA;
  if (problem.rule === 'channel-limit' && !problem.short) return ['channel-limit'];
  if (path.includes('suggestions[]')) return ACTION;
  return ['card-required', 'empty-text', 'value-type'];
}

/**
 * The card's own requirements beside the native format's (RCS's translation shares them): a
 * title, a description or media; a media height; suggestion texts that are not blank.
 */
export function cardProblems(p: Problems, at: string, content: Obj, floats: JsonValue | undefined, blankPostback = false): void {
  if (content.title === undefined && content.description === undefined && content.media === undefined) {
    p.add(at, 'A card needs a title, a description or media.', ['card-required']);
  }
  const media = content.media as Obj | undefined;
  if (media && media.height === undefined) p.add(`${at}.media.height`, `${at}.media.height must be SHORT, MEDIUM or TALL.`, HEIGHT);
  const floatsAt = at.replace(/richCard\.standaloneCard\.cardContent$/, 'suggestions');
  const lists: [string, JsonValue | undefined][] = [[`${at}.suggestions`, content.suggestions], [floatsAt, floats]];
  for (const [path, list] of lists) {
    (Array.isArray(list) ? list : []).forEach((s, i) => {
      const o = (s && typeof s === 'object' && !Array.isArray(s) ? s : {});
      const kind = o.reply ? 'reply' : 'action';
      const inner = (o[kind] ?? {}) as Obj;
      for (const key of blankPostback ? ['text', 'postbackData'] : ['text']) {
        const value = inner[key];
        if (typeof value === 'string' && value.trim().length === 0) {
          p.add(`${path}[${i}].${kind}.${key}`, `${path}[${i}].${kind}.${key} must not be blank.`, ACTION);
        }
      }
    });
  }
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
