/**
 * Where a JSON path points in a Configuration Meta or provider file: the provider object, the
 * Configuration Meta array, an entry, an entry's options[] or one option. Completion and
 * hover share it, so that both read a `*.configmeta.json` root and a provider's
 * `configurationMeta` alike.
 */
import type { JSONPath } from 'jsonc-parser';
import type { FieldSpec } from '../cardSchema';
import { nodeAtPath, type Node } from '../jsonDocument';
import type { LanguageId } from '../rule';
import { metaArrayPath } from './configMeta';
import { META_ENTRY_FIELDS, META_OPTION_FIELDS, PROVIDER_FIELDS } from './metaSchema';

export type PlaceKind = 'provider' | 'meta-array' | 'entry' | 'options' | 'option';

export interface PathPlace {
  kind: PlaceKind;
  /** The fields of an object place. */
  fields?: readonly FieldSpec[];
  /** How hover names it. */
  where: string;
}

export function placeAt(path: JSONPath, language: LanguageId): PathPlace | undefined {
  if (language === 'native-provider' && path.length === 0) return { kind: 'provider', fields: PROVIDER_FIELDS, where: 'native provider' };
  const base = metaArrayPath(language);
  if (!base || path.length < base.length || base.some((seg, i) => path[i] !== seg)) return undefined;
  const rest = path.slice(base.length);
  if (rest.length === 0) return { kind: 'meta-array', where: 'Configuration Meta' };
  if (typeof rest[0] !== 'number') return undefined;
  if (rest.length === 1) return { kind: 'entry', fields: META_ENTRY_FIELDS, where: 'Configuration Meta entry' };
  if (rest[1] !== 'options') return undefined;
  if (rest.length === 2) return { kind: 'options', where: 'options' };
  if (rest.length === 3 && typeof rest[2] === 'number') return { kind: 'option', fields: META_OPTION_FIELDS, where: 'option' };
  return undefined;
}


/** ", required" and the like, after a field's name. */
export function requiredText(place: PathPlace, f: FieldSpec): string {
  if (place.kind === 'entry' && f.name === 'type') return ', required when there is no options';
  if (place.kind === 'entry' && f.name === 'options') return ', required when there is no type';
  return f.required === true ? ', required' : ', optional';
}
