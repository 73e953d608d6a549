/**
 * The one walker over a channel's native format (schema.ts): it judges a native message in
 * NAME.<channel>.umsg (with exact positions and templates) and a plain JSON payload (what
 * `umsg render` prints) by the same code. Each problem names the rule it is filed under, its
 * place as a dotted path, and the channel's fact it breaks. Linear in the input: one visit per
 * value, sets for uniqueness, a name lookup per property.
 */
import type { JsonDocument, Node } from '../../syntax/jsonDocument';
import type { StringInfo } from '../../syntax/strings';
import { plainText, propertyKey, propertyValue } from '../../syntax/nodes';
import type { SampleData } from '../../template/render';
import type { JsonValue } from '../../template/templateEval';
import { isGlobalNumber, isPlusDigits } from '../../model/phoneNumber';
import { urlProblem } from '../../model/url';
import { renderedValues } from '../../model/values';
import { listRepeats, renderedList } from '../../template/dynamicList';
import { evaluate } from '../../template/templateEval';
import { codePointLength } from '../../util/codePoints';
import { formatCount } from '../../util/count';
import { suggest } from '../../util/didYouMean';
import { quote, quoteJson, quoteJsonValue } from '../../util/messageQuote';
import type { NativeFormat } from './schema';
import { rootSpec, type FieldSpec, type ItemPath, type PlaceSpec, type ValueSpec } from './walkSpec';

/** The rules native problems are filed under. */
export type NativeRuleId =
  | 'unknown-property'
  | 'value-type'
  | 'channel-limit'
  | 'native-required'
  | 'native-value'
  | 'native-platform-field';

/** One thing the channel's API rejects (or sets itself) in a native message or payload. */
export interface NativeProblem {
  rule: NativeRuleId;
  message: string;
  /** The place, as a dotted path (`interactive.action.sections[0].rows[1].title`); '' for the root. */
  path: string;
  /** Where in the document (0 and 0 for a plain payload). */
  offset: number;
  length: number;
  /** The earlier value a repeated one repeats. */
  related?: { offset: number; length: number; message: string };
  /** A value shorter or with fewer items than the channel takes (an empty text): a missing value, in effect. */
  short?: boolean;
}

interface NativeWalkOptions {
  /** The channel's name in messages ("WhatsApp"). */
  channelName: string;
  sample?: SampleData;
  /** Polled now and then; when it returns true the walk stops early (`cancelled`). */
  isCancelled?: () => boolean;
}

interface NativeWalkResult {
  problems: NativeProblem[];
  cancelled: boolean;
}

/** A native message in a parsed document: positions on the offending key or value, templates respected. */
export function checkNativeDocument(doc: JsonDocument, format: NativeFormat, options: NativeWalkOptions): NativeWalkResult {
  const walk = new Walk<Node>(new NodeSource(doc, options.sample), format, options);
  if (doc.root) walk.value(doc.root, rootSpec(format), '', 'message', undefined);
  return { problems: walk.problems, cancelled: walk.cancelled };
}

/** A plain JSON payload (a rendered or translated message): problems by path. */
export function validateNativeValue(value: JsonValue, format: NativeFormat, channelName: string): NativeProblem[] {
  const walk = new Walk<JsonValue>(VALUE_SOURCE, format, { channelName });
  walk.value(value, rootSpec(format), '', 'message', undefined);
  return walk.problems;
}

// What the walker reads of a tree: the parsed document's nodes or plain JSON values.

type Kind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

interface Site {
  offset: number;
  length: number;
}

interface Entry<N> {
  /** Undefined for a templated key: no verdict on it. */
  name: string | undefined;
  key: N | undefined;
  value: N;
}

interface Rendered {
  value: JsonValue;
  info: StringInfo;
  /** The dynamic list element it was rendered for, when in the list's body. */
  element: number | undefined;
  site: Site;
  message(problem: string): string;
}

