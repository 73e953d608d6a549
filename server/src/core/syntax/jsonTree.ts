/**
 * The JSONC tree of a (masked) document, in one pass with an explicit stack: the same nodes,
 * errors and error recovery as jsonc-parser's parseTree, which it replaces because that one
 * is recursive and pays for a visitor and a JSON path it does not need here (slower on large
 * messages). test/syntax/jsonTree.test.ts holds the two side by side on fixtures,
 * generated cards and random text.
 */
import { createScanner, type JSONScanner, type Node, type ParseError } from 'jsonc-parser';
import { readMarker, type MarkerLine } from './templateScanner';

// jsonc-parser's SyntaxKind and ParseErrorCode values (const enums cannot be imported by a bundler).
const enum Token {
  OpenBrace = 1, CloseBrace = 2, OpenBracket = 3, CloseBracket = 4, Comma = 5, Colon = 6,
  Null = 7, True = 8, False = 9, String = 10, Number = 11, LineComment = 12, BlockComment = 13,
  LineBreak = 14, Trivia = 15, Unknown = 16, EOF = 17,
}
const enum Code {
  InvalidSymbol = 1, InvalidNumberFormat = 2, PropertyNameExpected = 3, ValueExpected = 4,
  ColonExpected = 5, CommaExpected = 6, CloseBraceExpected = 7, CloseBracketExpected = 8,
  EndOfFileExpected = 9, UnexpectedEndOfComment = 11, UnexpectedEndOfString = 12,
  UnexpectedEndOfNumber = 13, InvalidUnicode = 14, InvalidEscapeCharacter = 15, InvalidCharacter = 16,
}
// jsonc-parser's ScanError values, mapped to parse errors as its parser does.
const SCAN_ERRORS: Record<number, Code> = {
  4: Code.InvalidUnicode, 5: Code.InvalidEscapeCharacter, 3: Code.UnexpectedEndOfNumber,
  1: Code.UnexpectedEndOfComment, 2: Code.UnexpectedEndOfString, 6: Code.InvalidCharacter,
};

/**
 * jsonc-parser's Node but for `colonOffset`, which nothing reads: a field less (8 bytes) on
 * every node of a tree that large documents keep through garbage collections, which copy it
 * byte by byte.
 */
type MutableNode = LiteralNode | PropertyNode;

type LiteralNode = {
  type: Exclude<Node['type'], 'property'>;
  offset: number;
  length: number;
  parent: MutableNode | undefined;
  children: MutableNode[] | undefined;
  value: unknown;
  /**
   * The string's static and templated parts, filled in by JsonDocument.stringInfo when asked:
   * on the node, it stays with it through a re-parse after an edit (incremental.ts), which
   * keeps the nodes the edit did not touch.
   */
  info: unknown;
};

/** Every node but a property gets every field, so that all share one shape (fast to build and to read). */
function node(
  type: Exclude<Node['type'], 'property'>,
  offset: number,
  length: number,
  parent: MutableNode | undefined,
  children: MutableNode[] | undefined,
  value: unknown,
): LiteralNode {
  return { type, offset, length, parent, children, value, info: undefined };
}

/**
 * A property: its name, its key's length and its value (undefined when none came) are fields
 * of its own; its key node and `children`, [key, value] as jsonc-parser gives them, are made
 * when asked. A children array per property was two more objects (the array and its elements)
 * and 64 bytes on each of the 85,000 properties of the 3.9 MB card, kept through collections
 * with the tree. The card model and the rules read `name`, `key` and `valueNode` (nodes.ts:
 * propertyKey and propertyValue for any node), which make no array.
 *
 * It is also the models' property (core/model/richCard.ts's Prop): `name` and `property` are
 * read from it, so that a model of an object is its node's children, not one more object per
 * property. A model of the 50,000-entry Configuration Meta was 225,000 such objects and
 * 150,000 arrays, which every full garbage collection marked while someone typed in it
 * (docs/performance.md, "The full collection while typing").
 */
