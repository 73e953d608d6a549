/**
 * The places of every file kind: which object stands where, the fields it may hold (with their
 * type, whether they are required and what they mean), how messages and hover name it, the
 * words builders bring from other formats for its fields, and what becomes of a property it
 * does not define. One table, read by unknown-property, value-type, completion and hover for
 * universal messages, Configuration Meta and provider files alike.
 */
import type { JSONPath } from 'jsonc-parser';
import { CARD_FIELDS, FIELD_SYNONYMS, FLOAT_ACTION_FIELDS, INSIDE_ACTION_FIELDS, MEDIA_FIELDS, type FieldSpec } from './cardSchema';
import type { JsonDocument } from './jsonDocument';
import { configMetaOf, metaArrayPath } from './meta/configMeta';
import { ENTRY_SYNONYMS, META_ENTRY_FIELDS, META_OPTION_FIELDS, OPTION_SYNONYMS, PROVIDER_FIELDS, PROVIDER_SYNONYMS } from './meta/metaSchema';
import { providerOf } from './meta/provider';
import type { ObjectModel, RichCard } from './richCard';
import type { LanguageId } from './rule';

type PlaceKind = 'card' | 'media' | 'inside-action' | 'float-action' | 'provider' | 'meta-array' | 'entry' | 'options' | 'option';

export interface PlaceSpec {
  kind: PlaceKind;
  /** The fields of an object place (arrays have none). */
  fields?: readonly FieldSpec[];
  /** How hover names it: "rich card", "Configuration Meta entry". */
  label: string;
  /** How findings name it: "the card", "a Configuration Meta entry". */
  where: string;
  /** Field names builders bring from other formats (lower case), for "did you mean". */
  synonyms: Readonly<Record<string, string>>;
  /** What becomes of a property the place does not define. */
  effect: string;
}

const PLACES: Readonly<Record<PlaceKind, PlaceSpec>> = {
  card: { kind: 'card', fields: CARD_FIELDS, label: 'rich card', where: 'the card', synonyms: FIELD_SYNONYMS, effect: 'channels drop it' },
  media: { kind: 'media', fields: MEDIA_FIELDS, label: 'richMedia', where: 'richMedia', synonyms: FIELD_SYNONYMS, effect: 'channels drop it' },
  'inside-action': { kind: 'inside-action', fields: INSIDE_ACTION_FIELDS, label: 'inside action', where: 'an inside action', synonyms: FIELD_SYNONYMS, effect: 'channels drop it' },
  'float-action': { kind: 'float-action', fields: FLOAT_ACTION_FIELDS, label: 'float action', where: 'a float action', synonyms: FIELD_SYNONYMS, effect: 'channels drop it' },
  provider: { kind: 'provider', fields: PROVIDER_FIELDS, label: 'native provider', where: 'the provider descriptor', synonyms: PROVIDER_SYNONYMS, effect: 'it is not a field of a native provider' },
  'meta-array': { kind: 'meta-array', label: 'Configuration Meta', where: 'the Configuration Meta array', synonyms: {}, effect: '' },
  entry: { kind: 'entry', fields: META_ENTRY_FIELDS, label: 'Configuration Meta entry', where: 'a Configuration Meta entry', synonyms: ENTRY_SYNONYMS, effect: 'the Integrations form ignores it' },
  options: { kind: 'options', label: 'options', where: 'options', synonyms: {}, effect: '' },
  option: { kind: 'option', fields: META_OPTION_FIELDS, label: 'option', where: 'an option', synonyms: OPTION_SYNONYMS, effect: 'the selection ignores it' },
};

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

/** Every object of a document with its place, for the rules. */
export function placesOf(doc: JsonDocument, language: LanguageId, card: RichCard | undefined): { place: PlaceSpec; object: ObjectModel }[] {
  const out: { place: PlaceSpec; object: ObjectModel }[] = [];
  if (language === 'universal-message') {
    if (!card) return out;
    out.push({ place: PLACES.card, object: card });
    if (card.media) out.push({ place: PLACES.media, object: card.media });
    for (const a of card.insideActions?.actions ?? []) out.push({ place: PLACES['inside-action'], object: a });
    for (const a of card.floatActions?.actions ?? []) out.push({ place: PLACES['float-action'], object: a });
    return out;
  }
  if (language === 'native-provider') {
    const provider = providerOf(doc);
    if (provider) out.push({ place: PLACES.provider, object: provider });
  }
  for (const entry of configMetaOf(doc, language)?.entries ?? []) {
    out.push({ place: PLACES.entry, object: entry });
    for (const option of entry.options) out.push({ place: PLACES.option, object: option });
  }
  return out;
}

/** ", required" and the like, after a field's name in hover. */
export function requiredText(p: PlaceSpec, f: FieldSpec): string {
  if (p.kind === 'entry' && f.name === 'type') return ', required when there is no options';
  if (p.kind === 'entry' && f.name === 'options') return ', required when there is no type';
  if (Array.isArray(f.required)) return `, required for ${f.required.join(', ')}`;
  return f.required === true ? ', required' : ', optional';
}