interface Source<N> {
  /** 'template' for a value that is wholly a template. */
  kind(n: N): Kind | 'template';
  entries(n: N): Entry<N>[];
  /** The value of the first property of object `n` named `name` (a templated key names none). */
  property(n: N, name: string): N | undefined;
  items(n: N): readonly N[];
  text(n: N): StringInfo;
  scalar(n: N): JsonValue;
  /** With sample data, what a templated value renders to (undefined: no sample, or nothing could be evaluated). */
  rendered(n: N, path: string, kind: 'text' | 'json'): Rendered[] | undefined;
  site(n: N | undefined): Site;
  /**
   * For an array holding a dynamic list body (`// @each` … `// @end`): its elements inside the
   * body, and how many times the body repeats with the sample data (undefined without).
   */
  repeated(n: N): { body: ReadonlySet<N>; times: number | undefined } | undefined;
  /** True when a syntax error lies inside `n`: it is still being typed, so what it lacks is not reported yet. */
  broken(n: N): boolean;
  /** Where a missing field of object `n` is reported when it has no key: its opening brace. */
  brace(n: N): Site;
}

/**
 * A parsed document's nodes as the walker reads them. A class, not an object of closures made
 * per document: every document's source then has the same methods, and the walker's calls into
 * it go to one function each.
 */
class NodeSource implements Source<Node> {
  private errors: number[] | undefined;
  private renderedBy: Map<Node, { key: string; value: Rendered[] }> | undefined;

  constructor(private readonly doc: JsonDocument, private readonly sample: SampleData | undefined) {
    this.errors = undefined;
    this.renderedBy = undefined;
  }

  broken(n: Node): boolean {
    const doc = this.doc;
    if (doc.syntax.length === 0) return false;
    const errors = (this.errors ??= doc.syntax.map((e) => e.offset).sort((a, b) => a - b));
    // The first error at or after the node's start, by binary search: one lookup per object.
    let lo = 0;
    let hi = errors.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (errors[mid] < n.offset) lo = mid + 1; else hi = mid;
    }
    return lo < errors.length && errors[lo] <= n.offset + n.length;
  }

  kind(n: Node): Kind | 'template' {
    if (this.doc.valueTemplate(n)) return 'template';
    return n.type === 'property' ? 'null' : n.type;
  }

  // A key's name is its plainText: no string info is built for a key without a template (all but a few).
  entries(n: Node): Entry<Node>[] {
    const out: Entry<Node>[] = [];
    const children = n.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const key = propertyKey(children[i]);
      const value = propertyValue(children[i]);
      if (!key || !value) continue;
      out.push({ name: plainText(this.doc, key), key, value });
    }
    return out;
  }

  property(n: Node, name: string): Node | undefined {
    const children = n.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const key = propertyKey(children[i]);
      const value = propertyValue(children[i]);
      if (key && value && plainText(this.doc, key) === name) return value;
    }
    return undefined;
  }

  items(n: Node): readonly Node[] {
    return n.children ?? [];
  }

  text(n: Node): StringInfo {
    return this.doc.stringInfo(n);
  }

  scalar(n: Node): JsonValue {
    return n.value as JsonValue;
  }

  rendered(n: Node, path: string, kind: 'text' | 'json'): Rendered[] | undefined {
    // A templated id is rendered for its own checks and again for uniqueness: once is enough.
    const key = `${kind} ${path}`;
    const kept = this.renderedBy?.get(n);
    if (kept?.key === key) return kept.value.length === 0 ? undefined : kept.value;
    const values = renderedValues(this.doc, n, path, this.sample, kind) ?? [];
    const value = values.map((r) => ({
      value: r.value, info: r.info, element: r.element, site: { offset: r.offset, length: r.length }, message: r.message,
    }));
    (this.renderedBy ??= new Map()).set(n, { key, value });
    return value.length === 0 ? undefined : value;
  }

  site(n: Node | undefined): Site {
    return n ? { offset: n.offset, length: n.length } : { offset: 0, length: 0 };
  }

  brace(n: Node): Site {
    return { offset: n.offset, length: 1 };
  }

  repeated(n: Node): { body: ReadonlySet<Node>; times: number | undefined } | undefined {
    const doc = this.doc;
    if (doc.scan.markers.length === 0) return undefined; // the common case: no marker line at all
    const list = renderedList(doc);
    // Only a body that renders repeats (one element directly in an array; dynamic-list reports any other).
    if (!list || list.array !== n || !listRepeats(list, 'array')) return undefined;
    const bound = this.sample ? evaluate(list.list, { data: this.sample }) : undefined;
    return { body: new Set(list.elements), times: bound?.ok && Array.isArray(bound.value) ? bound.value.length : undefined };
  }
}