export class PropertyNode {
  // Fields assigned in the constructor, in the order of the other nodes' (no class fields:
  // each is defined on the new object before the constructor runs, a cost per property).
  declare readonly type: 'property';
  declare offset: number;
  declare length: number;
  declare parent: MutableNode | undefined;
  /** The key's text: the parse makes a property only at a string. */
  declare readonly name: string;
  /** The key's length in the text, quotes included. */
  declare readonly keyLength: number;
  /** The key's node, once asked for (`key`). */
  declare private keyNode: LiteralNode | undefined;
  declare valueNode: MutableNode | undefined;
  /** jsonc-parser's property node has no value of its own: no field, read as undefined. */
  declare readonly value: undefined;
  constructor(offset: number, parent: MutableNode | undefined, keyLength: number, name: string) {
    this.type = 'property';
    this.offset = offset;
    this.length = -1;
    this.parent = parent;
    this.name = name;
    this.keyLength = keyLength;
    this.keyNode = undefined;
    this.valueNode = undefined;
  }
  /**
   * The key, a string node, made the first time it is asked for: the rules read a property's
   * name, and want its node only for a finding on it. The parse of the 50,000-entry
   * Configuration Meta has 225,000 properties, and their keys were as many objects that every
   * full collection marked while someone typed in it.
   */
  get key(): LiteralNode {
    return (this.keyNode ??= node('string', this.offset, this.keyLength, this, undefined, this.name));
  }
  /** Moves the property by `delta` (the shift after an edit, incremental.ts): its key with it, if made. */
  shift(delta: number): void {
    this.offset += delta;
    if (this.keyNode !== undefined) this.keyNode.offset += delta;
  }
  get children(): MutableNode[] {
    const key = this.key;
    return this.valueNode === undefined ? [key] : [key, this.valueNode];
  }
  /** The property itself, as the model's Prop names it. */
  get property(): this {
    return this;
  }
}

/**
 * Strings up to this long are copied out of the text by `slice` (longer ones are views of
 * it): such keys and values repeat all over a message (`type`, `display`, `reply`), and
 * copying each one made a good part of the tree's bytes.
 */
const SHORT_STRING = 12;
/**
 * From this many characters a document's tree outlives young-generation collections, which
 * copy every byte of it (twice: within the young generation, then into the old one): such a
 * tree shares its short strings. A smaller document's tree dies young, and a table kept from
 * one document to the next would keep their strings alive.
 */
const LARGE_DOCUMENT = 64 * 1024;
const SHARED_SLOTS = 1024;

/** text.slice(start, end) of a short string: the string `seen` holds for that text, if any. */
function shortString(seen: (string | undefined)[], text: string, start: number, end: number): string {
  const n = end - start;
  if (n === 0) return '';
  const h = (n * 31 + text.charCodeAt(start) * 7 + text.charCodeAt(end - 1) * 3 + text.charCodeAt((start + end) >> 1)) &
    (SHARED_SLOTS - 1);
  const last = seen[h];
  if (last !== undefined && last.length === n && text.startsWith(last, start)) return last;
  return (seen[h] = text.slice(start, end));
}

/** An open object or array: its children so far are items[start, top) of the parse. */
interface Frame {
  kind: 'object' | 'array';
  needsComma: boolean;
  start: number;
}

const CLOSE_BRACE_OR_COMMA = [Token.CloseBrace, Token.Comma];
const CLOSE_BRACKET_OR_COMMA = [Token.CloseBracket, Token.Comma];

/** Parses JSON with comments (no trailing commas), like `parseTree(text, errors, { allowEmptyContent: true })`. */
export function parseJsonTree(text: string, errors: ParseError[]): Node | undefined {
  const parse = startJsonTree(text, errors);
  parse.run();
  return parse.result();
}

/**
 * How many turns of the parse (a property, an element or the end of a container) run between
 * two calls of `run`'s `pause`: few enough that a slice overruns its time by little (a
 * millisecond or two, cold), enough that asking costs nothing.
 */
const TURNS_PER_POLL = 2048;

