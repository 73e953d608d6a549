/**
 * The places of every file kind: which object stands where, the fields it may hold (with their
 * type and what they mean), which of them it requires and when, how messages and hover name it,
 * the words builders bring from other formats for its fields, and what becomes of a property it
 * does not define. One table, read by unknown-property, value-type, the *-required rules
 * (card-required, action-required, media-required, meta-required, provider-required),
 * completion and hover for universal messages, Configuration Meta and provider files alike.
 * "Which fields are required where" is written here and nowhere else; each requirement names
 * the rule that reports the field missing (also message-type, meta-type-or-options and
 * meta-options), and test/model/places.test.ts holds every rule to it.
 */
import type { JSONPath } from 'jsonc-parser';
import { CARD_FIELDS, FIELD_SYNONYMS, FLOAT_ACTION_FIELDS, INSIDE_ACTION_FIELDS, MEDIA_FIELDS, type FieldSpec } from './cardSchema';
import type { JsonDocument } from '../syntax/jsonDocument';
import { configMetaOf, metaArrayPath } from './configMeta';
import { ENTRY_SYNONYMS, META_ENTRY_FIELDS, META_OPTION_FIELDS, OPTION_SYNONYMS, PROVIDER_FIELDS, PROVIDER_SYNONYMS } from './metaSchema';
import { providerOf } from './provider';
import type { ObjectModel, RichCard } from './richCard';
import type { LanguageId } from '../syntax/languages';

export type PlaceKind = 'card' | 'media' | 'inside-action' | 'float-action' | 'provider' | 'meta-array' | 'entry' | 'options' | 'option';

/**
 * A field an object place requires, and when. The rule named reports the object when the field
 * is missing (on its opening brace, or on the richMedia key); its words are the rule's.
 */
interface Requirement {
  field: string;
  /** The rule that reports the field missing. */
  rule: string;
  /** Required only when the object's own `type` is one of these (url for click, phoneNumber for call). */
  forTypes?: readonly string[];
  /** Not required when this other field is there (an entry needs a type or options). */
  unlessPresent?: string;
}

export interface PlaceSpec {
  kind: PlaceKind;
  /** The fields of an object place (arrays have none). */
  fields?: readonly FieldSpec[];
  /** The fields it requires, in the order findings name them (none for arrays). */
  required: readonly Requirement[];
  /** How hover names it: "rich card", "Configuration Meta entry". */
  label: string;
  /** How findings name it: "the card", "a Configuration Meta entry". */
  where: string;
  /** Field names builders bring from other formats (lower case), for "did you mean". */
  synonyms: Readonly<Record<string, string>>;
  /** What becomes of a property the place does not define. */
  effect: string;
}

/** Requirements of one rule with no condition, in order. */
const always = (rule: string, ...fields: string[]): Requirement[] => fields.map((field) => ({ field, rule }));

// Spec, "Rich message": type (the value rich), a title and a description; "richMedia": height,
// fileUrl and altText; "insideActions[]" and "floatActions[]": type, display and payload, a url
// for a click and a phoneNumber for a call (inside actions only: a float action is a reply).
const ACTION_REQUIRED = always('action-required', 'type', 'display', 'payload');
// Spec, "Native provider": every field of the descriptor but the Configuration Meta, which a
// provider that needs no settings leaves out.
const PROVIDER_REQUIRED = always(
  'provider-required',
  'label',
  'providerType',
  'deployMode',
  'implements',
  'providerClassName',
  'implementation',
);

