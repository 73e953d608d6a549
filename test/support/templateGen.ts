/**
 * Generators for property tests of the template layer.
 *
 * `kotlinExpression` builds random Kotlin-like template expressions from a small grammar:
 * identifiers, calls with trailing lambdas, nested `{ }` blocks, character literals, string
 * literals with escaped quotes and nested `${...}` (recursively), raw `"""` strings (which may
 * span lines and hold `"`, `{`, `}` and their own `${...}`), if/else, operators, indexing.
 * Every generated expression is well formed, so the scanner must find it whole.
 *
 * `templatedCard` embeds such expressions in a rich card, inside JSON strings and in value
 * position, and records where every top-level template starts and ends while building the
 * text: those offsets are the reference the scanner is compared with.
 */
import fc from 'fast-check';
import { anyCodePoint } from './anyText';

/** A top-level template as the generator placed it. */
export interface PlacedTemplate {
  start: number;
  end: number;
  expression: string;
  inString: boolean;
}

/** Static JSON-string content (as written in the file) and templates, in order. */
export type StringPiece = { raw: string } | { expression: string };

export interface GeneratedCard {
  text: string;
  templates: PlacedTemplate[];
  /** The pieces of the "title" string and the offset of its opening quote. */
  title: { pieces: StringPiece[]; offset: number };
  /** The value templates standing for "forceRefresh" (one value, one or more adjacent templates). */
  forceRefresh: PlacedTemplate[];
}

const ident = fc.constantFrom('user', 'it', 'vip', 'dishes', 'name', 'x', 'data.items', 'a_b1', 'it.label()');
const number = fc.constantFrom('0', '42', '3.5', '-1');
/** White space inside code: expressions may span lines. */
const ws = fc.constantFrom('', ' ', '  ', '\n', '\n    ', '\r\n  ');
/** Characters of a "..." literal: no ", \, line break, and never a '$' that could meet a '{'. */
const stringChar = fc.constantFrom(
  'a', 'Z', ' ', '{', '}', '}}', '{ }', '(', ']', "'", '$a', '$ ', '#', 'é', '😀', '/', '//', '/*', '*', ',', ':',
);
/** Escapes of a "..." literal, among them the escaped quote and an escaped `\${...}` (literal text). */
const stringEscape = fc.constantFrom('\\"', '\\\\', '\\n', '\\$', '\\${x}', '\\u0041', '\\t', "\\'", '\\"}\\"');
/** Content of a raw literal: anything but three quotes; a lone quote is always followed by a letter. */
const rawChar = fc.constantFrom('a', ' ', '\n', '{', '}', '\\', "'", '"q', '$a', '\\n', '(', ']', '\\"q');
const charLiteral = fc.constantFrom("'a'", "'}'", "'{'", "'\"'", "'\\''", "'\\\\'", "'\\n'", "'$'", "'('", "']'", "'\\u0041'");

// A type alias, not an interface: fc.letrec types its `tie` only for Record-compatible types.
type Grammar = {
  expr: string;
  call: string;
  block: string;
  str: string;
  raw: string;
  ifElse: string;
  binary: string;
  index: string;
  paren: string;
};

const grammar = fc.letrec<Grammar>((tie) => ({
  expr: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'kotlin-expression' },
    ident,
    number,
    charLiteral,
    tie('call'),
    tie('block'),
    tie('str'),
    tie('raw'),
    tie('ifElse'),
    tie('binary'),
    tie('index'),
    tie('paren'),
  ),
  call: fc
    .tuple(ident, fc.array(tie('expr'), { maxLength: 3 }), fc.option(tie('block'), { nil: undefined }))
    .map(([f, args, lambda]) => `${f}(${args.join(', ')})${lambda === undefined ? '' : ' ' + lambda}`),
  block: fc
    .tuple(fc.constantFrom('', 'it -> ', 'x, y -> '), ws, tie('expr'), ws)
    .map(([params, w1, body, w2]) => `{ ${params}${w1}${body}${w2} }`),
  str: fc
    .array(fc.oneof(stringChar, stringEscape, tie('expr').map((e) => '${' + e + '}')), { maxLength: 5 })
    .map((parts) => '"' + parts.join('') + '"'),
  raw: fc
    .array(fc.oneof(rawChar, tie('expr').map((e) => '${' + e + '}')), { maxLength: 5 })
    .map((parts) => '"""' + parts.join('') + '"""'),
  ifElse: fc
    .tuple(tie('expr'), ws, tie('expr'), ws, tie('expr'))
    .map(([c, w1, a, w2, b]) => `if (${c})${w1 || ' '}${a}${w2 || ' '}else ${b}`),
  binary: fc
    .tuple(tie('expr'), fc.constantFrom(' + ', ' ?: ', ' == ', ' &&\n  ', ' in '), tie('expr'))
    .map(([a, op, b]) => a + op + b),
  index: fc.tuple(tie('expr'), tie('expr')).map(([a, i]) => `${a}[${i}]`),
  paren: tie('expr').map((e) => `(${e})`),
}));