/** A parse that can stop and go on: what parseJsonTree does in one go. */
export interface JsonTreeParse {
  /**
   * Reads on until the end, or until `pause` (asked every TURNS_PER_POLL turns) says to
   * stop; true when the parse is complete. Stopping changes nothing in the result.
   */
  run(pause?: () => boolean): boolean;
  /** The root once `run` has answered true. */
  result(): Node | undefined;
}

/**
 * A parse of some elements of an array rather than of a whole text (incremental.ts): it starts
 * at `from`, the first character of an element, in the state the whole parse is in there, and
 * stops when `stopBefore` says so, asked before each later element of that array
 * (`close` false) and at its closing bracket (`close` true). `result()` is then an array node
 * holding the elements read; undefined when the array ended or the text did before a stop.
 */
interface ElementsParse {
  from: number;
  stopBefore(offset: number, close: boolean): boolean;
}

/**
 * What the template scan finds in a text that holds no `${`, found by the tree's own pass over
 * it instead (jsonDocument.ts): its deepest nesting and its marker lines. Every bracket outside
 * strings and comments is a token of its own, and every line comment one, so the tokens the
 * tree reads (to the end of the text, past the value) say what the scan's characters would.
 * `gaveUp` when the pass cannot stand for the scan: nesting past `depthLimit` (the scan
 * reports it and no tree is built), or a marker line after a line break the scan may not count
 * as one (escaped in a string). The pass stops there, its tree and errors unfinished.
 */
export interface TextFacts {
  depthLimit: number;
  maxDepth: number;
  markers: MarkerLine[];
  gaveUp: boolean;
}

/**
 * parseJsonTree in steps, for the editor: a multi-megabyte parse yields between them. With
 * `order`, every node of the tree but the properties' keys (made when asked) is pushed onto it
 * as it is made, which is document order (each node before its children): incremental.ts keeps
 * it for the shift after an edit.
 */
