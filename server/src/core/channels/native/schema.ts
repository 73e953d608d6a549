/**
 * The language in which a channel's own message format is written down: the native form of
 * NAME.<channel>.umsg (an object whose `type` is not `rich`). One format per channel, in
 * `native/<channel>.ts`, as data: every field of every place, its type, whether it is
 * required, its enumeration, its length and count limits, its form (URL, phone number), and
 * the API page that states it. One walker reads a format for every use: the check of a
 * native message (with positions and templates), the validation of a rendered or translated
 * payload (what `umsg render` prints), completion and hover.
 *
 * Lengths are counted in Unicode code points, as for universal messages, unless a field says
 * otherwise.
 */
import type { ChannelId } from '../model';

/** A value's type and the limits on it. */
export type NativeValue =
  | NativeString
  | { readonly kind: 'integer' | 'number'; readonly min?: number; readonly max?: number }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'object'; readonly object: NativeObject }
  | NativeArray
  /** Anything: the API takes any JSON here (or umsg does not model it yet; say which in `doc`). */
  | { readonly kind: 'any' };

export interface NativeString {
  readonly kind: 'string';
  readonly minLength?: number;
  readonly maxLength?: number;
  /** The only values the API accepts (case-sensitive). */
  readonly enum?: readonly string[];
  /**
   * A form the value must have: `url` an absolute http(s) URL; `https` an absolute https URL;
   * `phone` a number in the form the channel asks for (its `phoneForm`).
   */
  readonly form?: 'url' | 'https' | 'phone';
}

export interface NativeArray {
  readonly kind: 'array';
  readonly items: NativeValue;
  readonly minItems?: number;
  readonly maxItems?: number;
  /**
   * Values that must be unique across the items, as paths inside an item (`reply.id`,
   * `title`); `[]` steps into an array, so `rows[].id` on a list's sections means every row
   * id across all its sections.
   */
  readonly uniqueBy?: readonly string[];
  /** A limit on the items of a nested array summed over all items (`rows` on sections: 10 rows in all). */
  readonly totalMax?: { readonly path: string; readonly max: number };
}

export interface NativeField {
  readonly name: string;
  readonly value: NativeValue;
  /** What the field means, in one or two sentences, for hover. */
  readonly doc: string;
  readonly required?: boolean;
  /**
   * Set by the platform when it sends the message (WhatsApp's `messaging_product` and `to`,
   * GBM's `representative`): written in the file it is one information finding, not an error.
   */
  readonly platform?: boolean;
  /** Where the field's facts are stated, when not on the page of its object. */
  readonly page?: string;
}

/** An object place of a channel's format. */
export interface NativeObject {
  /** How findings and hover name it: "a WhatsApp list row". */
  readonly label: string;
  /** The channel's API reference page that states this object's fields and limits. */
  readonly page: string;
  readonly fields: readonly NativeField[];
  /** Groups of fields of which exactly one must be present (Messenger's `text` or `attachment`). */
  readonly exactlyOne?: readonly (readonly string[])[];
  /** Groups of fields of which at most one may be present. */
  readonly atMostOne?: readonly (readonly string[])[];
  /**
   * A field whose string value chooses a variant (`type` on a WhatsApp message,
   * `template_type` on a Messenger template payload). A variant's fields join the object's,
   * replacing a field of the same name; a field of another variant is reported as not part of
   * this one.
   */
  readonly variants?: {
    readonly by: string;
    readonly cases: Readonly<Record<string, NativeVariant>>;
  };
}

export interface NativeVariant {
  readonly fields: readonly NativeField[];
  readonly exactlyOne?: readonly (readonly string[])[];
  /** The page for this variant, when it has its own. */
  readonly page?: string;
}

/** A channel's own message format. */
export interface NativeFormat {
  readonly channel: ChannelId;
  /** The root of a native message in NAME.<channel>.umsg. */
  readonly root: NativeObject;
  /** How the channel wants a phone number (`form: 'phone'`), in words for messages: "+ and digits only". */
  readonly phoneForm: 'e164' | 'rfc3966';
}

/** A string value with its limits, as the formats write them: `str({ maxLength: 20 })`. */
export const str = (limits: Omit<NativeString, 'kind'> = {}): NativeValue => ({ kind: 'string', ...limits });

/** An object value: `obj(listRow)`. */
export const obj = (object: NativeObject): NativeValue => ({ kind: 'object', object });
