/**
 * The fields of a rich card and its parts, from the specification's tables, with the JSON
 * type each expects. Shared by the rules, completion and hover through places.ts, which also
 * says which of them are required where.
 */

type ValueKind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export interface FieldSpec {
  name: string;
  kind: ValueKind;
  /** Allowed values, for enums. */
  values?: readonly string[];
  /** Meaning, from the specification. */
  doc: string;
  /**
   * The rule that reports a value of the wrong JSON type here, when a rule of its own owns the
   * field (meta-required for a key); value-type checks every other field of the table.
   */
  typeRule?: string;
}

const MESSAGE_TYPES = ['rich'] as const;
export const MEDIA_HEIGHTS = ['SHORT', 'MEDIUM', 'TALL'] as const;
export const INSIDE_ACTION_TYPES = ['click', 'reply', 'call'] as const;
export const FLOAT_ACTION_TYPES = ['reply'] as const;

export const CARD_FIELDS: readonly FieldSpec[] = [
  { name: 'type', kind: 'string', values: MESSAGE_TYPES, doc: 'Message type: must be the value `rich`.' },
  { name: 'title', kind: 'string', doc: 'Title of the card. A card is valid only with a title and a description.' },
  { name: 'description', kind: 'string', doc: 'Description of the card. A card is valid only with a title and a description.' },
  { name: 'richMedia', kind: 'object', doc: 'Media shown in the card: height, fileUrl and altText are required.' },
  {
    name: 'insideActions',
    kind: 'array',
    doc: 'Actions inside the card (click, reply, call). An alternative to floatActions: use only one of them.',
  },
  {
    name: 'floatActions',
    kind: 'array',
    doc: 'Suggested replies floating on top of the card (reply only). An alternative to insideActions: use only one of them.',
  },
];

export const MEDIA_FIELDS: readonly FieldSpec[] = [
  { name: 'height', kind: 'string', values: MEDIA_HEIGHTS, doc: 'Height of the media: exactly one of `SHORT`, `MEDIUM`, `TALL`.' },
  { name: 'fileUrl', kind: 'string', doc: 'Publicly reachable http or https URL of the file. Maximum 5 MB.' },
  { name: 'altText', kind: 'string', doc: 'Text describing the media, for accessibility.' },
  {
    name: 'thumbnailUrl',
    kind: 'string',
    doc: 'Publicly reachable URL of a thumbnail. Maximum 25 KB. Without it, a blank placeholder shows until the device downloads the file.',
  },
  {
    name: 'forceRefresh',
    kind: 'boolean',
    doc: 'When true, the platform fetches file and thumbnail from the URLs even if it holds cached copies.',
  },
];

export const INSIDE_ACTION_FIELDS: readonly FieldSpec[] = [
  {
    name: 'type',
    kind: 'string',
    values: INSIDE_ACTION_TYPES,
    doc: 'Action type: `click` opens a URL, `reply` sends a reply, `call` dials a phone number.',
  },
  { name: 'display', kind: 'string', doc: 'Text shown on the suggested action.' },
  {
    name: 'payload',
    kind: 'string',
    doc: 'String the agent receives when the user taps the action. A call action\'s payload carries a phone number as well.',
  },
  { name: 'url', kind: 'string', doc: 'URL the click action opens (required when type is `click`).' },
  {
    name: 'phoneNumber',
    kind: 'string',
    doc: 'Phone number in RFC 3966 global form, such as `+1-201-555-0123` (required when type is `call`).',
  },
];

export const FLOAT_ACTION_FIELDS: readonly FieldSpec[] = [
  { name: 'type', kind: 'string', values: FLOAT_ACTION_TYPES, doc: 'Only `reply` is supported for float actions.' },
  { name: 'display', kind: 'string', doc: 'Text shown on the suggested reply.' },
  { name: 'payload', kind: 'string', doc: 'Postback data the chatbot receives with the reply\'s text when the user taps it.' },
];

/** Words builders bring from the channels' own formats, mapped to the universal field (lower case). */
export const FIELD_SYNONYMS: Record<string, string> = {
  subtitle: 'description',
  text: 'description',
  body: 'description',
  header: 'title',
  media: 'richMedia',
  image: 'richMedia',
  buttons: 'insideActions',
  actions: 'insideActions',
  suggestions: 'floatActions',
  quickreplies: 'floatActions',
  replies: 'floatActions',
  imageurl: 'fileUrl',
  mediaurl: 'fileUrl',
  url: 'fileUrl',
  file: 'fileUrl',
  alt: 'altText',
  alttext: 'altText',
  description: 'altText',
  thumbnail: 'thumbnailUrl',
  refresh: 'forceRefresh',
  label: 'display',
  title: 'display',
  postbackdata: 'payload',
  postback: 'payload',
  data: 'payload',
  phone: 'phoneNumber',
  tel: 'phoneNumber',
  link: 'url',
};

/** Field names of the object at each place in the card. */
export function fieldNames(fields: readonly FieldSpec[]): string[] {
  let names = namesCache.get(fields);
  if (!names) {
    names = fields.map((f) => f.name);
    namesCache.set(fields, names);
  }
  return names;
}

/** Asked once per object checked: computed once per field list. */
const namesCache = new WeakMap<readonly FieldSpec[], string[]>();