export function startJsonTree(
  text: string,
  errors: ParseError[],
  elements?: ElementsParse,
  facts?: TextFacts,
  order?: Node[],
): JsonTreeParse {
  /** jsonc-parser's scanner, made for the first token scanNext leaves to it (many texts have none). */
  let scanner: JSONScanner | undefined;
  const len = text.length;
  let token: Token = Token.EOF;
  // The current token, kept here rather than asked of jsonc-parser's scanner: most tokens
  // are read below without it (see scanNext).
  let pos = elements?.from ?? 0;
  let tokenOffset = 0;
  let tokenLength = 0;
  let tokenValue = '';
  /** The last short string seen per hash of its length and characters (a miss costs a slice). */
  const large = len >= LARGE_DOCUMENT;
  const shared = large ? new Array<string | undefined>(SHARED_SLOTS).fill(undefined) : undefined;

  const error = (code: Code) => {
    errors.push({ error: code as number, offset: tokenOffset, length: tokenLength });
  };
  // Nesting as the template scan counts it (see TextFacts).
  let depth = 0;
  let maxDepth = 0;
  const depthLimit = facts ? facts.depthLimit : Infinity;
  let gaveUp = false;
  const open = () => {
    if (++depth > maxDepth) {
      maxDepth = depth;
      if (depth > depthLimit) gaveUp = true;
    }
  };
  /** A line comment of `facts`' text: a marker line, if it is one, with the line start the scan would give it. */
  const lineComment = () => {
    let k = tokenOffset - 1;
    for (let c = text.charCodeAt(k); k >= 0 && c !== 10 && c !== 13; c = text.charCodeAt(--k));
    const marker = readMarker(text, tokenOffset, pos, k + 1);
    if (!marker) return;
    // The scan skips a line break escaped in a string (`\` and the break): its line goes on.
    if (k > 0 && text.charCodeAt(k - 1) === 92) gaveUp = true;
    facts!.markers.push(marker);
  };
  /**
   * The next token that is not trivia. White space, punctuation, comments, keywords, integers
   * and strings without escapes or control characters (nearly every token of a message) are
   * read here, as jsonc-parser's scanner reads them; anything else (fractions, exponents,
   * escapes, mistakes) goes to that scanner from the same position, so tokens, values and
   * errors stay exactly its own. Its scanner builds the text of every run of white space
   * character by character and copies each string in pieces: on a large message that was a
   * large share of the parse.
   */
  const scanNext = (): Token => {
    for (;;) {
      // Never read past the end (-1 there): a read out of bounds deoptimised this function at
      // the end of the first file after it was optimised, and it was compiled again.
      let code = pos < len ? text.charCodeAt(pos) : -1;
      // jsonc-parser's white space is space and tab; its line breaks are \n and \r.
      while (code === 32 || code === 10 || code === 13 || code === 9) code = ++pos < len ? text.charCodeAt(pos) : -1;
      tokenOffset = pos;
      if (pos >= len) {
        // After an unclosed block comment jsonc-parser's scanner stands one past the end,
        // and its end-of-file token is one character long: so is this one.
        tokenOffset = len;
        tokenLength = pos - len;
        return (token = Token.EOF);
      }
      switch (code) {
        case 123: pos++; tokenLength = 1; open(); return (token = Token.OpenBrace);
        case 125: pos++; tokenLength = 1; if (depth > 0) depth--; return (token = Token.CloseBrace);
        case 91: pos++; tokenLength = 1; open(); return (token = Token.OpenBracket);
        case 93: pos++; tokenLength = 1; if (depth > 0) depth--; return (token = Token.CloseBracket);
        case 58: pos++; tokenLength = 1; return (token = Token.Colon);
        case 44: pos++; tokenLength = 1; return (token = Token.Comma);
        case 34: {
          let i = pos + 1;
          for (; i < len; i++) {
            const c = text.charCodeAt(i);
            if (c === 34 || c === 92 || c < 32) break;
          }
          if (i < len && text.charCodeAt(i) === 34) {
            tokenValue = shared !== undefined && i - pos - 1 <= SHORT_STRING
              ? shortString(shared, text, pos + 1, i)
              : text.slice(pos + 1, i);
            pos = i + 1;
            tokenLength = pos - tokenOffset;
            return (token = Token.String);
          }
          break; // an escape, a control character or no closing quote: the full scanner decides
        }
        case 47: { // a comment, as jsonc-parser's scanner reads it
          const next = text.charCodeAt(pos + 1);
          if (next === 47) {
            let i = pos + 2;
            for (let c = text.charCodeAt(i); i < len && c !== 10 && c !== 13; c = text.charCodeAt(++i));
            pos = i;
            tokenLength = pos - tokenOffset;
            if (facts) lineComment();
            continue;
          }
          if (next === 42) {
            const close = text.indexOf('*/', pos + 2);
            if (close >= 0) {
              pos = close + 2;
              continue;
            }
            // Unclosed: its scanner stops one past the last character it looked at.
            pos = Math.max(pos + 2, len - 1) + 1;
            tokenLength = pos - tokenOffset;
            error(Code.UnexpectedEndOfComment);
            continue;
          }
          break; // a slash alone
        }
        case 116:
          if (word('true')) return (token = Token.True);
          break;
        case 102:
          if (word('false')) return (token = Token.False);
          break;
        case 110:
          if (word('null')) return (token = Token.Null);
          break;
        case 45: case 48: case 49: case 50: case 51: case 52: case 53: case 54: case 55: case 56: case 57: {
          // An integer: an optional minus, then 0 alone or digits (`01` is two numbers, as for its scanner).
          let i = code === 45 ? pos + 1 : pos;
          const first = text.charCodeAt(i);
          if (!(first >= 48 && first <= 57)) break;
          i++;
          if (first !== 48) for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i));
          const after = text.charCodeAt(i);
          if (after === 46 || after === 69 || after === 101) break; // a fraction or an exponent
          tokenValue = text.slice(pos, i);
          pos = i;
          tokenLength = pos - tokenOffset;
          return (token = Token.Number);
        }
      }
      scanner ??= createScanner(text, false);
      scanner.setPosition(pos);
      token = scanner.scan() as number;
      pos = scanner.getPosition();
      tokenOffset = scanner.getTokenOffset();
      tokenLength = scanner.getTokenLength();
      tokenValue = scanner.getTokenValue();
      const scanError = scanner.getTokenError() as number;
      if (scanError !== 0) error(SCAN_ERRORS[scanError]);
      switch (token) {
        case Token.LineComment:
          if (facts) lineComment();
          break;
        case Token.BlockComment:
        case Token.LineBreak:
        case Token.Trivia:
          break;
        case Token.Unknown:
          error(Code.InvalidSymbol);
          break;
        default:
          return token;
      }
    }
  };
  /**
   * True when `keyword` stands at `pos` as a word of its own (jsonc-parser's scanner reads a
   * word up to white space, a line break, punctuation, a quote or a slash): the token is then
   * read, its value the keyword.
   */
  const word = (keyword: string): boolean => {
    const end = pos + keyword.length;
    if (!text.startsWith(keyword, pos)) return false;
    if (end < len) {
      const c = text.charCodeAt(end);
      if (!(c === 32 || c === 9 || c === 10 || c === 13 || c === 125 || c === 93 || c === 123 || c === 91 ||
        c === 34 || c === 58 || c === 44 || c === 47)) return false;
    }
    tokenValue = keyword;
    pos = end;
    tokenLength = keyword.length;
    return true;
  };
  /** Reports, then skips tokens until one of `until` (stays on it) or past one of `after`. */
  const handleError = (code: Code, after: readonly Token[], until: readonly Token[]) => {
    error(code);
    if (after.length === 0 && until.length === 0) return;
    while (token !== Token.EOF) {
      if (after.includes(token)) { scanNext(); break; }
      if (until.includes(token)) break;
      scanNext();
    }
  };

  // Tree building, exactly as parseTree's visitor does it.
  const root: MutableNode = node('array', -1, -1, undefined, undefined, undefined);
  // Reading elements, they go into an array of their own, which stands for theirs.
  const shell = elements ? node('array', -1, -1, root, undefined, undefined) : undefined;
  let parent: MutableNode = shell ?? root;
  /**
   * The children of the open objects and arrays, one after the other, up to `top` (the root's
   * value first): each container's children become an array of their number when it closes.
   * A pushed-to array per container reserved room for 17 at its first push, and grew by
   * copies; a large tree kept those arrays through collections, or a copy cut to size.
   */
  const items: MutableNode[] = [];
  let top = 0;
  const ensurePropertyComplete = (end: number) => {
    if (parent.type === 'property') {
      parent.length = end - parent.offset;
      parent = parent.parent!;
    }
  };
  const add = <N extends MutableNode>(node: N): N => {
    if (order !== undefined) order.push(node);
    if (parent.type === 'property') parent.valueNode = node;
    else items[top++] = node;
    return node;
  };
  const literal = (value: unknown) => {
    const offset = tokenOffset;
    const length = tokenLength;
    const type = value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
    add(node(type, offset, length, parent, undefined, value));
    ensurePropertyComplete(offset + length);
  };
  const endContainer = () => {
    const end = tokenOffset + tokenLength;
    ensurePropertyComplete(end); // a property whose value is missing
    parent.length = end - parent.offset;
    const start = stack[sp - 1].start;
    (parent as LiteralNode).children = items.slice(start, top); // an object or array: a property has ended above
    top = start;
    parent = parent.parent!;
    ensurePropertyComplete(end);
  };

  // Reading elements, the array they belong to is open, its comma checked: so is every array
  // at that point of a whole parse.
  // The open containers are stack[0, sp); the frames past sp are kept to be used again.
  const stack: Frame[] = elements ? [{ kind: 'array', needsComma: true, start: 0 }] : [];
  let sp = stack.length;
  /** Starts a value at the current token: a container goes on the stack, a scalar is read whole. */
  const beginValue = (): boolean => {
    switch (token) {
      case Token.OpenBracket:
      case Token.OpenBrace: {
        const object = token === Token.OpenBrace;
        parent = add(node(object ? 'object' : 'array', tokenOffset, -1, parent, undefined, undefined));
        const kind = object ? 'object' : 'array';
        if (sp < stack.length) {
          const frame = stack[sp];
          frame.kind = kind;
          frame.needsComma = false;
          frame.start = top;
        } else {
          stack.push({ kind, needsComma: false, start: top });
        }
        sp++;
        scanNext();
        return true;
      }
      case Token.String:
        literal(tokenValue);
        break;
      case Token.Number: {
        let value = Number(tokenValue);
        if (Number.isNaN(value)) {
          error(Code.InvalidNumberFormat);
          value = 0;
        }
        literal(value);
        break;
      }
      case Token.Null: literal(null); break;
      case Token.True: literal(true); break;
      case Token.False: literal(false); break;
      default:
        return false;
    }
    scanNext();
    return true;
  };

  /** The template scan reads on to the end of the text: so do the tokens of `facts`' text, their errors unreported. */
  const readToTheEnd = () => {
    if (!facts) return;
    const reported = errors.length;
    while (!gaveUp && token !== Token.EOF) scanNext();
    errors.length = reported;
  };

  /** Reading elements, stops before the next one: those read are the shell's children. */
  const stop = () => {
    shell!.children = items.slice(0, top);
    return (finished = stopped = true);
  };

  let started = false;
  let finished = false;
  let stopped = false;
  let result: MutableNode | undefined;
  const run = (pause?: () => boolean): boolean => {
    const done = runOn(pause);
    if (facts) {
      facts.maxDepth = maxDepth;
      facts.gaveUp = gaveUp;
    }
    return done;
  };
  const runOn = (pause?: () => boolean): boolean => {
    if (finished || gaveUp) return true;
    if (!started) {
      started = true;
      scanNext();
      if (token === Token.EOF) return (finished = true);
      if (!beginValue()) {
        error(Code.ValueExpected);
        readToTheEnd();
        return (finished = true);
      }
    }
    let poll = TURNS_PER_POLL;
    while (sp > 0 && !gaveUp) {
      if (pause !== undefined && --poll === 0) {
        if (pause()) return false;
        poll = TURNS_PER_POLL;
      }
      const frame = stack[sp - 1];
      const object = frame.kind === 'object';
      const close = object ? Token.CloseBrace : Token.CloseBracket;
      if (elements && sp === 1 && token === close && elements.stopBefore(tokenOffset, true)) return stop();
      if (token === close || token === Token.EOF) {
        endContainer();
        sp--;
        if (token !== close) handleError(object ? Code.CloseBraceExpected : Code.CloseBracketExpected, [close], []);
        else scanNext();
        continue;
      }
      if (token === Token.Comma) {
        if (!frame.needsComma) handleError(Code.ValueExpected, [], []);
        if (parent.type === 'property') ensurePropertyComplete(tokenOffset);
        scanNext();
      } else if (frame.needsComma) {
        handleError(Code.CommaExpected, [], []);
      }
      frame.needsComma = true;
      if (!object) {
        if (elements && sp === 1 && elements.stopBefore(tokenOffset, false)) return stop();
        if (!beginValue()) handleError(Code.ValueExpected, [], CLOSE_BRACKET_OR_COMMA);
        continue;
      }
      // A property: its name, a colon and a value.
      if (token !== Token.String) {
        handleError(Code.PropertyNameExpected, [], CLOSE_BRACE_OR_COMMA);
        handleError(Code.ValueExpected, [], CLOSE_BRACE_OR_COMMA);
        continue;
      }
      const offset = tokenOffset;
      const length = tokenLength;
      const property = add(new PropertyNode(offset, parent, length, tokenValue));
      parent = property;
      if (scanNext() === Token.Colon) {
        scanNext();
        if (!beginValue()) handleError(Code.ValueExpected, [], CLOSE_BRACE_OR_COMMA);
      } else {
        handleError(Code.ColonExpected, [], CLOSE_BRACE_OR_COMMA);
      }
    }
    if (gaveUp) return true;
    if (token !== Token.EOF) {
      handleError(Code.EndOfFileExpected, [], []);
      readToTheEnd();
    }
    if (gaveUp) return true;
    result = top > 0 ? items[0] : undefined;
    if (result) result.parent = undefined;
    return (finished = true);
  };
  return { run, result: () => (shell ? (stopped ? shell : undefined) : result) };
}
