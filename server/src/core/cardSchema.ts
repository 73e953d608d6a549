/**
 * The fields of a rich card and its parts, from the specification's tables, with the JSON
 * type each expects. Shared by the rules and (later) by completion and hover.
 */

export type ValueKind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export interface FieldSpec {
  name: string;
  kind: ValueKind;
  /** Allowed values, for enums. */
  values?: readonly string[];
}

export const MESSAGE_TYPES = ['rich'] as const;
export const MEDIA_HEIGHTS = ['SHORT', 'MEDIUM', 'TALL'] as const;
export const INSIDE_ACTION_TYPES = ['click', 'reply', 'call'] as const;
export const FLOAT_ACTION_TYPES = ['reply'] as const;

export const CARD_FIELDS: readonly FieldSpec[] = [
  { name: 'type', kind: 'string', values: MESSAGE_TYPES },
  { name: 'title', kind: 'string' },
  { name: 'description', kind: 'string' },
  { name: 'richMedia', kind: 'object' },
  { name: 'insideActions', kind: 'array' },
  { name: 'floatActions', kind: 'array' },
];

export const MEDIA_FIELDS: readonly FieldSpec[] = [
  { name: 'height', kind: 'string', values: MEDIA_HEIGHTS },
  { name: 'fileUrl', kind: 'string' },
  { name: 'altText', kind: 'string' },
  { name: 'thumbnailUrl', kind: 'string' },
  { name: 'forceRefresh', kind: 'boolean' },
];

export const INSIDE_ACTION_FIELDS: readonly FieldSpec[] = [
  { name: 'type', kind: 'string', values: INSIDE_ACTION_TYPES },
  { name: 'display', kind: 'string' },
  { name: 'payload', kind: 'string' },
  { name: 'url', kind: 'string' },
  { name: 'phoneNumber', kind: 'string' },
];

export const FLOAT_ACTION_FIELDS: readonly FieldSpec[] = [
  { name: 'type', kind: 'string', values: FLOAT_ACTION_TYPES },
  { name: 'display', kind: 'string' },
  { name: 'payload', kind: 'string' },
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
  return fields.map((f) => f.name);
}
