/**
 * RFC 3966 global numbers:
 *   global-number-digits = "+" *phonedigit DIGIT *phonedigit
 *   phonedigit           = DIGIT / "-" / "." / "(" / ")"
 * Each kind of mistake has its own message; `normalizePhoneNumber` gives the obvious fix.
 */
import type { StringInfo } from '../syntax/strings';
import { shorten } from '../util/messageQuote';

type PhoneProblemKind =
  | 'empty'
  | 'tel-prefix'
  | 'parameters'
  | 'spaces'
  | 'double-zero'
  | 'no-plus'
  | 'letters'
  | 'invalid-character'
  | 'no-digits';

interface PhoneProblem {
  kind: PhoneProblemKind;
  message: string;
}

/**
 * True when `s` is a global number: "+", then phone digits (0-9 - . ( )) with at least one
 * digit. A hand-written scan, one pass: the regular expression it replaces,
 * /^\+[0-9().-]*[0-9][0-9().-]*$/, backtracked on "+111…1#" (every split of the digits
 * between its two stars was tried).
 */
export function isGlobalNumber(s: string): boolean {
  if (s.charCodeAt(0) !== 43 /* + */) return false;
  let digit = false;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digit = true;
    else if (c !== 45 /* - */ && c !== 46 /* . */ && c !== 40 /* ( */ && c !== 41 /* ) */) return false;
  }
  return digit;
}

/**
 * Rewrites the obvious mistakes: strips `tel:` and parameters, turns white space into `-`
 * and a leading `00` into `+`. Returns undefined when the result is still not a global number.
 */
export function normalizePhoneNumber(s: string): string | undefined {
  let t = s.trim().replace(/^tel:/i, '');
  const semi = t.indexOf(';');
  if (semi >= 0) t = t.slice(0, semi);
  t = t.trim().replace(/\s+/g, '-').replace(/^00/, '+').replace(/-{2,}/g, '-');
  return isGlobalNumber(t) && t !== s ? t : undefined;
}

/** Messenger's call button takes + and digits only. */
export function digitsOnly(s: string): string {
  return s.replace(/[^+0-9]/g, '');
}

/** `+` and digits only, at least one digit (E.164-like; what Messenger's call button takes). */
export function isPlusDigits(s: string): boolean {
  if (s.length < 2 || s.charCodeAt(0) !== 43) return false;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

export function phoneProblems(field: string, info: StringInfo): PhoneProblem[] {
  if (info.wholly) return [];
  const problems: PhoneProblem[] = [];
  const add = (kind: PhoneProblemKind, message: string) => problems.push({ kind, message });
  const templated = info.templates.length > 0;
  const all = info.staticText;
  if (!templated && all.trim().length === 0) {
    add('empty', `${field} is empty: write a global number such as +1-201-555-0123.`);
    return problems;
  }
  if (!templated && !/\d/.test(all)) {
    // Not a number at all (a word like CALL_US): one finding, not one per character class.
    add('no-digits', `${field} has no digits: write a global number such as +1-201-555-0123.`);
    return problems;
  }
  let start = info.prefix;
  if (/^\s*tel:/i.test(start)) {
    add('tel-prefix', `Remove the tel: prefix from ${field}: write the number alone, such as +1-201-555-0123.`);
    start = start.replace(/^\s*tel:/i, '');
  }
  const body = all.replace(/^\s*tel:/i, '');
  if (body.includes(';')) add('parameters', `${field} has parameters (after ;): channels take the number alone, remove them.`);
  const number = body.split(';')[0];
  // Next to a template (`+1 ${rest}`) a space in the static text is inside the rendered number.
  if (/\s/.test(templated ? number.trimStart() : number.trim()) || (!templated && number !== number.trim())) {
    add('spaces', `${field} contains spaces, which RFC 3966 does not allow (section 5.1.1): use - as a separator.`);
  }
  const lead = start.trimStart();
  if (lead.length > 0 || !templated) {
    if (lead.startsWith('00')) add('double-zero', `${field} starts with 00: write + instead of the international prefix.`);
    else if (!lead.startsWith('+') && lead.length > 0) add(
      'no-plus',
      `${field} must be a global number: start with + and the country code, such as +1-201-555-0123.`,
    );
  }
  // Quote the letters as written ("PASTA"), not as a set of characters ("PAST").
  const letters = number.match(/[a-z]+/gi);
  if (letters) add(
    'letters',
    `${field} contains letters (${[...new Set(letters)].map((word) => shorten(word)).join(', ')}), ` +
      'which RFC 3966 does not allow (section 5.1.2): write the digits.',
  );
  const invalid = number.replace(/^\s*\+/, '').match(/[^0-9().\-\sa-z]/gi);
  if (invalid) add(
    'invalid-character',
    `${field} contains ${[...new Set(invalid)].map((c) => `'${c}'`).join(', ')}: only digits and the separators - . ( ) may follow the +.`,
  );
  if (!templated && !/\d/.test(number)) add('no-digits', `${field} has no digits before its parameters: write a global number such as +1-201-555-0123.`);
  return problems;
}