interface StringProblem {
  rule: NativeRuleId;
  message: string;
  short?: boolean;
}

const NOWHERE: Site = { offset: 0, length: 0 };

const NO_PROBLEMS: readonly StringProblem[] = Object.freeze([]);

const VALUE_SOURCE: Source<JsonValue> = {
  kind(v) {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'array';
    const t = typeof v;
    return t === 'object' ? 'object' : (t as Kind);
  },
  entries: (v) => Object.entries(v as Record<string, JsonValue>).map(([name, value]) => ({ name, key: undefined, value })),
  property: (v, name) => (Object.hasOwn(v as object, name) ? (v as Record<string, JsonValue>)[name] : undefined),
  items: (v) => v as JsonValue[],
  text: (v) => plainInfo(v as string),
  scalar: (v) => v,
  rendered: () => undefined,
  repeated: () => undefined,
  broken: () => false,
  site: () => NOWHERE,
  brace: () => NOWHERE,
};

function plainInfo(s: string): StringInfo {
  return { staticText: s, staticLength: codePointLength(s), templates: [], wholly: false, prefix: s, segments: [s] };
}

/** How often the walk polls `isCancelled`, in values visited. */
const POLL_EVERY = 512;

class Walk<N> {
  readonly problems: NativeProblem[] = [];
  cancelled = false;
  private visited = 0;
  private readonly name: string;

  constructor(private readonly src: Source<N>, private readonly format: NativeFormat, private readonly options: NativeWalkOptions) {
    this.name = options.channelName;
  }

  private report(rule: NativeRuleId, path: string, site: Site, message: string, related?: NativeProblem['related'], short?: boolean): void {
    this.problems.push({
      rule, message, path, offset: site.offset, length: site.length, ...(related ? { related } : {}), ...(short ? { short } : {}),
    });
  }

  /**
   * One value against its spec. `what` names the place in messages ("list row title"); `key`
   * is the key the value stands under, where a missing field of an object is reported.
   */
  value(n: N, spec: ValueSpec, path: string, what: string, key: N | undefined): void {
    if (this.cancelled) return;
    if (++this.visited % POLL_EVERY === 0 && this.options.isCancelled?.()) {
      this.cancelled = true;
      return;
    }
    const src = this.src;
    const kind = src.kind(n);
    if (kind === 'template') {
      // A value that is wholly a template: no verdict, unless the sample data renders it.
      for (const r of src.rendered(n, shownPath(path), 'json') ?? []) this.rendered(r, spec, path, what);
      return;
    }
    if (spec.kind === 'any') return;
    const expected = spec.kind === 'integer' || spec.kind === 'number' ? 'number' : spec.kind;
    if (kind !== expected) {
      this.report('value-type', path, src.site(n), `${shownPath(path)} must be ${article(spec)}, found ${describe(kind, src.scalar(n))}.`);
      return;
    }
    switch (spec.kind) {
      case 'string': return this.string(n, spec, path, what);
      case 'integer':
      case 'number': return this.number(n, spec, path, what);
      case 'object': return this.object(n, spec.object!, path, key);
      case 'array': return this.array(n, spec, path, what);
      default: return;
    }
  }

  /** A rendered value judged as written, reported on its template with the sample data named. */
  private rendered(r: Rendered, spec: ValueSpec, path: string, what: string): void {
    const inner = new Walk<JsonValue>(VALUE_SOURCE, this.format, this.options);
    inner.value(r.value, spec, path, what, undefined);
    for (const p of inner.problems) this.report(p.rule, p.path, r.site, r.message(p.message), undefined, p.short);
  }

