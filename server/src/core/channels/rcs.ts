/**
 * RCS Business Messaging (RBM): Google's live successor of Google Business Messages, with the
 * same rich card model. Not in the specification and not translated by any of the platform's
 * published plugins yet, so it is off by default and its findings are advisory.
 *
 * Limits (defined once in `native/rcs.ts`, beside the page that states them), from Google's
 * RBM reference and the RCS limits other senders publish: card title 200 characters,
 * description 2,000 (Google's reference says "at most 200 bytes" and "2000 bytes" for the
 * Dialogflow RBM card: umsg counts code points, like the other channels, and says so in its
 * docs), 4 suggestions on a card, 11 suggestion chips on a message, suggestion text 25
 * characters, postback data 2,048; at least one of title, description and media; a dial
 * action's number in E.164 (`+` and digits). Thumbnails: at most 100 KB (50 KB recommended),
 * stated in hover, not fetched.
 */
import { suggestion } from './gbm';
import { isPlusDigits } from '../model/phoneNumber';
import { cardActions, cardMedia, clean, Problems, str, type ChannelModel, type Obj } from './model';
import { RCS_LIMITS as API, RCS_MEDIA_HEIGHTS } from './native/rcs';

const TEXT = { title: API.cardTitle, description: API.cardDescription, display: API.suggestionText, payload: API.postbackData } as const;
const COUNT = { insideActions: API.cardSuggestions, floatActions: API.messageSuggestions } as const;
const HEIGHTS: ReadonlySet<string> = new Set(RCS_MEDIA_HEIGHTS);

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

function validate(payload: Obj): ReturnType<ChannelModel['validate']> {
  const p = new Problems();
  const at = 'contentMessage.richCard.standaloneCard.cardContent';
  const message = (payload.contentMessage as Obj | undefined) ?? {};
  const content = ((((message.richCard as Obj | undefined)?.standaloneCard as Obj | undefined)?.cardContent) as Obj | undefined) ?? {};
  p.optionalText(`${at}.title`, content.title, TEXT.title, ['empty-text']);
  p.optionalText(`${at}.description`, content.description, TEXT.description, ['empty-text']);
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
    const info = (media.contentInfo as Obj | undefined) ?? {};
    p.url(`${at}.media.contentInfo.fileUrl`, info.fileUrl, ['media-url', 'media-required']);
    if (info.thumbnailUrl !== undefined) p.url(`${at}.media.contentInfo.thumbnailUrl`, info.thumbnailUrl, ['media-url']);
  }
  const check = (list: Obj[], path: string, max: number) => {
    p.count(path, list, max);
    list.forEach((s, i) => {
      const inner = ((s.reply ?? s.action) as Obj | undefined) ?? {};
      const sp = `${path}[${i}].${s.reply ? 'reply' : 'action'}`;
      p.text(`${sp}.text`, inner.text, TEXT.display, ['action-required', 'empty-text', 'value-type']);
      p.text(`${sp}.postbackData`, inner.postbackData, TEXT.payload, ['action-required', 'empty-text', 'value-type', 'channel-limit']);
      const open = inner.openUrlAction as Obj | undefined;
      if (open) p.url(`${sp}.openUrlAction.url`, open.url, ['action-required', 'action-url']);
      const dial = inner.dialAction as Obj | undefined;
      if (dial && (typeof dial.phoneNumber !== 'string' || !isPlusDigits(dial.phoneNumber))) {
        p.add(
          `${sp}.dialAction.phoneNumber`,
          'dialAction.phoneNumber must be an E.164 number: + and digits only.',
          ['action-required', 'phone-number', 'channel-limit'],
        );
      }
    });
  };
  check((content.suggestions as Obj[] | undefined) ?? [], `${at}.suggestions`, COUNT.insideActions);
  check((message.suggestions as Obj[] | undefined) ?? [], 'contentMessage.suggestions', COUNT.floatActions);
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
