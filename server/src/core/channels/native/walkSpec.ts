/**
 * A channel's format (schema.ts) as the walker reads it: the same facts, laid out once per
 * format in three classes (a value, an object place, a field), each with every property
 * present, in one order. The formats write each description as it reads best, with only the
 * properties it needs, so each has a layout of its own; a walk over descriptions of many
 * layouts runs slower code (each property read has to find where that layout keeps it). Here
 * every value description has one layout, every place one and every field one, whichever
 * channel it comes from. Derived from the format once, on its first walk; the format stays the
 * one place of each fact.
 */
import type { NativeField, NativeFormat, NativeObject, NativeString, NativeValue } from './schema';

/** A value's description: its kind and every limit a kind can have (undefined where it has none). */
export class ValueSpec {
  readonly kind: NativeValue['kind'];
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly enum: readonly string[] | undefined;
  readonly form: NativeString['form'];
  readonly min: number | undefined;
  readonly max: number | undefined;
  /** An object's place (kind `object`). */
  object: PlaceSpec | undefined;
  /** An array's item (kind `array`). */
  items: ValueSpec | undefined;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  readonly uniqueBy: readonly ItemPath[];
  readonly totalMax: { readonly path: ItemPath; readonly max: number } | undefined;

  constructor(value: NativeValue) {
    this.kind = value.kind;
    const s = value.kind === 'string' ? value : undefined;
    this.minLength = s?.minLength;
    this.maxLength = s?.maxLength;
    this.enum = s?.enum;
    this.form = s?.form;
    const n = value.kind === 'integer' || value.kind === 'number' ? value : undefined;
    this.min = n?.min;
    this.max = n?.max;
    this.object = undefined;
    this.items = undefined;
    const a = value.kind === 'array' ? value : undefined;
    this.minItems = a?.minItems;
    this.maxItems = a?.maxItems;
    this.uniqueBy = (a?.uniqueBy ?? []).map((p) => new ItemPath(p));
    this.totalMax = a?.totalMax && { path: new ItemPath(a.totalMax.path), max: a.totalMax.max };
  }
}

/** A path inside an array's item (`reply.id`, `rows[].id`), read once into its steps. */
export class ItemPath {
  /** Each name in turn; `each`: the name holds an array, every element of which is stepped into (`[]`). */
  readonly steps: readonly { readonly name: string; readonly each: boolean }[];
  /** How messages name the value: the last name, without `[]` ("id"). */
  readonly last: string;

  constructor(path: string) {
    this.steps = path.split('.').map((raw) => (raw.endsWith('[]') ? { name: raw.slice(0, -2), each: true } : { name: raw, each: false }));
    this.last = this.steps[this.steps.length - 1].name;
  }
}

/** A field of a place, with how messages name its place ("WhatsApp list row title"). */
export class FieldSpec {
  readonly name: string;
  readonly value: ValueSpec;
  readonly doc: string;
  readonly required: boolean;
  readonly platform: boolean;
  readonly what: string;

  constructor(field: NativeField, value: ValueSpec, label: string) {
    this.name = field.name;
    this.value = value;
    this.doc = field.doc;
    this.required = field.required === true;
    this.platform = field.platform === true;
    this.what = `${label} ${field.name}`;
  }
}

/** A place's fields with its chosen variant's (none: the place's own): what the walker judges an object by. */
class FieldSet {
  readonly byName = new Map<string, FieldSpec>();

  constructor(
    readonly fields: readonly FieldSpec[],
    /** Groups of which exactly one must be present. */
    readonly groups: readonly (readonly string[])[],
  ) {
    for (const f of fields) this.byName.set(f.name, f);
  }
}

/** A variant of a place, by its discriminator's value. */
class VariantSpec {
  constructor(
    readonly name: string,
    /** The variant's own fields (those it adds or replaces). */
    readonly own: readonly FieldSpec[],
    /** The place's fields joined with the variant's. */
    readonly set: FieldSet,
  ) {}
}

/** An object place. */
export class PlaceSpec {
  readonly label: string;
  /** The place's own fields (no variant chosen). */
  set: FieldSet;
  atMostOne: readonly (readonly string[])[];
  /** The field whose value chooses a variant; undefined for a place without variants. */
  by: string | undefined;
  /** The variants in the format's order. */
  variants: readonly VariantSpec[];
  byVariant: ReadonlyMap<string, VariantSpec>;

  constructor(label: string) {
    this.label = label;
    this.set = NO_FIELDS;
    this.atMostOne = [];
    this.by = undefined;
    this.variants = [];
    this.byVariant = NO_VARIANTS;
  }
}

const NO_FIELDS = new FieldSet([], []);
const NO_VARIANTS: ReadonlyMap<string, VariantSpec> = new Map();

/** The walker's form of a format: its root, as a value. */
const ROOTS = new WeakMap<NativeFormat, ValueSpec>();

export function rootSpec(format: NativeFormat): ValueSpec {
  let root = ROOTS.get(format);
  if (!root) {
    const c = new Compiler();
    root = c.value({ kind: 'object', object: format.root });
    ROOTS.set(format, root);
  }
  return root;
}

/** One pass over a format, each description it shares (a value used by many fields, an object by many values) made once. */
class Compiler {
  private readonly values = new Map<NativeValue, ValueSpec>();
  private readonly places = new Map<NativeObject, PlaceSpec>();

  value(v: NativeValue): ValueSpec {
    let spec = this.values.get(v);
    if (spec) return spec;
    spec = new ValueSpec(v);
    this.values.set(v, spec);
    if (v.kind === 'object') spec.object = this.place(v.object);
    else if (v.kind === 'array') spec.items = this.value(v.items);
    return spec;
  }

  private place(o: NativeObject): PlaceSpec {
    let place = this.places.get(o);
    if (place) return place;
    place = new PlaceSpec(o.label);
    // Known before its fields: a place that holds itself, deeper down, is the same place.
    this.places.set(o, place);
    const fields = this.fields(o.fields, o.label);
    const groups = o.exactlyOne ?? [];
    place.set = new FieldSet(fields, groups);
    place.atMostOne = o.atMostOne ?? [];
    if (o.variants) {
      place.by = o.variants.by;
      const variants: VariantSpec[] = [];
      for (const [name, v] of Object.entries(o.variants.cases)) {
        const own = this.fields(v.fields, o.label);
        const replaced = new Set(own.map((f) => f.name));
        const joined = new FieldSet([...fields.filter((f) => !replaced.has(f.name)), ...own], [...groups, ...(v.exactlyOne ?? [])]);
        variants.push(new VariantSpec(name, own, joined));
      }
      place.variants = variants;
      place.byVariant = new Map(variants.map((v) => [v.name, v]));
    }
    return place;
  }

  private fields(fields: readonly NativeField[], label: string): FieldSpec[] {
    return fields.map((f) => new FieldSpec(f, this.value(f.value), label));
  }
}