const PLACES: Readonly<Record<PlaceKind, PlaceSpec>> = {
  card: {
    kind: 'card',
    fields: CARD_FIELDS,
    required: [...always('message-type', 'type'), ...always('card-required', 'title', 'description')],
    label: 'rich card',
    where: 'the card',
    synonyms: FIELD_SYNONYMS,
    effect: 'channels drop it',
  },
  media: {
    kind: 'media',
    fields: MEDIA_FIELDS,
    required: always('media-required', 'height', 'fileUrl', 'altText'),
    label: 'richMedia',
    where: 'richMedia',
    synonyms: FIELD_SYNONYMS,
    effect: 'channels drop it',
  },
  'inside-action': {
    kind: 'inside-action',
    fields: INSIDE_ACTION_FIELDS,
    required: [
      ...ACTION_REQUIRED,
      { field: 'url', rule: 'action-required', forTypes: ['click'] },
      { field: 'phoneNumber', rule: 'action-required', forTypes: ['call'] },
    ],
    label: 'inside action',
    where: 'an inside action',
    synonyms: FIELD_SYNONYMS,
    effect: 'channels drop it',
  },
  'float-action': {
    kind: 'float-action',
    fields: FLOAT_ACTION_FIELDS,
    required: ACTION_REQUIRED,
    label: 'float action',
    where: 'a float action',
    synonyms: FIELD_SYNONYMS,
    effect: 'channels drop it',
  },
  provider: {
    kind: 'provider',
    fields: PROVIDER_FIELDS,
    required: PROVIDER_REQUIRED,
    label: 'native provider',
    where: 'the provider descriptor',
    synonyms: PROVIDER_SYNONYMS,
    effect: 'it is not a field of a native provider',
  },
  'meta-array': {
    kind: 'meta-array',
    required: [],
    label: 'Configuration Meta',
    where: 'the Configuration Meta array',
    synonyms: {},
    effect: '',
  },
  // Spec, "Configuration Meta": key and label always; type when there is no options, options
  // when there is no type.
  entry: {
    kind: 'entry',
    fields: META_ENTRY_FIELDS,
    required: [
      ...always('meta-required', 'key', 'label'),
      { field: 'type', rule: 'meta-type-or-options', unlessPresent: 'options' },
      { field: 'options', rule: 'meta-type-or-options', unlessPresent: 'type' },
    ],
    label: 'Configuration Meta entry',
    where: 'a Configuration Meta entry',
    synonyms: ENTRY_SYNONYMS,
    effect: 'the Integrations form ignores it',
  },
  options: { kind: 'options', required: [], label: 'options', where: 'options', synonyms: {}, effect: '' },
  option: {
    kind: 'option',
    fields: META_OPTION_FIELDS,
    required: always('meta-options', 'value', 'label'),
    label: 'option',
    where: 'an option',
    synonyms: OPTION_SYNONYMS,
    effect: 'the selection ignores it',
  },
};

export function place(kind: PlaceKind): PlaceSpec {
  return PLACES[kind];
}

/** The place a JSON path (segments from the root) points to, in a file of `language`. */
export function placeAt(path: JSONPath, language: LanguageId): PlaceSpec | undefined {
  if (language === 'universal-message') {
    if (path.length === 0) return PLACES.card;
    if (path.length === 1 && path[0] === 'richMedia') return PLACES.media;
    if (path.length === 2 && path[0] === 'insideActions' && typeof path[1] === 'number') return PLACES['inside-action'];
    if (path.length === 2 && path[0] === 'floatActions' && typeof path[1] === 'number') return PLACES['float-action'];
    return undefined;
  }
  if (language === 'native-provider' && path.length === 0) return PLACES.provider;
  const base = metaArrayPath(language);
  if (!base || path.length < base.length || base.some((seg, i) => path[i] !== seg)) return undefined;
  const rest = path.slice(base.length);
  if (rest.length === 0) return PLACES['meta-array'];
  if (typeof rest[0] !== 'number') return undefined;
  if (rest.length === 1) return PLACES.entry;
  if (rest[1] !== 'options') return undefined;
  if (rest.length === 2) return PLACES.options;
  if (rest.length === 3 && typeof rest[2] === 'number') return PLACES.option;
  return undefined;
}

/**
 * Every object of a document with its place, for the rules, in document order. Visited rather
 * than listed: two rules ask on every check, and a list held a pair per action or entry.
 */
