/**
 * The masked JSONC parse of a templated document: templates are found first
 * (templateScanner), the masked text is parsed with jsonc-parser (jsonTree), and every node
 * keeps the offsets of the source. Strings remember which parts are static and which are
 * templates (strings.ts); what is wrong with the JSON is kept as facts (syntaxProblems.ts).
 */
import type { Node, ParseError } from 'jsonc-parser';
import { startJsonTree, type JsonTreeParse, type TextFacts } from './jsonTree';
import { computeStringInfo, type StringInfo } from './strings';
import { syntaxProblems, type ParseOptions, type SyntaxProblem } from './syntaxProblems';
import { DEFAULT_DEPTH_LIMIT, holdsNoTemplate, startTemplateScan, type ScanResult, type TemplateRegion, type TemplateScan } from './templateScanner';
import type { TextSource } from './textSource';

export type { Node } from 'jsonc-parser';

export interface JsonDocument {
  readonly text: string;
  /**
   * Where parts of `text` are read from without reading it whole, for an editor's long document
   * after an edit (textSource.ts); undefined when `text` was read whole by its parse.
   */
  readonly source: TextSource | undefined;
  /** Likewise for the masked text (`scan.masked`): `source` itself when the text holds no template. */
  readonly maskedSource: TextSource | undefined;
  readonly scan: ScanResult;
  /** The root value, or undefined when the text holds none or was too deep to parse safely. */
  readonly root: Node | undefined;
  readonly syntax: SyntaxProblem[];
  /** jsonc-parser's errors, as the parse met them, of which `syntax` is made (incremental.ts reads them). */
  readonly errors: readonly ParseError[];
  /** True when nesting went past the depth limit and the parse was skipped. */
  readonly tooDeep: boolean;
  /** The template standing in place of this value node, if it is one. */
  valueTemplate(node: Node): TemplateRegion | undefined;
  /** Static and templated parts of a string node (memoised). */
  stringInfo(node: Node): StringInfo;
  /** [start, end) of `text`, read from `source` when there is one: an editing feature reads near the cursor with it. */
  textSlice(start: number, end: number): string;
  /** [start, end) of the masked text (`scan.masked`), read from `maskedSource` when there is one. */
  maskedSlice(start: number, end: number): string;
  /** What other modules derive from this parse, kept with it (see DerivedSlots). */
  readonly derived: DerivedSlots;
}

/**
 * Results derived from one parse by other modules, each filled by its module on first use:
 * the card model (richCard.ts) and the dynamic lists (dynamicList.ts). They live on the parse
 * rather than in a WeakMap per module, since every WeakMap entry is extra work for each
 * garbage collection, and a run over 10,000 messages made three per message. Typed
 * `unknown` here (this module cannot import its users' types without an import cycle); each
 * module reads its slot back as its own type.
 */
interface DerivedSlots {
  /** buildRichCard's model (richCard.ts); null when the root is not an object. */
  card?: unknown;
  /** An earlier parse's card model, taken over with its tree by the re-reads since (incremental.ts). */
  carried?: CarriedModel;
  /** The marker lines read and paired (dynamicList.ts). */
  markers?: unknown;
  /** analyzeLists's result (dynamicList.ts), for a universal message and for the native form. */
  lists?: unknown;
  arrayLists?: unknown;
  /** The native walker's problems for a channel-specific message in native form (findings/native.ts). */
  native?: unknown;
}

/**
 * A model derived from an earlier parse whose tree a re-read after an edit took over
 * (incremental.ts), and what each re-read since changed: in `array`, the elements from `index`
 * on, `removed` of them, became `added` new ones. Nodes elsewhere are the same objects,
 * shifted. The card model of a 20,000-action message took 25 to 70 ms to build again after every
 * keystroke for the first feature that asked for it (links, inlay hints, the outline); brought up
 * to date (richCard.ts), it is the replaced actions' models alone.
 */
export interface CarriedModel {
  readonly model: unknown;
  readonly steps: readonly { array: Node; index: number; removed: number; added: number }[];
}

export function parseJsonDocument(text: string, options: ParseOptions = {}, order?: Node[]): JsonDocument {
  const parse = startJsonDocument(text, options, order);
  parse.run();
  return parse.result();
}

/** A parse that can stop and go on: what parseJsonDocument does in one go. */
export interface JsonDocumentParse {
  /**
   * Parses on until the end, or until `pause` (asked every few milliseconds of work) says to
   * stop; true when the parse is complete. Stopping changes nothing in the result.
   */
  run(pause?: () => boolean): boolean;
  /** The parse once `run` has answered true. */
  result(): JsonDocument;
}

