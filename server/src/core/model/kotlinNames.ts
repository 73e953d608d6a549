/**
 * Names in the Kotlin source of a native provider: a class name, a package, a qualified name.
 * Kept to ASCII letters, digits and '_', the names that both Kotlin and the descriptor's
 * providerClassName accept without backticks.
 */
import { quote } from '../util/messageQuote';

/**
 * Kotlin's hard keywords: never a name without backticks, so never a class name or a
 * package part (Kotlin language reference, "Keywords and operators").
 */
const HARD_KEYWORDS = new Set([
  'as', 'break', 'class', 'continue', 'do', 'else', 'false', 'for', 'fun', 'if', 'in', 'interface', 'is', 'null',
  'object', 'package', 'return', 'super', 'this', 'throw', 'true', 'try', 'typealias', 'typeof', 'val', 'var', 'when',
  'while',
]);

/** Why `name` is not a plain Kotlin identifier, as the end of a sentence; undefined when it is one. */
export function identifierProblem(name: string): string | undefined {
  if (name.length === 0) return 'is empty';
  const first = name.charCodeAt(0);
  if (first >= 0x30 && first <= 0x39) return 'starts with a digit';
  for (const c of name) {
    if (!/\w/.test(c)) return c === ' ' ? 'has a space' : `has ${quote(c)}`;
  }
  if (/^_+$/.test(name)) return 'is only underscores, which Kotlin reserves';
  if (HARD_KEYWORDS.has(name)) return 'is a Kotlin keyword';
  return undefined;
}

/**
 * Why `name` is not a dotted Kotlin name (`com.example.payments`), naming the part at fault;
 * undefined when it is one. `what` names the name in the message ("The package").
 */
export function qualifiedNameProblem(name: string, what: string): string | undefined {
  if (name.trim().length === 0) return `${what} is empty.`;
  const parts = name.split('.');
  if (parts.some((p) => p.length === 0)) return `${what} ${quote(name)} has an empty part: a leading, trailing or doubled '.'.`;
  for (const part of parts) {
    const problem = identifierProblem(part);
    if (problem) return `${what} ${quote(name)}: ${quote(part)} ${problem}; each part is a name of ASCII letters, digits and '_'.`;
  }
  return undefined;
}
