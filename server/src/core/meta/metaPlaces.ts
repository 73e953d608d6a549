/**
 * The objects of a Configuration Meta or native provider file with the fields each may hold,
 * for the unknown-property rule (one place list, so both file kinds are checked alike).
 */
import type { FieldSpec } from '../cardSchema';
import type { JsonDocument } from '../jsonDocument';
import type { ObjectModel } from '../richCard';
import type { LanguageId } from '../rule';
import { configMetaOf } from './configMeta';
import { ENTRY_SYNONYMS, META_ENTRY_FIELDS, META_OPTION_FIELDS, OPTION_SYNONYMS, PROVIDER_FIELDS, PROVIDER_SYNONYMS } from './metaSchema';
import { providerOf } from './provider';

export interface MetaPlace {
  object: ObjectModel;
  fields: readonly FieldSpec[];
  /** How messages name the place: "a Configuration Meta entry". */
  where: string;
  synonyms: Record<string, string>;
  /** What becomes of a property the place does not define. */
  effect: string;
}

export function metaPlaces(doc: JsonDocument, language: LanguageId): MetaPlace[] {
  const places: MetaPlace[] = [];
  if (language === 'native-provider') {
    const provider = providerOf(doc);
    if (provider) places.push({ object: provider, fields: PROVIDER_FIELDS, where: 'the provider descriptor', synonyms: PROVIDER_SYNONYMS, effect: 'it is not a field of a native provider' });
  }
  for (const entry of configMetaOf(doc, language)?.entries ?? []) {
    places.push({ object: entry, fields: META_ENTRY_FIELDS, where: 'a Configuration Meta entry', synonyms: ENTRY_SYNONYMS, effect: 'the Integrations form ignores it' });
    for (const option of entry.options) {
      places.push({ object: option, fields: META_OPTION_FIELDS, where: 'an option', synonyms: OPTION_SYNONYMS, effect: 'the selection ignores it' });
    }
  }
  return places;
}
