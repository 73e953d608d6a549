/**
 * What is wrong with the JSON of a document, as facts: the words are the syntax rule's
 * (rules/syntax.ts), which reports them; render, the preview and the config file ask it for
 * the same words. jsonc-parser's errors are turned into one problem per mistake.
 */
import { createScanner, type JSONScanner, type Node, type ParseError } from 'jsonc-parser';
import type { ScanResult } from './templateScanner';

/** Limits of a parse: how deep the nesting may go, and how many syntax problems are kept. */
export interface ParseOptions {
  depthLimit?: number;
  /** At most this many syntax problems are kept; a last one says how many more there were. */
  maxSyntaxProblems?: number;
}

/** One kind of syntax problem and its facts. */
export type SyntaxFacts =
  /** Nesting went past the depth limit: the parse was skipped. */
  | { kind: 'too-deep'; depth: number; limit: number }
  /** The text holds no value: nothing at all, or only comments. */
  | { kind: 'no-value'; onlyComments: boolean }
  /** A ',' right before '}' or ']'. */
  | { kind: 'trailing-comma' }
  /** The text ends where a value belongs. */
  | { kind: 'end-of-file' }
  /** A printable token that is not JSON (`'TALL'`, `tru`): its first 20 characters, and whether there were more. */
  | { kind: 'unexpected-token'; token: string; cut: boolean }
  /** Any other parse error, by jsonc-parser's ParseErrorCode. */
  | { kind: 'parse-error'; code: number }
  /** The last problem kept (maxSyntaxProblems): `hidden` more were not kept. */
  | { kind: 'more'; hidden: number };

/** A syntax problem at its place in the text. */
export type SyntaxProblem = SyntaxFacts & { offset: number; length: number };

/**
 * The syntax problems of a parse: a depth over the limit, no value at all, or jsonc-parser's
 * errors. `tokensFrom`, a token's offset at or before every error, is where the look for the
 * token before an error may start (a re-parse after an edit, incremental.ts, knows one).
 */
export function syntaxProblems(
  text: string,
  scan: ScanResult,
  root: Node | undefined,
  errors: readonly ParseError[],
  options: ParseOptions,
  tokensFrom = 0,
): { syntax: SyntaxProblem[]; tooDeep: boolean } {
  const maxProblems = options.maxSyntaxProblems ?? 100;
  const syntax: SyntaxProblem[] = [];
  let tooDeep = false;
  if (scan.depthExceededAt !== undefined) {
    tooDeep = true;
    syntax.push({ kind: 'too-deep', depth: scan.maxDepth, limit: options.depthLimit ?? 1000, offset: scan.depthExceededAt, length: 1 });
  } else {
    // No value and no error: the text holds only white space or only comments (jsonc-parser
    // accepts both with allowEmptyContent). Either way the message is missing, so say so:
    // testing `text.trim()` alone let a file of nothing but comments pass with no finding.
    if (root === undefined && errors.length === 0) {
      syntax.push({ kind: 'no-value', onlyComments: text.trim().length > 0, offset: 0, length: 0 });
    }
    const previousToken = previousTokenFinder(scan.masked, tokensFrom);
    let previous: SyntaxProblem | undefined;
    for (let k = 0; k < errors.length; k++) {
      const e = errors[k];
      if (isEcho(errors, k, previousToken)) continue;
      if (syntax.length >= maxProblems) {
        let hidden = 0;
        for (let m = k; m < errors.length; m++) if (!isEcho(errors, m, previousToken)) hidden++;
        syntax.push(clampTo({ kind: 'more', hidden, offset: e.offset, length: e.length }, text.length));
        break;
      }
      const problem = clampTo(describeError(scan.masked, e, previousToken), text.length);
      // One mistake may still come out twice after describeError (`{,}` is a missing value and
      // then a "trailing" comma, on the same ','): keep the first finding on a range.
      if (previous && previous.offset === problem.offset && previous.length === problem.length) continue;
      syntax.push(problem);
      previous = problem;
    }
  }
  return { syntax, tooDeep };
}