  private string(n: N, spec: ValueSpec, path: string, what: string): void {
    const info = this.src.text(n);
    if (info.templates.length > 0) {
      const rendered = this.src.rendered(n, shownPath(path), 'text');
      if (rendered) {
        for (const r of rendered) for (const p of this.stringProblems(r.info, spec, path, what)) {
          this.report(p.rule, path, r.site, r.message(p.message), undefined, p.short);
        }
        return;
      }
    }
    const problems = this.stringProblems(info, spec, path, what);
    if (problems.length === 0) return;
    const site = this.src.site(n);
    for (const p of problems) this.report(p.rule, path, site, p.message, undefined, p.short);
  }

  /** What the channel rejects in a string (none, most often: one empty list for all, no list made). */
  private stringProblems(info: StringInfo, spec: ValueSpec, path: string, what: string): readonly StringProblem[] {
    let out: StringProblem[] | undefined;
    const field = shownPath(path);
    if (info.wholly) return NO_PROBLEMS;
    const templated = info.templates.length > 0;
    // A text has at most as many code points as UTF-16 units, and at least half as many: only
    // a text whose units could cross a limit is counted (nearly every text fits, uncounted).
    const units = info.staticText.length;
    const maybeLong = spec.maxLength !== undefined && units > spec.maxLength;
    const maybeShort = !templated && spec.minLength !== undefined && units < 2 * spec.minLength;
    const length = maybeLong || maybeShort ? info.staticLength : units;
    if (maybeLong && length > spec.maxLength) {
      const count = templated ? `at least ${formatCount(length)} characters without its templates` : `${formatCount(length)} characters`;
      const message = `${field} has ${count}: ${this.name} allows at most ${formatCount(spec.maxLength)} (${what}).`;
      (out ??= []).push({ rule: 'channel-limit', message });
    }
    if (maybeShort && length < spec.minLength) {
      (out ??= []).push({
        rule: 'channel-limit',
        short: true,
        message: length === 0
          ? `${field} is empty: ${this.name} requires at least ${formatCount(spec.minLength)} ` +
            `character${spec.minLength === 1 ? '' : 's'} (${what}).`
          : `${field} has ${formatCount(length)} characters: ${this.name} requires at least ${formatCount(spec.minLength)} (${what}).`,
      });
    }
    if (spec.enum && !templated && !spec.enum.includes(info.staticText)) {
      const s = suggest(info.staticText, spec.enum);
      (out ??= []).push({
        rule: 'native-value',
        message: `${field} is ${quoteJson(info.staticText)}: ${this.name} accepts ${joinOr(spec.enum)} (${what})` +
          (s ? `; did you mean "${s}"?` : '.'),
      });
    }
    if (spec.form === 'url' || spec.form === 'https') {
      const problem = urlProblem(field, info);
      if (problem) (out ??= []).push({ rule: 'native-value', message: problem });
      else if (spec.form === 'https' && !templated && !/^https:/i.test(info.staticText.trim())) {
        const message = `${field} must use https: ${this.name} does not fetch http URLs here (${what}).`;
        (out ??= []).push({ rule: 'native-value', message });
      }
    }
    if (spec.form === 'phone' && !templated) {
      const e164 = this.format.phoneForm === 'e164';
      if (!(e164 ? isPlusDigits(info.staticText) : isGlobalNumber(info.staticText))) (out ??= []).push({
        rule: 'native-value',
        message: `${field} is ${quoteJson(info.staticText)}: ${this.name} takes a phone number as ` +
          `${e164 ? '+ and digits only, such as +12015550123' : 'a global number, such as +1-201-555-0123'} (${what}).`,
      });
    }
    return out ?? NO_PROBLEMS;
  }

  private number(n: N, spec: ValueSpec, path: string, what: string): void {
    const v = this.src.scalar(n) as number;
    const field = shownPath(path);
    if (spec.kind === 'integer' && !Number.isInteger(v)) {
      this.report('value-type', path, this.src.site(n), `${field} must be a whole number, found ${v}.`);
      return;
    }
    if (spec.min !== undefined && v < spec.min) {
      this.report('native-value', path, this.src.site(n), `${field} is ${v}: ${this.name} takes at least ${spec.min} (${what}).`);
    } else if (spec.max !== undefined && v > spec.max) {
      this.report('native-value', path, this.src.site(n), `${field} is ${v}: ${this.name} takes at most ${spec.max} (${what}).`);
    }
  }

