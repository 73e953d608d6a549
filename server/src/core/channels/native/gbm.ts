/**
 * Google Business Messages' own message format: the content of a `conversations.messages`
 * Message (text, an image or a rich card, with suggestions, fallback text and the rich-text
 * flag). The platform sets `name`, `messageId` and `representative` when it sends.
 *
 * Google Business Messages ended on 31 July 2024: its reference stays published and this
 * format follows it as it stood then, for the channel the specification names.
 *
 * Limits shared with the universal translation (`../gbm.ts`) are defined here once and
 * imported there.
 */
import { str, obj, type NativeField, type NativeFormat, type NativeObject } from './schema';

const MESSAGES = 'https://developers.google.com/business-communications/business-messages/reference/rest/v1/conversations.messages';
const at = (anchor: string) => `${MESSAGES}#${anchor}`;

/** Google Business Messages' limits, in characters (code points), as the Message reference states them. */
export const GBM_LIMITS = {
  /** A text message, and the fallback text. */
  text: 3072,
  /** A card's title. */
  cardTitle: 200,
  /** A card's description. */
  cardDescription: 2000,
  /** A suggestion's text. */
  suggestionText: 25,
  /** A suggestion's postback data. */
  postbackData: 2048,
  /** Suggestions on a card. */
  cardSuggestions: 4,
  /** Suggestion chips after a message. */
  messageSuggestions: 13,
  /** Cards in a carousel. */
  carouselMin: 2,
  carouselMax: 10,
} as const;

/** The heights media may have in a card (beside HEIGHT_UNSPECIFIED, the API's "not specified"). */
const GBM_MEDIA_HEIGHTS = ['SHORT', 'MEDIUM', 'TALL'] as const;

const L = GBM_LIMITS;
const platform = (name: string, doc: string): NativeField => ({ name, value: { kind: 'any' }, doc, platform: true });

const contentInfo: NativeObject = {
  label: 'content info',
  page: at('ContentInfo'),
  fields: [
    {
      name: 'fileUrl',
      value: str({ form: 'url' }),
      doc: 'The public URL of the file (at most 5 MB; JPEG, PNG or WebP, from the Content-Type the server sends).',
      required: true,
    },
    {
      name: 'thumbnailUrl',
      value: str({ form: 'url' }),
      doc: 'The public URL of a thumbnail (at most 25 KB); a blank placeholder when absent.',
    },
    { name: 'forceRefresh', value: { kind: 'boolean' }, doc: 'True to fetch the file and thumbnail again even when cached.' },
    { name: 'altText', value: str(), doc: 'Text describing the media, for accessibility.' },
  ],
};

const image: NativeObject = {
  label: 'image',
  page: at('Image'),
  fields: [{ name: 'contentInfo', value: obj(contentInfo), doc: 'The image\'s URL and thumbnail.', required: true }],
};

const openUrlAction: NativeObject = {
  label: 'open-URL action',
  page: at('OpenUrlAction'),
  fields: [{ name: 'url', value: str({ form: 'url' }), doc: 'The URL to open.', required: true }],
};

const dialAction: NativeObject = {
  label: 'dial action',
  page: at('DialAction'),
  fields: [
    {
      name: 'phoneNumber',
      value: str({ form: 'phone' }),
      doc: 'The number the dialer opens with, in RFC 3966 form (+1-201-555-0123).',
      required: true,
    },
  ],
};

const suggestedReply: NativeObject = {
  label: 'suggested reply',
  page: at('SuggestedReply'),
  fields: [
    {
      name: 'text',
      value: str({ maxLength: L.suggestionText }),
      doc: 'The text shown on the chip and sent back when it is tapped.',
      required: true,
    },
    { name: 'postbackData', value: str({ maxLength: L.postbackData }), doc: 'The string the agent receives when the chip is tapped.' },
  ],
};

const suggestedAction: NativeObject = {
  label: 'suggested action',
  page: at('SuggestedAction'),
  fields: [
    { name: 'text', value: str({ maxLength: L.suggestionText }), doc: 'The text shown on the chip.', required: true },
    { name: 'postbackData', value: str({ maxLength: L.postbackData }), doc: 'The string the agent receives when the chip is tapped.' },
    { name: 'openUrlAction', value: obj(openUrlAction), doc: 'Opens a URL.' },
    { name: 'dialAction', value: obj(dialAction), doc: 'Opens the dialer with a number filled in.' },
  ],
  exactlyOne: [['openUrlAction', 'dialAction']],
};

const oauth: NativeObject = {
  label: 'OAuth request',
  page: at('AuthenticationRequestOauth'),
  fields: [
    { name: 'clientId', value: str(), doc: 'The id of the application that asks for authorization.', required: true },
    { name: 'codeChallenge', value: str(), doc: 'The PKCE code challenge used to exchange access tokens.', required: true },
    {
      name: 'scopes',
      value: { kind: 'array', items: str() },
      doc: 'The OAuth scopes of the request.',
      required: true,
    },
    { name: 'codeChallengeMethod', value: str(), doc: 'How the code challenge was made; `plain` when absent.' },
  ],
};

