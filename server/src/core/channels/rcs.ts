/**
 * RCS Business Messaging (RBM): Google's live successor of Google Business Messages, with the
 * same rich card model. Not in the specification and not translated by any of the platform's
 * published plugins yet, so it is off by default and its findings are advisory.
 *
 * What the RBM API rejects in a translated card is judged by its native format (`native/rcs.ts`,
 * the model that checks NAME.rcs.umsg). Limits (defined once there, beside the page), from Google's
 * RBM reference and the RCS limits other senders publish: card title 200 characters,
 * description 2,000 (Google's reference says "at most 200 bytes" and "2000 bytes" for the
 * Dialogflow RBM card: umsg counts code points, like the other channels, and says so in its
 * docs), 4 suggestions on a card, 11 suggestion chips on a message, suggestion text 25
 * characters, postback data 2,048; at least one of title, description and media; a dial
 * action's number in E.164 (`+` and digits). Thumbnails: at most 100 KB (50 KB recommended),
 * stated in hover, not fetched.
 */
import { cardExplainers, cardProblems, suggestion } from './gbm';
import { cardActions, cardMedia, clean, Problems, str, type ChannelModel, type Obj } from './model';
import { RCS_LIMITS as API, rcsFormat } from './native/rcs';
import { validateNativeValue } from './native/walk';

const TEXT = { title: API.cardTitle, description: API.cardDescription, display: API.suggestionText, payload: API.postbackData } as const;
const COUNT = { insideActions: API.cardSuggestions, floatActions: API.messageSuggestions } as const;

function translate(card: Obj): Obj {
  const m = cardMedia(card);
  const suggestions = cardActions(card, 'insideActions').map(suggestion);
  const floats = cardActions(card, 'floatActions').map((a) => clean({ reply: { text: a.display, postbackData: a.payload } }));
  return clean({
    contentMessage: {
      richCard: {
        standaloneCard: {
          cardOrientation: 'VERTICAL',
          cardContent: {
            title: str(card.title),
            description: str(card.description),
            media: m
              ? {
                height: str(m.height),
                contentInfo: {
                  fileUrl: str(m.fileUrl),
                  thumbnailUrl: str(m.thumbnailUrl),
                  forceRefresh: typeof m.forceRefresh === 'boolean' ? m.forceRefresh : undefined,
                },
              }
              : undefined,
            suggestions: suggestions.length > 0 ? suggestions : undefined,
          },
        },
      },
      suggestions: floats.length > 0 ? floats : undefined,
    },
  });
}

/**
 * What the RBM API rejects in a translated card: the native format's verdict on the content
 * message (the model that checks NAME.rcs.umsg), each problem with the card's rules that
 * explain it; and the card's own requirements (shared with Google Business Messages), with
 * blank titles, descriptions and postback data.
 */
function validate(payload: Obj): ReturnType<ChannelModel['validate']> {
  const p = new Problems();
  const message = (payload.contentMessage as Obj | undefined) ?? {};
  for (const problem of validateNativeValue(message, rcsFormat, 'RCS')) {
    p.add(problem.path ? `contentMessage.${problem.path}` : 'contentMessage', problem.message, cardExplainers(problem));
  }
  const at = 'contentMessage.richCard.standaloneCard.cardContent';
  const content = ((((message.richCard as Obj | undefined)?.standaloneCard as Obj | undefined)?.cardContent) as Obj | undefined) ?? {};
  for (const key of ['title', 'description']) {
    const value = content[key];
    if (typeof value === 'string' && value.trim().length === 0) p.add(`${at}.${key}`, `${at}.${key} must not be empty.`, ['empty-text']);
  }
  cardProblems(p, at, content, message.suggestions, true);
  return p.list;
}

export const rcs: ChannelModel = {
  id: 'rcs',
  name: 'RCS',
  note: 'RCS Business Messaging is not in the specification and no platform plugin translates to it yet: its findings are advisory, ' +
    'and the channel is off by default.',
  defaultSeverity: 'off',
  countingUnit: 'code points',
  text: TEXT,
  count: COUNT,
  insideTextOnly: false,
  uniqueButtons: false,
  callNumberDigitsOnly: true,
  floatPayloadRequired: true,
  thumbnailLimit: '100 KB (50 KB recommended)',
  sentAs: {
    title: 'card title',
    description: 'card description',
    richMedia: 'media.height and contentInfo (fileUrl, thumbnailUrl, forceRefresh); altText dropped',
    floatActions: 'message-level suggestion chips (11 at most)',
    actions: {
      reply: 'suggested reply (text, postbackData)',
      click: 'suggested action with openUrlAction',
      call: 'suggested action with dialAction; + and digits only',
    },
  },
  dropped: ['richMedia.altText'],
  translate,
  validate,
};
