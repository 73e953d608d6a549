/**
 * The model of a Configuration Meta array (spec: Configuration Meta), built once per parse.
 * The same array is read from two places: the root of a `*.configmeta.json` file and the
 * `configurationMeta` property of a native provider descriptor; the rules see one model.
 */
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import { ModelObject, type ObjectModel } from './richCard';
import type { LanguageId } from '../syntax/languages';
import { plainString } from './values';
import { providerOf } from './provider';
import { quote } from '../util/messageQuote';

export interface MetaOption extends ObjectModel {
  index: number;
}

export interface MetaEntry extends ObjectModel {
  index: number;
  /** The options[] array node, when options holds an array. */
  optionsArray: Node | undefined;
  /** Elements of options[] that are objects. */
  options: readonly MetaOption[];
}

interface ConfigMeta {
  /** The array of entries. */
  array: Node;
  /** Every element of the array, whatever its type. */
  elements: Node[];
  /** Elements that are objects. */
  entries: MetaEntry[];
}

const cache = new WeakMap<JsonDocument, Map<LanguageId, ConfigMeta | undefined>>();

/**
 * The Configuration Meta array of a document: the root of a Configuration Meta file, or the
 * provider's `configurationMeta`. Undefined when there is none or it is not an array.
 */
export function configMetaOf(doc: JsonDocument, language: LanguageId): ConfigMeta | undefined {
  let byLanguage = cache.get(doc);
  if (!byLanguage) {
    byLanguage = new Map();
    cache.set(doc, byLanguage);
  }
  if (!byLanguage.has(language)) byLanguage.set(language, build(metaArrayNode(doc, language)));
  return byLanguage.get(language);
}

/** Where the array is: the root (Configuration Meta file) or a provider's configurationMeta. */
function metaArrayNode(doc: JsonDocument, language: LanguageId): Node | undefined {
  let node: Node | undefined;
  if (language === 'configuration-meta') node = doc.root;
  else if (language === 'native-provider') node = providerOf(doc)?.props.get('configurationMeta')?.valueNode;
  return node && node.type === 'array' ? node : undefined;
}

/** The JSON path (from the root) of the Configuration Meta array in a file of this language. */
export function metaArrayPath(language: LanguageId): readonly string[] | undefined {
  if (language === 'configuration-meta') return [];
  if (language === 'native-provider') return ['configurationMeta'];
  return undefined;
}

function build(array: Node | undefined): ConfigMeta | undefined {
  if (!array) return undefined;
  const elements = array.children ?? [];
  const entries: MetaEntry[] = [];
  for (let index = 0; index < elements.length; index++) {
    const el = elements[index];
    if (el.type !== 'object') continue;
    entries.push(new Entry(el, index));
  }
  return { array, elements, entries };
}

const NO_OPTIONS: readonly MetaOption[] = [];

class Entry extends ModelObject implements MetaEntry {
  declare readonly index: number;
  declare readonly optionsArray: Node | undefined;
  declare readonly options: readonly MetaOption[];
  constructor(node: Node, index: number) {
    super(node);
    this.index = index;
    const optionsValue = this.get('options')?.valueNode;
    const optionsArray = optionsValue && optionsValue.type === 'array' ? optionsValue : undefined;
    const options: MetaOption[] = [];
    const choices = optionsArray?.children ?? [];
    for (let i = 0; i < choices.length; i++) if (choices[i].type === 'object') options.push(new Option(choices[i], i));
    this.optionsArray = optionsArray;
    // Options cut to their size (a push leaves room for 16), and one empty list for every entry
    // without: a model lives as long as its parse.
    this.options = options.length > 0 ? options.slice() : NO_OPTIONS;
  }
}

class Option extends ModelObject implements MetaOption {
  declare readonly index: number;
  constructor(node: Node, index: number) {
    super(node);
    this.index = index;
  }
}

/** How messages name an entry: by its key when it has a plain one, else by position. */
export function entryName(doc: JsonDocument, entry: MetaEntry): string {
  const key = plainString(doc, entry.props.get('key'));
  return key ? `Entry ${quote(key)}` : `Entry ${entry.index + 1}`;
}

/** The entry's plain type value ("String", ...), if it is written as a plain string. */
export function entryType(doc: JsonDocument, entry: MetaEntry): string | undefined {
  return plainString(doc, entry.props.get('type'));
}

const ACRONYMS = new Set([
  'api', 'id', 'url', 'uri', 'http', 'https', 'sms', 'ssl', 'tls', 'ip', 'json', 'xml', 'oauth', 'sdk', 'smtp', 'crm',
]);

/**
 * Words of an identifier-like name: camelCase, snake_case, kebab-case, dots and spaces. A word
 * ends before an upper-case letter that follows a lower-case one (`apiKey`), before an
 * upper-case letter followed by a lower-case one after a digit (`oauth2Token`) or after
 * another upper-case letter (`APIKey` gives API, Key), and at every character that is not an
 * ASCII letter or digit. One pass: the replace chain it stands for, with
 * /([A-Z]+)([A-Z][a-z])/g, backtracked over long upper-case runs.
 */
export function nameWords(name: string): string[] {
  const words: string[] = [];
  let start = -1; // start of the current word, -1 between words
  for (let k = 0; k <= name.length; k++) {
    const c = k < name.length ? name.charCodeAt(k) : -1;
    if (!isAlnum(c)) {
      if (start >= 0) words.push(name.slice(start, k));
      start = -1;
      continue;
    }
    if (start >= 0 && isUpper(c)) {
      const before = name.charCodeAt(k - 1);
      const lowerNext = k + 1 < name.length && isLower(name.charCodeAt(k + 1));
      if (isLower(before) || (lowerNext && (isDigit(before) || isUpper(before)))) {
        words.push(name.slice(start, k));
        start = k;
      }
    }
    if (start < 0) start = k;
  }
  return words;
}

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => isUpper(c) || isLower(c) || isDigit(c);

/** A label for the Integrations form made from a key: `apiKey` gives "API key", `sandbox_mode` "Sandbox mode". */
export function labelFromKey(key: string): string {
  const words = nameWords(key).map((w, i) => {
    if (ACRONYMS.has(w.toLowerCase())) return w.toUpperCase();
    if (/^[A-Z0-9]+$/.test(w) && w.length > 1) return w;
    return i === 0 ? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase();
  });
  return words.join(' ');
}

/** An identifier key made from a label or a malformed key: "API key" gives apiKey; undefined when nothing is left. */
export function keyFromLabel(label: string): string | undefined {
  const words = nameWords(label);
  if (words.length === 0) return undefined;
  const key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('');
  return /^\d/.test(key) ? `_${key}` : key;
}

/**
 * True when a key survives code generation as an identifier (ASCII letters, digits, _; not
 * starting with a digit). Asked of every key of a file: a scan by character code.
 */
export function isIdentifierKey(key: string): boolean {
  if (key.length === 0) return false;
  for (let k = 0; k < key.length; k++) {
    const c = key.charCodeAt(k);
    if (!(isUpper(c) || isLower(c) || c === 95 /* _ */ || (k > 0 && isDigit(c)))) return false;
  }
  return true;
}
