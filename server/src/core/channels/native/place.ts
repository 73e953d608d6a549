/**
 * Where a JSON path of a native message stands in its channel's format: the object place and
 * its fields there, or the field a key names. Variants are followed by their discriminator's
 * value as the document writes it (`type` on a WhatsApp message), as the walker does, so that
 * completion and hover offer and explain what the check judges. Works on incomplete documents:
 * a path the document does not hold yet still resolves through the format, with the variant
 * left open.
 */
import type { JsonDocument, Node } from '../../syntax/jsonDocument';
import { plainText, propertyNode, propertyValue } from '../../syntax/nodes';
import type { ChannelId } from '../model';
import { messageForm, NATIVE_FORMATS } from './index';
import type { NativeField, NativeFormat, NativeObject, NativeValue } from './schema';

/** An object place of a native message. */
export interface NativePlace {
  object: NativeObject;
  /** Its fields: the object's own, joined with those of the variant the document names. */
  fields: readonly NativeField[];
  /** The variant the document names, when the format knows it. */
  variant: string | undefined;
  /** The page that states this place: the variant's own, else the object's. */
  page: string;
}

/** The native format a parsed NAME.<channel>.umsg is written in, when it is in native form and the channel has one. */
export function nativeFormatOf(doc: JsonDocument, channel: ChannelId | undefined): NativeFormat | undefined {
  if (!channel || !doc.root) return undefined;
  const format = NATIVE_FORMATS[channel];
  return format && messageForm(doc) === 'native' ? format : undefined;
}

/** The place of an object of the format, with the variant its node names. */
function placeOf(object: NativeObject, doc: JsonDocument, node: Node | undefined): NativePlace {
  const variants = object.variants;
  const by = variants && node?.type === 'object' ? propertyValue(propertyNode(node, variants.by)) : undefined;
  const named = by ? plainText(doc, by) : undefined;
  const chosen = variants && named !== undefined && Object.hasOwn(variants.cases, named) ? variants.cases[named] : undefined;
  if (!chosen) return { object, fields: object.fields, variant: undefined, page: object.page };
  const own = new Set(chosen.fields.map((f) => f.name));
  return {
    object,
    fields: [...object.fields.filter((f) => !own.has(f.name)), ...chosen.fields],
    variant: named,
    page: chosen.page ?? object.page,
  };
}

/** A field of a place by name: a field of some variant while the document names none (as the walker judges it). */
function fieldOf(place: NativePlace, name: string): NativeField | undefined {
  const f = place.fields.find((x) => x.name === name);
  if (f || place.variant !== undefined) return f;
  for (const c of Object.values(place.object.variants?.cases ?? {})) {
    const v = c.fields.find((x) => x.name === name);
    if (v) return v;
  }
  return undefined;
}

/** The value spec at a path of the message, with the document's node there (undefined when it is not written yet). */
function specAt(format: NativeFormat, doc: JsonDocument, path: readonly (string | number)[]):
  { spec: NativeValue; node: Node | undefined; place?: NativePlace; field?: NativeField } | undefined {
  let spec: NativeValue = { kind: 'object', object: format.root };
  let node: Node | undefined = doc.root;
  let place: NativePlace | undefined;
  let field: NativeField | undefined;
  for (const seg of path) {
    if (spec.kind === 'object' && typeof seg === 'string') {
      place = placeOf(spec.object, doc, node);
      field = fieldOf(place, seg);
      if (!field) return undefined;
      spec = field.value;
      node = node?.type === 'object' ? propertyValue(propertyNode(node, seg)) : undefined;
    } else if (spec.kind === 'array' && typeof seg === 'number') {
      spec = spec.items;
      node = node?.type === 'array' ? node.children?.[seg] : undefined;
      place = undefined;
      field = undefined;
    } else {
      return undefined;
    }
  }
  return { spec, node, place, field };
}

/** The object place at a path (segments from the root), or undefined when the format has no object there. */
export function nativePlaceAt(format: NativeFormat, doc: JsonDocument, path: readonly (string | number)[]): NativePlace | undefined {
  const at = specAt(format, doc, path);
  return at?.spec.kind === 'object' ? placeOf(at.spec.object, doc, at.node) : undefined;
}

/** The field a path's last segment names, with the place that holds it. */
export function nativeFieldAt(
  format: NativeFormat,
  doc: JsonDocument,
  path: readonly (string | number)[],
): { place: NativePlace; field: NativeField } | undefined {
  if (typeof path[path.length - 1] !== 'string') return undefined;
  const at = specAt(format, doc, path);
  return at?.place && at.field ? { place: at.place, field: at.field } : undefined;
}

/**
 * The most items the array at `path` may hold: its own maxItems, or else the total its
 * enclosing array allows across its items (WhatsApp's 10 rows across a list's sections).
 */
export function nativeCountLimit(format: NativeFormat, doc: JsonDocument, path: readonly (string | number)[]): number | undefined {
  const own = nativeFieldAt(format, doc, path)?.field.value;
  if (own?.kind === 'array' && own.maxItems !== undefined) return own.maxItems;
  const name = path[path.length - 1];
  if (typeof path[path.length - 2] !== 'number') return undefined;
  const outer = nativeFieldAt(format, doc, path.slice(0, -2))?.field.value;
  return outer?.kind === 'array' && outer.totalMax?.path === name ? outer.totalMax.max : undefined;
}