/**
 * A line break followed by what reads as a JSON property (`"name":`). A value template that
 * runs over one is taken for a template whose `}` is missing (docs/rules/template-syntax.md:
 * the scanner's recovery), so an expression meant to be found whole never holds one. The
 * grammar makes one now and then, e.g. `{ \n "${":"}" }` (a string whose template is `":"`).
 */
export const PROPERTY_AFTER_LINE_BREAK = /[\r\n][ \t]*"(?:[^"\\\r\n]|\\.)*"[ \t]*:/;

/** A Kotlin-like expression: well formed, never blank, and found whole in a string or in place of a value. */
export const kotlinExpression: fc.Arbitrary<string> = grammar.expr.filter((e) => !PROPERTY_AFTER_LINE_BREAK.test(e));

/** Static content of a JSON string as written in the file (valid JSON escapes only, no line break, never ending in '$'). */
export const jsonStringRaw = fc.constantFrom(
  'Hi ', 'a', 'Menu', '{', '}', '[', ']', '[[', ',', ':', '$a', '$$a', '\\"', '\\\\', '\\n', '\\u00e9', '\\/',
  '😀', '\\ud83d\\ude00', '// not a comment', '/* nor this */', "'", ' ', '\\t',
);

/** Pieces of one JSON string: static runs and templates in any order (adjacent templates too). */
export const stringPieces: fc.Arbitrary<StringPiece[]> = fc.array(
  fc.oneof(
    jsonStringRaw.map((raw): StringPiece => ({ raw })),
    kotlinExpression.map((expression): StringPiece => ({ expression })),
  ),
  { maxLength: 6 },
);

/** Builds text from parts while recording the placement of every top-level template. */
class Builder {
  text = '';
  templates: PlacedTemplate[] = [];
  add(s: string): this {
    this.text += s;
    return this;
  }
  template(expression: string, inString: boolean): PlacedTemplate {
    const start = this.text.length;
    this.text += '${' + expression + '}';
    const t = { start, end: this.text.length, expression, inString };
    this.templates.push(t);
    return t;
  }
  string(pieces: StringPiece[]): number {
    const offset = this.text.length;
    this.add('"');
    for (const p of pieces) {
      if ('raw' in p) this.add(p.raw);
      else this.template(p.expression, true);
    }
    this.add('"');
    return offset;
  }
}

/** The decoded static segments of a string's pieces (length = templates + 1), as JSON decodes them. */
export function expectedSegments(pieces: readonly StringPiece[]): string[] {
  const segments: string[] = [];
  let raw = '';
  for (const p of pieces) {
    if ('raw' in p) raw += p.raw;
    else {
      segments.push(JSON.parse('"' + raw + '"') as string);
      raw = '';
    }
  }
  segments.push(JSON.parse('"' + raw + '"') as string);
  return segments;
}

export const templatedCard: fc.Arbitrary<GeneratedCard> = fc
  .record({
    title: stringPieces,
    refresh: fc.array(kotlinExpression, { minLength: 1, maxLength: 3 }),
    element: kotlinExpression,
    display: stringPieces,
    payload: kotlinExpression,
    key: kotlinExpression,
    nl: fc.constantFrom('\n', '\r\n'),
  })
  .map(({ title, refresh, element, display, payload, key, nl }) => {
    const b = new Builder();
    b.add('{' + nl + '  "type": "rich",' + nl);
    b.add('  // a comment is not a template: ${ not.closed' + nl);
    b.add('  "title": ');
    const titleOffset = b.string(title);
    b.add(',' + nl + '  "forceRefresh": ');
    const forceRefresh = refresh.map((e) => b.template(e, false));
    b.add(',' + nl + '  "insideActions": [' + nl + '    ');
    b.template(element, false);
    b.add(',' + nl + '    // @each dishes' + nl + '    { "type": "reply", "display": ');
    b.string(display);
    b.add(', "payload": ');
    b.template(payload, false);
    b.add(' }' + nl + '    // @end' + nl + '  ],' + nl);
    b.add('  /* nor is this: ${ "}" */' + nl + '  ');
    b.string([{ raw: 'x-' }, { expression: key }]);
    b.add(': 1' + nl + '}' + nl);
    return { text: b.text, templates: b.templates, title: { pieces: title, offset: titleOffset }, forceRefresh };
  });

/** Characters that matter to the scanner, to build hostile strings with. */
export const scannerAlphabet = fc.constantFrom(
  '$', '{', '}', '${', '"', '"""', "'", '\\', '/', '*', '//', '/*', '*/', '\n', '\r', '[', ']', '(', ')', ',', ':', ' ',
  'a', '@', '@each ', '@end', 'é', '😀', '\u0000',
);

/** A string made of scanner-relevant characters (and now and then any code point). */
export const hostileString: fc.Arbitrary<string> = fc.string({
  unit: fc.oneof({ weight: 6, arbitrary: scannerAlphabet }, { weight: 1, arbitrary: anyCodePoint }),
  maxLength: 80,
});