  private object(n: N, place: PlaceSpec, path: string, key: N | undefined): void {
    const src = this.src;
    const entries = src.entries(n);
    /** The variant's value when it is written out, and whether the place knows it. */
    let variant: string | undefined;
    let set = place.set;
    let known = true;
    if (place.by !== undefined) {
      const by = firstEntry(entries, place.by);
      const byText = by && src.kind(by.value) === 'string' ? src.text(by.value) : undefined;
      if (byText && byText.templates.length === 0) variant = byText.staticText;
      const chosen = variant === undefined ? undefined : place.byVariant.get(variant);
      if (chosen) set = chosen.set;
      else known = false;
    }
    const { fields, groups, byName } = set;
    let templatedKey = false;
    // Indexed loops, and the fields present found in `entries` itself rather than in a Map made
    // per object: an object has a handful of fields, and a channel's required fields and groups
    // are a few names, so a search per name stays linear in the object's size.
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      if (e.name === undefined) { templatedKey = true; continue; }
      const fieldPath = path ? `${path}.${e.name}` : e.name;
      const f = byName.get(e.name) ?? (known ? undefined : variantField(place, e.name));
      if (!f) {
        this.unknown(place, e, fieldPath, variant, known, fields);
        continue;
      }
      if (f.platform) {
        this.report('native-platform-field', fieldPath, src.site(e.key), `${quote(e.name)} is set by the platform when it sends ` +
          `the message (${lowerFirst(f.doc)}): what is written here is replaced, remove it.`);
        continue;
      }
      this.value(e.value, f.value, fieldPath, f.what, e.key);
    }
    // A templated key may be any field, and an object with a syntax error in it is still being
    // typed: no verdict on what is missing.
    if (templatedKey || src.broken(n)) return;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      if (f.required && !f.platform && !firstEntry(entries, f.name)) {
        const fieldPath = path ? `${path}.${f.name}` : f.name;
        this.report('native-required', fieldPath, this.missingSite(n, key), `${capital(place.label)}${pathShown(path)} needs ${f.name}: ` +
          `${this.name} rejects it without.`);
      }
    }
    for (let i = 0; i < groups.length; i++) this.group(groups[i], entries, place, path, n, key, true);
    for (let i = 0; i < place.atMostOne.length; i++) this.group(place.atMostOne[i], entries, place, path, n, key, false);
  }

  /** Where a field missing from object `n` is reported: on the key it stands under, else on its opening brace. */
  private missingSite(n: N, key: N | undefined): Site {
    return key !== undefined ? this.src.site(key) : this.src.brace(n);
  }

  private group(
    group: readonly string[],
    entries: readonly Entry<N>[],
    place: PlaceSpec,
    path: string,
    n: N,
    key: N | undefined,
    exactly: boolean,
  ): void {
    // Counted first: most objects give one of a group, and then nothing is reported or listed.
    let given = 0;
    for (let i = 0; i < group.length; i++) if (firstEntry(entries, group[i])) given++;
    if (given === 0 && exactly) {
      const message = `${capital(place.label)}${pathShown(path)} needs one of ${joinOr(group, '')}: ${this.name} rejects it without.`;
      this.report('native-required', path, this.missingSite(n, key), message);
      return;
    }
    if (given < 2) return;
    const found = group.filter((name) => firstEntry(entries, name));
    for (const extra of found.slice(1)) {
      const e = firstEntry(entries, extra)!;
      this.report(
        'native-required',
        path ? `${path}.${extra}` : extra,
        this.src.site(e.key),
        `${capital(place.label)}${pathShown(path)} takes ${exactly ? 'exactly' : 'at most'} one of ${joinOr(group, '')}: ` +
          `${found[0]} is already given, remove ${extra}.`,
      );
    }
  }

  private unknown(
    place: PlaceSpec,
    e: Entry<N>,
    fieldPath: string,
    variant: string | undefined,
    known: boolean,
    fields: readonly FieldSpec[],
  ): void {
    const name = e.name!;
    const site = this.src.site(e.key);
    if (place.by !== undefined && known && variant !== undefined) {
      const owners = place.variants.filter((c) => c.own.some((f) => f.name === name)).map((c) => c.name);
      if (owners.length > 0) {
        this.report('unknown-property', fieldPath, site, `${quote(name)} is not part of ${place.label} of ${place.by} ` +
          `${quoteJson(variant)}: it belongs to ${place.by} ${joinOr(owners.map((o) => quoteJson(o)), '')}, ` +
          `and ${this.name} rejects it here.`);
        return;
      }
    }
    const names = fields.filter((f) => !f.platform).map((f) => f.name);
    const s = suggest(name, names);
    this.report('unknown-property', fieldPath, site, s
      ? `Unknown property ${quote(name)} in ${place.label}: did you mean "${s}"?`
      : `Unknown property ${quote(name)} in ${place.label}: ${this.name} rejects it. Known: ${names.join(', ')}.`);
  }

  private array(n: N, spec: ValueSpec, path: string, what: string): void {
    const src = this.src;
    const items = src.items(n);
    // A dynamic list body repeats once per element of its list: a known count with the sample
    // data, else the items outside it are a lower bound (no verdict on a minimum).
    const list = src.repeated(n);
    const weight = (item: N) => (list?.body.has(item) ? list.times ?? 0 : 1);
    let count = items.length;
    if (list) {
      count = 0;
      for (const item of items) count += weight(item);
    }
    const atLeast = list !== undefined && list.times === undefined;
    const rendered = list?.times !== undefined ? ' with the sample data' : '';
    if (spec.maxItems !== undefined && count > spec.maxItems) {
      const counted = atLeast ? `at least ${formatCount(count)} items outside its dynamic list` : `${formatCount(count)} items`;
      this.report('channel-limit', path, src.site(n), `${shownPath(path)} has ${counted}${rendered}: ${this.name} allows at most ` +
        `${formatCount(spec.maxItems)} (${what}).`);
    } else if (!atLeast && spec.minItems !== undefined && count < spec.minItems) {
      this.report('channel-limit', path, src.site(n), `${shownPath(path)} has ${formatCount(count)} item${count === 1 ? '' : 's'}` +
        `${rendered}: ${this.name} requires at least ${formatCount(spec.minItems)} (${what}).`, undefined, true);
    }
    const itemWhat = singular(what);
    const itemSpec = spec.items!;
    for (let i = 0; i < items.length; i++) this.value(items[i], itemSpec, `${path}[${i}]`, itemWhat, undefined);
    if (spec.totalMax) this.total(n, items, spec.totalMax, path, what, weight);
    for (const by of spec.uniqueBy) this.unique(items, by, path, what);
  }

  /** A limit on the items of a nested array summed over all items. */
  private total(
    array: N,
    items: readonly N[],
    limit: { path: ItemPath; max: number },
    path: string,
    what: string,
    weight: (item: N) => number,
  ): void {
    let sum = 0;
    for (const item of items) {
      const times = weight(item);
      if (times === 0) continue;
      for (const { value } of this.at(item, limit.path)) {
        if (this.src.kind(value) !== 'array') continue;
        const inner = this.src.items(value);
        const list = this.src.repeated(value);
        let n = inner.length;
        if (list) {
          n = 0;
          for (const x of inner) n += list.body.has(x) ? list.times ?? 0 : 1;
        }
        sum += n * times;
      }
    }
    if (sum > limit.max) {
      this.report('channel-limit', path, this.src.site(array), `${shownPath(path)} has ${formatCount(sum)} ${limit.path.last} in all: ` +
        `${this.name} allows at most ${formatCount(limit.max)} (${what}).`);
    }
  }

  /**
   * Values that must be unique across the items: each repeat is reported on the repeat, with the
   * first as related. A templated value is judged on what it renders to with the sample data
   * (once per element of the dynamic list, in its body), and not at all without.
   */
  private unique(items: readonly N[], by: ItemPath, path: string, what: string): void {
    const seen = new Map<string, { site: Site; path: string }>();
    const name = by.last;
    const judge = (text: string, site: Site, here: string, shown: string, say: (problem: string) => string) => {
      const first = seen.get(text);
      if (!first) { seen.set(text, { site, path: shown }); return; }
      const quoted = quoteJson(text);
      const related = { ...first.site, message: `The first ${name} ${quoted}.` };
      this.report('channel-limit', here, site, say(`${here} repeats the ${name} ${quoted} of ${first.path}: ` +
        `${this.name} requires each ${name} to be unique (${what}).`), related);
    };
    for (let i = 0; i < items.length; i++) {
      for (const v of this.at(items[i], by)) {
        if (this.src.kind(v.value) !== 'string') continue;
        const info = this.src.text(v.value);
        const here = `${path}[${i}]${v.path}`;
        if (info.templates.length === 0) {
          judge(info.staticText, this.src.site(v.value), here, here, (m) => m);
          continue;
        }
        for (const r of this.src.rendered(v.value, here, 'text') ?? []) {
          const shown = r.element === undefined ? here : `${here} (list element ${r.element + 1})`;
          judge(r.info.staticText, r.site, here, shown, r.message);
        }
      }
    }
  }

  /** The values at a path inside an item (`reply.id`, `rows[].id`: `[]` steps into every element of an array). */
  private at(item: N, path: ItemPath): { value: N; path: string }[] {
    let current: { value: N; path: string }[] = [{ value: item, path: '' }];
    for (const { name, each } of path.steps) {
      const next: { value: N; path: string }[] = [];
      for (const c of current) {
        if (this.src.kind(c.value) !== 'object') continue;
        const value = this.src.property(c.value, name);
        if (value === undefined) continue;
        const at = `${c.path}.${name}`;
        if (!each) next.push({ value, path: at });
        else if (this.src.kind(value) === 'array') {
          this.src.items(value).forEach((v, i) => next.push({ value: v, path: `${at}[${i}]` }));
        }
      }
      current = next;
    }
    return current;
  }
}