/**
 * Keeps a problem inside the text. jsonc-parser gives an unclosed block comment one
 * character more than the rest of the text (`/*` alone: offset 0, length 3), and a range
 * past the end breaks editors and the command line's line and column.
 */
function clampTo(p: SyntaxProblem, n: number): SyntaxProblem {
  const offset = Math.min(p.offset, n);
  return { ...p, offset, length: Math.max(0, Math.min(p.length, n - offset)) };
}

/**
 * True when errors[k] repeats the mistake of errors[k - 1]; jsonc-parser reports some
 * mistakes twice, and one mistake should give one finding:
 * - parseProperty's PropertyNameExpected (3), then parseObject's ValueExpected (4) for the
 *   same failed property, on the token where parseProperty's recovery stopped (for a
 *   trailing comma in an object both sit on the `}`; for `{{` the second one sat at the end
 *   of the file);
 * - an unreadable token (InvalidSymbol, 1) where a value belongs, then ValueExpected (4) on
 *   the very next token (`"height": 'TALL',` would also say "Expected a value." on the comma).
 */
function isEcho(errors: readonly ParseError[], k: number, previousToken: (offset: number) => number): boolean {
  if (k === 0 || errors[k].error !== 4) return false;
  const p = errors[k - 1];
  if (p.error === 3) return true;
  if (p.error === 1) return previousToken(errors[k].offset) === p.offset + p.length - 1;
  return false;
}

function describeError(masked: string, e: ParseError, previousToken: (offset: number) => number): SyntaxProblem {
  // A ',' followed by '}' or ']' is a trailing comma: name it, the rendered JSON must be strict.
  if (e.error === 3 || e.error === 4) {
    const ch = masked[e.offset];
    if (ch === '}' || ch === ']') {
      const comma = previousToken(e.offset);
      if (comma >= 0 && masked[comma] === ',') {
        return { kind: 'trailing-comma', offset: comma, length: 1 };
      }
    }
  }
  if (e.error === 4 && e.offset >= masked.length) {
    return { kind: 'end-of-file', offset: e.offset, length: e.length };
  }
  if (e.error === 1) {
    const token = masked.slice(e.offset, e.offset + Math.min(e.length, 20));
    if (/^[\x20-\x7e]+$/.test(token)) {
      return { kind: 'unexpected-token', token, cut: e.length > 20, offset: e.offset, length: e.length };
    }
  }
  return { kind: 'parse-error', code: e.error, offset: e.offset, length: e.length };
}

/**
 * Returns a function giving the offset of the last character of the last token before
 * `offset` that is neither white space nor a comment (-1 when there is none). Skipping white
 * space alone took `, // note` before a `}` for no trailing comma (and reported it twice,
 * vaguely). One forward pass of jsonc-parser's scanner serves every question, so the work
 * stays linear; questions come in text order, as jsonc-parser reports its errors. The
 * scanner only starts when a question is asked.
 */
function previousTokenFinder(text: string, from: number): (offset: number) => number {
  let scanner: JSONScanner | undefined;
  let kind = 17; // SyntaxKind.EOF
  let last = -1;
  let asked = -1;
  return (offset) => {
    if (offset < asked) {
      // Out of order (not expected): fall back to skipping white space only.
      let i = offset - 1;
      while (i >= 0 && /\s/.test(text[i])) i--;
      return i;
    }
    asked = offset;
    if (!scanner) {
      scanner = createScanner(text, true);
      scanner.setPosition(from);
      kind = scanner.scan();
    }
    while (kind !== 17 && scanner.getTokenOffset() < offset) {
      // 12 and 13: SyntaxKind.LineCommentTrivia and BlockCommentTrivia (a const enum in jsonc-parser's types)
      if (kind !== 12 && kind !== 13) last = scanner.getTokenOffset() + scanner.getTokenLength() - 1;
      kind = scanner.scan();
    }
    return last;
  };
}