/**
 * parseJsonDocument in steps, for the editor: a multi-megabyte parse takes hundreds of
 * milliseconds, and the server yields between steps so that requests on other documents are
 * answered meanwhile. Both passes stop and go on, the template scan and the JSON tree; the
 * rest is short.
 *
 * A text without `${` (most messages, and every large one met so far) holds no template: its
 * masked text is itself, and one pass of the tree finds what the template scan would (see
 * TextFacts) instead of a pass of each. Should that pass give up, the two passes run.
 *
 * With `order`, the tree's nodes in document order are left in it (see startJsonTree): for a
 * document that will be edited (incremental.ts's `keepNodeOrder`).
 */
export function startJsonDocument(text: string, options: ParseOptions = {}, order?: Node[]): JsonDocumentParse {
  const depthLimit = options.depthLimit ?? DEFAULT_DEPTH_LIMIT;
  let facts: TextFacts | undefined = text.indexOf('${') < 0 ? { depthLimit, maxDepth: 0, markers: [], gaveUp: false } : undefined;
  let scanning: TemplateScan | undefined;
  let tree: JsonTreeParse | undefined;
  let errors: ParseError[] = [];
  let doc: JsonDocument | undefined;
  return {
    run(pause) {
      if (doc) return true;
      if (facts) {
        tree ??= startJsonTree(text, errors, undefined, facts, order);
        if (!tree.run(pause)) return false;
        if (!facts.gaveUp) {
          const scan: ScanResult = {
            templates: [], problems: [], markers: facts.markers, recovered: [], masked: text,
            maxDepth: facts.maxDepth, depthExceededAt: undefined,
          };
          doc = finishParse(text, options, scan, tree.result(), errors);
          return true;
        }
        facts = undefined;
        tree = undefined;
        errors = [];
        if (order) order.length = 0;
      }
      scanning ??= startTemplateScan(text, { depthLimit });
      if (!scanning.run(pause)) return false;
      const scan = scanning.result();
      if (scan.depthExceededAt === undefined) {
        tree ??= startJsonTree(scan.masked, errors, undefined, undefined, order);
        if (!tree.run(pause)) return false;
      }
      doc = finishParse(text, options, scan, tree?.result(), errors);
      return true;
    },
    result() {
      if (!doc) throw new Error('The parse has not finished.');
      return doc;
    },
  };
}

/**
 * The document from its template scan and JSON tree: its syntax problems and template lookups.
 * `tokensFrom`: see syntaxProblems. `source` and `maskedSource`: the document's, when its parse
 * did not read `text` or the masked text whole.
 */
export function finishParse(
  text: string,
  options: ParseOptions,
  scan: ScanResult,
  root: Node | undefined,
  errors: readonly ParseError[],
  tokensFrom = 0,
  source?: TextSource,
  // A text with no template is its own masked text (not compared: that would read both strings).
  maskedSource = holdsNoTemplate(scan) ? source : undefined,
): JsonDocument {
  const { syntax, tooDeep } = syntaxProblems(text, scan, root, errors, options, tokensFrom);

  // Most messages have no template at all: no map to build, and every value is plain.
  const byStart = holdsNoTemplate(scan) ? undefined : new Map<number, TemplateRegion>();
  if (byStart) {
    for (const t of scan.templates) if (!t.inString) byStart.set(t.start, t);
    // A recovered broken template stands for a value too: dynamic, no verdict on it.
    for (const r of scan.recovered) {
      byStart.set(r.start, { start: r.start, end: r.end, expression: text.slice(r.start + 2, r.end), inString: false });
    }
  }

  return {
    text,
    source,
    maskedSource,
    scan,
    root,
    syntax,
    errors,
    tooDeep,
    valueTemplate(node) {
      return byStart && node.type === 'string' ? byStart.get(node.offset) : undefined;
    },
    derived: {},
    textSlice(start, end) {
      return source ? source.slice(start, end) : text.slice(start, end);
    },
    maskedSlice(start, end) {
      return maskedSource ? maskedSource.slice(start, end) : scan.masked.slice(start, end);
    },
    stringInfo(node) {
      // Kept on the node itself (parseJsonTree gives every node the field): no map to hash into.
      const holder = node as Node & { info?: StringInfo };
      if (holder.info) return holder.info;
      // From the source, the node's own characters: reading `text` would copy all of it.
      return (holder.info = source
        ? computeStringInfo(source.slice(node.offset, node.offset + node.length), scan.templates, node, node.offset)
        : computeStringInfo(text, scan.templates, node));
    },
  };
}
