/**
 * RCS Business Messaging's own message format: the agent's content message
 * (AgentContentMessage: text, a file, a rich card or content info, with suggestion chips),
 * without the AgentMessage around it, whose name and send time the RBM platform sets.
 *
 * Limits shared with the universal translation (`../rcs.ts`) are defined here once and
 * imported there.
 */
import { str, obj, type NativeFormat, type NativeObject } from './schema';

const AGENT_MESSAGES = 'https://developers.google.com/business-communications/rcs-business-messaging/reference/rest/v1/phones.agentMessages';
const at = (anchor: string) => `${AGENT_MESSAGES}#${anchor}`;

/** RCS Business Messaging's limits, in characters (code points), as the agent message reference states them. */
export const RCS_LIMITS = {
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
  messageSuggestions: 11,
  /** Cards in a carousel. */
  carouselMin: 2,
  carouselMax: 10,
} as const;

/** The heights media may have in a card (beside HEIGHT_UNSPECIFIED, the API's "not specified"). */
const RCS_MEDIA_HEIGHTS = ['SHORT', 'MEDIUM', 'TALL'] as const;

const L = RCS_LIMITS;

const contentInfo: NativeObject = {
  label: 'content info',
  page: at('ContentInfo'),
  fields: [
    {
      name: 'fileUrl',
      value: str({ form: 'url' }),
      doc: 'The public URL of the file; its type comes from the Content-Type the server sends.',
      required: true,
    },
    {
      name: 'thumbnailUrl',
      value: str({ form: 'url' }),
      doc: 'For images and videos, the public URL of a thumbnail; a blank placeholder until the file downloads when absent.',
    },
    { name: 'forceRefresh', value: { kind: 'boolean' }, doc: 'True to fetch the file and thumbnail again even when cached.' },
  ],
};

const latLng: NativeObject = {
  label: 'coordinates',
  page: at('LatLng'),
  fields: [
    { name: 'latitude', value: { kind: 'number', min: -90, max: 90 }, doc: 'The latitude in degrees, -90 to 90.', required: true },
    { name: 'longitude', value: { kind: 'number', min: -180, max: 180 }, doc: 'The longitude in degrees, -180 to 180.', required: true },
  ],
};

const dialAction: NativeObject = {
  label: 'dial action',
  page: at('DialAction'),
  fields: [
    { name: 'phoneNumber', value: str({ form: 'phone' }), doc: 'The number to dial, in E.164 form (+12223334444).', required: true },
  ],
};

const viewLocationAction: NativeObject = {
  label: 'view-location action',
  page: at('ViewLocationAction'),
  fields: [
    { name: 'latLong', value: obj(latLng), doc: 'The location to show.' },
    { name: 'label', value: str(), doc: 'The label of the pin dropped at latLong.' },
    { name: 'query', value: str(), doc: 'Instead of latLong: a search around the user\'s location ("Growing Tree Bank").' },
  ],
  atMostOne: [['latLong', 'query']],
};

const createCalendarEventAction: NativeObject = {
  label: 'calendar event action',
  page: at('CreateCalendarEventAction'),
  fields: [
    { name: 'startTime', value: str(), doc: 'The event\'s start, an RFC 3339 timestamp ("2026-06-12T15:00:00Z").' },
    { name: 'endTime', value: str(), doc: 'The event\'s end, an RFC 3339 timestamp.' },
    { name: 'title', value: str(), doc: 'The event\'s title.' },
    { name: 'description', value: str(), doc: 'The event\'s description.' },
  ],
};

const openUrlAction: NativeObject = {
  label: 'open-URL action',
  page: at('OpenUrlAction'),
  fields: [
    { name: 'url', value: str({ form: 'url' }), doc: 'The URL opened in the browser, or in the app registered for it.', required: true },
  ],
};

const shareLocationAction: NativeObject = {
  label: 'share-location action',
  page: at('ShareLocationAction'),
  fields: [],
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
    {
      name: 'postbackData',
      value: str({ maxLength: L.postbackData }),
      doc: 'The payload the agent receives when the chip is tapped.',
      required: true,
    },
  ],
};