const authenticationRequest: NativeObject = {
  label: 'authentication request',
  page: at('AuthenticationRequest'),
  fields: [{ name: 'oauth', value: obj(oauth), doc: 'Authentication through OAuth.', required: true }],
};

const liveAgentRequest: NativeObject = {
  label: 'live agent request',
  page: at('LiveAgentRequest'),
  fields: [],
};

const suggestion: NativeObject = {
  label: 'suggestion',
  page: at('Suggestion'),
  fields: [
    { name: 'reply', value: obj(suggestedReply), doc: 'A reply the user can send with one tap.' },
    { name: 'action', value: obj(suggestedAction), doc: 'An action the device performs when tapped.' },
    { name: 'liveAgentRequest', value: obj(liveAgentRequest), doc: 'Asks for a live agent to join the conversation.' },
    { name: 'authenticationRequest', value: obj(authenticationRequest), doc: 'Starts an authentication flow.' },
  ],
  exactlyOne: [['reply', 'action', 'liveAgentRequest', 'authenticationRequest']],
};

const media: NativeObject = {
  label: 'card media',
  page: at('Media'),
  fields: [
    {
      name: 'height',
      value: str({ enum: ['HEIGHT_UNSPECIFIED', ...GBM_MEDIA_HEIGHTS] }),
      doc: 'The media\'s height: SHORT 112 DP, MEDIUM 168 DP, TALL 264 DP (not in a carousel of SMALL cards).',
    },
    { name: 'contentInfo', value: obj(contentInfo), doc: 'The file\'s URL and thumbnail.', required: true },
  ],
};

const cardContent: NativeObject = {
  label: 'card',
  page: at('CardContent'),
  fields: [
    { name: 'title', value: str({ maxLength: L.cardTitle }), doc: 'The card\'s title.' },
    { name: 'description', value: str({ maxLength: L.cardDescription }), doc: 'The card\'s description.' },
    { name: 'media', value: obj(media), doc: 'An image on the card.' },
    {
      name: 'suggestions',
      value: { kind: 'array', items: obj(suggestion), maxItems: L.cardSuggestions },
      doc: `Suggestions on the card (at most ${L.cardSuggestions}).`,
    },
  ],
};

const standaloneCard: NativeObject = {
  label: 'standalone card',
  page: at('StandaloneCard'),
  fields: [{ name: 'cardContent', value: obj(cardContent), doc: 'The card.', required: true }],
};

const carouselCard: NativeObject = {
  label: 'carousel',
  page: at('CarouselCard'),
  fields: [
    {
      name: 'cardWidth',
      value: str({ enum: ['CARD_WIDTH_UNSPECIFIED', 'SMALL', 'MEDIUM'] }),
      doc: 'The width of the cards: SMALL 136 DP (no tall media), MEDIUM 280 DP.',
    },
    {
      name: 'cardContents',
      value: { kind: 'array', items: obj(cardContent), minItems: L.carouselMin, maxItems: L.carouselMax },
      doc: `The cards, ${L.carouselMin} to ${L.carouselMax}.`,
      required: true,
    },
  ],
};

const richCard: NativeObject = {
  label: 'rich card',
  page: at('RichCard'),
  fields: [
    { name: 'standaloneCard', value: obj(standaloneCard), doc: 'One card.' },
    { name: 'carouselCard', value: obj(carouselCard), doc: 'A carousel of cards.' },
  ],
  exactlyOne: [['standaloneCard', 'carouselCard']],
};

const message: NativeObject = {
  label: 'Business Messages message',
  page: MESSAGES,
  fields: [
    { name: 'text', value: str({ maxLength: L.text }), doc: 'A text message.' },
    { name: 'image', value: obj(image), doc: 'An image message.' },
    { name: 'richCard', value: obj(richCard), doc: 'A rich card or a carousel.' },
    {
      name: 'suggestions',
      value: { kind: 'array', items: obj(suggestion), maxItems: L.messageSuggestions },
      doc: `Suggestion chips after the message, shown while it is the latest (at most ${L.messageSuggestions}).`,
    },
    {
      name: 'fallback',
      value: str({ maxLength: L.text }),
      doc: 'The text shown when the user\'s device cannot show the message.',
    },
    {
      name: 'containsRichText',
      value: { kind: 'boolean' },
      doc: 'True when the text uses rich-text formatting; invalid formatting is an error.',
    },
    platform('name', 'The message\'s resource name.'),
    platform('messageId', 'The message\'s unique id.'),
    platform('representative', 'Who sends the message: a bot or a human, with a name and an avatar.'),
  ],
  exactlyOne: [['text', 'image', 'richCard']],
};

export const gbmFormat: NativeFormat = { channel: 'gbm', root: message, phoneForm: 'rfc3966' };