/** A field some variant of the place defines: judged by that variant's spec while the variant is not known. */
function variantField(place: PlaceSpec, name: string): FieldSpec | undefined {
  for (const c of place.variants) {
    const f = c.own.find((x) => x.name === name);
    if (f) return f;
  }
  return undefined;
}

function shownPath(path: string): string {
  return path || 'the message';
}

/** A place's path as messages add it after its label: ` (interactive.action)`, nothing for the root. */
function pathShown(path: string): string {
  return path ? ` (${path})` : '';
}

/** "list rows" → "list row": the place of one item of an array field. */
function singular(what: string): string {
  return what.endsWith('s') ? what.slice(0, -1) : what;
}

function lowerFirst(s: string): string {
  return (s.charAt(0).toLowerCase() + s.slice(1)).replace(/\.$/, '');
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `"a", "b" or "c"` (quoted) or `a, b or c` (names, with `quoteMark` ''). */
function joinOr(items: readonly string[], quoteMark = '"'): string {
  const shown = items.map((s) => `${quoteMark}${s}${quoteMark}`);
  return shown.length <= 1 ? shown.join('') : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

function article(spec: ValueSpec): string {
  switch (spec.kind) {
    case 'string': return 'a string';
    case 'integer': return 'a whole number';
    case 'number': return 'a number';
    case 'boolean': return 'true or false';
    case 'object': return 'an object';
    case 'array': return 'an array';
    default: return 'a value';
  }
}

function describe(kind: Kind, value: JsonValue): string {
  switch (kind) {
    case 'object': return 'an object';
    case 'array': return 'an array';
    case 'string': return 'a string';
    case 'number': return `the number ${quoteJsonValue(value)}`;
    case 'boolean': return value === true ? 'true' : 'false';
    default: return 'null';
  }
}

/** The first of `entries` named `name` (the one a repeated field is reported on), if any. */
function firstEntry<N>(entries: readonly Entry<N>[], name: string): Entry<N> | undefined {
  for (let i = 0; i < entries.length; i++) if (entries[i].name === name) return entries[i];
  return undefined;
}