const suggestedAction: NativeObject = {
  label: 'suggested action',
  page: at('SuggestedAction'),
  fields: [
    { name: 'text', value: str({ maxLength: L.suggestionText }), doc: 'The text shown on the chip.', required: true },
    {
      name: 'postbackData',
      value: str({ maxLength: L.postbackData }),
      doc: 'The payload the agent receives when the chip is tapped.',
      required: true,
    },
    { name: 'fallbackUrl', value: str({ form: 'url' }), doc: 'A URL opened on clients that do not support the action.' },
    { name: 'dialAction', value: obj(dialAction), doc: 'Opens the dialer with a number filled in.' },
    { name: 'viewLocationAction', value: obj(viewLocationAction), doc: 'Opens the map app at a location or a search.' },
    { name: 'createCalendarEventAction', value: obj(createCalendarEventAction), doc: 'Starts a new calendar event, filled in.' },
    { name: 'openUrlAction', value: obj(openUrlAction), doc: 'Opens a URL.' },
    { name: 'shareLocationAction', value: obj(shareLocationAction), doc: 'Lets the user pick a location to send to the agent.' },
  ],
  exactlyOne: [['dialAction', 'viewLocationAction', 'createCalendarEventAction', 'openUrlAction', 'shareLocationAction']],
};

const suggestion: NativeObject = {
  label: 'suggestion',
  page: at('Suggestion'),
  fields: [
    { name: 'reply', value: obj(suggestedReply), doc: 'A reply the user can send with one tap.' },
    { name: 'action', value: obj(suggestedAction), doc: 'An action the device performs when tapped.' },
  ],
  exactlyOne: [['reply', 'action']],
};

const media: NativeObject = {
  label: 'card media',
  page: at('Media'),
  fields: [
    { name: 'fileName', value: str(), doc: 'The name of a file uploaded to the RBM platform.' },
    { name: 'contentInfo', value: obj(contentInfo), doc: 'The file\'s URL and thumbnail.' },
    {
      name: 'height',
      value: str({ enum: ['HEIGHT_UNSPECIFIED', ...RCS_MEDIA_HEIGHTS] }),
      doc: 'The media\'s height in a vertical card: SHORT 112 DP, MEDIUM 168 DP, TALL 264 DP (not in a carousel of SMALL cards).',
    },
  ],
  exactlyOne: [['fileName', 'contentInfo']],
};

const cardContent: NativeObject = {
  label: 'card',
  page: at('CardContent'),
  fields: [
    { name: 'title', value: str({ maxLength: L.cardTitle }), doc: 'The card\'s title.' },
    { name: 'description', value: str({ maxLength: L.cardDescription }), doc: 'The card\'s description.' },
    { name: 'media', value: obj(media), doc: 'An image, GIF or video on the card.' },
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
  fields: [
    {
      name: 'cardOrientation',
      value: str({ enum: ['CARD_ORIENTATION_UNSPECIFIED', 'HORIZONTAL', 'VERTICAL'] }),
      doc: 'The card\'s layout: media beside the text (HORIZONTAL) or above it (VERTICAL).',
    },
    {
      name: 'thumbnailImageAlignment',
      value: str({ enum: ['THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED', 'LEFT', 'RIGHT'] }),
      doc: 'Where the media preview stands in a horizontal card.',
    },
    { name: 'cardContent', value: obj(cardContent), doc: 'The card.', required: true },
  ],
};

const carouselCard: NativeObject = {
  label: 'carousel',
  page: at('CarouselCard'),
  fields: [
    {
      name: 'cardWidth',
      value: str({ enum: ['CARD_WIDTH_UNSPECIFIED', 'SMALL', 'MEDIUM'] }),
      doc: 'The width of the cards: SMALL (no tall media) or MEDIUM.',
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
  label: 'RCS agent message',
  page: at('AgentContentMessage'),
  fields: [
    { name: 'text', value: str(), doc: 'A text message, UTF-8.' },
    { name: 'fileName', value: str(), doc: 'The name of a file uploaded to the RBM platform.' },
    {
      name: 'uploadedRbmFile',
      value: { kind: 'any' },
      doc: 'A file and its thumbnail uploaded to the RBM platform, by name (its fields are not modeled).',
    },
    { name: 'richCard', value: obj(richCard), doc: 'A standalone rich card or a carousel.' },
    { name: 'contentInfo', value: obj(contentInfo), doc: 'A file by URL, with its thumbnail.' },
    {
      name: 'suggestions',
      value: { kind: 'array', items: obj(suggestion), maxItems: L.messageSuggestions },
      doc: `Suggestion chips after the message, shown while it is the latest (at most ${L.messageSuggestions}).`,
    },
  ],
  exactlyOne: [['text', 'fileName', 'uploadedRbmFile', 'richCard', 'contentInfo']],
};

export const rcsFormat: NativeFormat = { channel: 'rcs', root: message, phoneForm: 'e164' };
