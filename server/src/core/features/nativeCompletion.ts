/**
 * Completion in a channel-specific message in native form: the fields of the channel's own
 * format at the cursor (those of the variant the document names, none the platform sets) and
 * the values of an enumeration or a variant's discriminator. Templates complete as in a
 * universal message.
 */
import { colonFollows, cursorContext, presentNames, propertyEntry } from './completionContext';
import { templateCompletion, type CompletionEntry } from './completion';
import { nativeFieldAt, nativePlaceAt, type NativePlace } from '../channels/native/place';
import type { NativeField, NativeFormat, NativeValue } from '../channels/native/schema';
import type { JsonDocument } from '../syntax/jsonDocument';
import { nodeAtPath } from '../syntax/nodes';
import type { SampleData } from '../template/render';
import { describeNativeValue } from './nativeValueText';

export function completeNative(doc: JsonDocument, offset: number, format: NativeFormat, sample: SampleData | undefined): CompletionEntry[] {
  if (doc.tooDeep) return [];
  const inTemplate = templateCompletion(doc, offset, sample);
  if (inTemplate) return inTemplate;
  const cursor = cursorContext(doc, offset);
  const { location, replace, keyPath } = cursor;

  if (keyPath) {
    const place = nativePlaceAt(format, doc, keyPath);
    if (!place) return [];
    const present = presentNames(nodeAtPath(doc.root, keyPath), cursor);
    const nextIsValue = !colonFollows(doc, replace.offset + replace.length);
    return fieldsToOffer(place)
      .filter((f) => !present.has(f.name))
      .map((f, i) => ({
        ...propertyEntry(cursor, offset, nextIsValue, f.name, nextIsValue ? skeleton(f, place) : '', f.doc),
        detail: `${f.required ? 'required' : 'optional'} · ${describeNativeValue(f.value, format)}`,
        // Required fields first, then the format's order.
        sortText: `${f.required ? 0 : 1}${String(i).padStart(3, '0')}`,
      }));
  }

  const path = location.path;
  const at = nativeFieldAt(format, doc, path);
  if (!at) return [];
  return valuesOf(at.field, at.place).map((v) => ({
    label: String(v),
    kind: 'value' as const,
    insertText: JSON.stringify(v),
    snippet: false,
    documentation: at.field.doc,
    replace,
    filterText: JSON.stringify(v),
  }));
}

/**
 * The fields the place offers: its own and its variant's (all variants' while the document
 * names none, the discriminator's first), never one the platform sets.
 */
function fieldsToOffer(place: NativePlace): NativeField[] {
  const out: NativeField[] = [];
  const seen = new Set<string>();
  const add = (f: NativeField) => {
    if (f.platform || seen.has(f.name)) return;
    seen.add(f.name);
    out.push(f);
  };
  place.fields.forEach(add);
  if (place.variant === undefined) for (const c of Object.values(place.object.variants?.cases ?? {})) c.fields.forEach(add);
  return out;
}

/** The values a field takes: its enumeration, a variant's names for a discriminator without one, true and false. */
function valuesOf(field: NativeField, place: NativePlace): (string | boolean)[] {
  const spec = field.value;
  if (spec.kind === 'boolean') return [true, false];
  if (spec.kind !== 'string') return [];
  if (spec.enum) return [...spec.enum];
  const variants = place.object.variants;
  return variants?.by === field.name ? Object.keys(variants.cases) : [];
}

/** The value a property completion inserts, with tab stops. */
function skeleton(f: NativeField, place: NativePlace): string {
  const values = valuesOf(f, place).filter((v): v is string => typeof v === 'string');
  if (values.length > 0) return `"\${1|${values.join(',')}|}"`;
  return emptyValue(f.value);
}

function emptyValue(spec: NativeValue): string {
  switch (spec.kind) {
    case 'string': return '"$1"';
    case 'boolean': return '${1|true,false|}';
    case 'object': return '{$1}';
    case 'array': return spec.items.kind === 'object' ? '[{$1}]' : '[$1]';
    default: return '$1';
  }
}
