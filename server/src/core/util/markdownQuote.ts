/**
 * Quoting untrusted text (anything read from the document or the sample data) inside the
 * markdown the server sends: hovers and completion documentation. VS Code renders that
 * markdown, so a quoted value must never become a link, an image (which VS Code would fetch
 * when the hover shows: nothing is ever fetched, see docs/security.md), HTML, an
 * entity or a line break that ends our own formatting.
 *
 * A code span is the quote: CommonMark interprets nothing inside one (no links, images,
 * HTML, entities or escapes), and it ends only at a backtick run as long as the one that
 * opened it, so the fence is one backtick longer than any run inside the text.
 */

import { prefixOf } from './messageQuote';

/** How many code points a quoted value keeps by default before it is cut with `…`. */
export const QUOTE_LIMIT = 120;

interface QuoteOptions {
  /** Code points kept before the value is cut with `…` (default QUOTE_LIMIT). */
  max?: number;
  /** The span stands in a table cell: `|` would end the cell even inside a code span (GFM), so it is escaped. */
  inTable?: boolean;
}

/**
 * The text as one inline code span that nothing inside can escape from: line breaks and
 * other control characters shown as `\n`, `\u001b`, ..., long values cut, a fence longer
 * than any backtick run in the text.
 */
export function codeSpan(text: string, options: QuoteOptions = {}): string {
  let body = visibleControls(cut(text, options.max ?? QUOTE_LIMIT));
  if (options.inTable) body = body.replace(/\|/g, '\\|');
  let longest = 0;
  let run = 0;
  for (let i = 0; i < body.length; i++) {
    run = body.charCodeAt(i) === 96 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  // A span that starts or ends with a backtick needs a space beside the fence; CommonMark
  // strips one space from each side when both are there, so pad both sides alike.
  if (body === '') return '` `';
  const pad = body.startsWith('`') || body.endsWith('`') || (body.startsWith(' ') && body.endsWith(' ') && body.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/**
 * Untrusted text as plain markdown text (not code): every ASCII punctuation character is
 * backslash-escaped, which CommonMark allows for all of them, so no emphasis, link, image,
 * HTML tag, entity or autolink can start; line breaks and control characters are shown
 * escaped; long values are cut.
 */
export function escapeMarkdown(text: string, options: QuoteOptions = {}): string {
  // Every ASCII punctuation character, which is what CommonMark lets a backslash escape.
  // eslint-disable-next-line regexp/no-obscure-range
  return visibleControls(cut(text, options.max ?? QUOTE_LIMIT)).replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}

/** At most `max` code points, cut with `…`; surrogate pairs are never split. */
export function cut(text: string, max: number): string {
  // Over max code points: keep max - 1 of them and the ellipsis.
  if (prefixOf(text, max) === undefined) return text;
  return `${prefixOf(text, max - 1) ?? ''}…`;
}

/**
 * C0 and C1 control characters, DEL, the Unicode line and paragraph separators, and the
 * bidirectional overrides and isolates (which can make text read differently from what it is).
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Control characters as visible escapes (`\n`, `\t`, `\u001b`): in markdown a line break
 * would end a code span or a table row; in a terminal an escape sequence could rewrite the
 * screen. Used for the command line's readable output too.
 */
export function visibleControls(text: string): string {
  return text.replace(CONTROLS, (c) => {
    switch (c) {
      case '\n': return '\\n';
      case '\r': return '\\r';
      case '\t': return '\\t';
      default: return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}