export function forEachPlace(
  doc: JsonDocument,
  language: LanguageId,
  card: RichCard | undefined,
  visit: (place: PlaceSpec, object: ObjectModel) => void,
): void {
  if (language === 'universal-message') {
    if (!card) return;
    visit(PLACES.card, card);
    if (card.media) visit(PLACES.media, card.media);
    // Indexed loops: see "Rules for code that reads document text" in docs/performance.md.
    const inside = card.insideActions?.actions ?? [];
    for (let i = 0; i < inside.length; i++) visit(PLACES['inside-action'], inside[i]);
    const float = card.floatActions?.actions ?? [];
    for (let i = 0; i < float.length; i++) visit(PLACES['float-action'], float[i]);
    return;
  }
  if (language === 'native-provider') {
    const provider = providerOf(doc);
    if (provider) visit(PLACES.provider, provider);
  }
  const entries = configMetaOf(doc, language)?.entries ?? [];
  for (let i = 0; i < entries.length; i++) {
    visit(PLACES.entry, entries[i]);
    const options = entries[i].options;
    for (let o = 0; o < options.length; o++) visit(PLACES.option, options[o]);
  }
}

/** What a requirement check needs to know of an object: its fields, and its `type` when static. */
interface ObjectFacts {
  has(field: string): boolean;
  /** The object's static `type` value, if any (an action's click, reply or call). */
  type?: string;
}

/**
 * The fields `p` requires of this object (all of them, or those `rule` reports), in the
 * table's order: a field for some types only when the object's type is known and one of them,
 * a field with an alternative only when the alternative is absent.
 */
export function requiredFields(p: PlaceSpec, object: ObjectFacts, rule?: string): string[] {
  const out: string[] = [];
  for (const r of p.required) {
    if (rule !== undefined && r.rule !== rule) continue;
    if (r.forTypes && (object.type === undefined || !r.forTypes.includes(object.type))) continue;
    if (r.unlessPresent !== undefined && object.has(r.unlessPresent)) continue;
    out.push(r.field);
  }
  return out;
}

/** What missingFields gives an object that lacks nothing: one shared list, which no caller changes. */
const NONE_MISSING: readonly string[] = [];

/**
 * The required fields this object lacks (see requiredFields), in the same order. Asked of every
 * object of a file (20,000 actions, 50,000 entries) of which most lack nothing: one pass over
 * the table, and a list built only for an object that lacks a field. `type` is the object's
 * static type when `object` is a property lookup without it (an action's props).
 */
export function missingFields(p: PlaceSpec, object: ObjectFacts, rule?: string, type = object.type): readonly string[] {
  let out: string[] | undefined;
  const required = p.required;
  for (let i = 0; i < required.length; i++) {
    const r = required[i];
    if (rule !== undefined && r.rule !== rule) continue;
    if (object.has(r.field)) continue;
    if (r.forTypes && (type === undefined || !r.forTypes.includes(type))) continue;
    if (r.unlessPresent !== undefined && object.has(r.unlessPresent)) continue;
    (out ??= []).push(r.field);
  }
  return out ?? NONE_MISSING;
}

/** The requirement on a field of `p`, if it has one. */
export function requirementOf(p: PlaceSpec, field: string): Requirement | undefined {
  return p.required.find((r) => r.field === field);
}

/**
 * True when a field belongs to an object of this type: a field required for other types only
 * (url on a reply) is not offered. With the type unknown, every field fits.
 */
export function fitsType(p: PlaceSpec, field: string, type: string | undefined): boolean {
  const forTypes = requirementOf(p, field)?.forTypes;
  return !forTypes || type === undefined || forTypes.includes(type);
}

/** ", required" and the like, after a field's name in hover. */
export function requiredText(p: PlaceSpec, f: FieldSpec): string {
  const r = requirementOf(p, f.name);
  if (!r) return ', optional';
  if (r.unlessPresent !== undefined) return `, required when there is no ${r.unlessPresent}`;
  if (r.forTypes) return `, required for ${r.forTypes.join(', ')}`;
  return ', required';
}
