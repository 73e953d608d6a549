/**
 * A native message in NAME.<channel>.umsg checked as the user meets it: through
 * `checkDocument` with the channel-specific option, the channel turned on (RCS is off by
 * default), and each finding shown with the source text it stands on.
 */
import assert from 'node:assert/strict';
import type { ChannelId } from '../../server/src/core/channels';
import { checkDocument } from '../../server/src/core/check/run';
import { resolveConfig } from '../../server/src/core/findings/config';
import type { SampleData } from '../../server/src/core/template/render';

export interface Shown {
  rule: string;
  severity: string;
  message: string;
  /** The text of the document the finding's range covers. */
  at: string;
}

/** The findings of a native message, given as text or as a value written out as JSON. */
export function nativeCheck(channel: ChannelId, message: unknown, sample?: SampleData): Shown[] {
  const text = typeof message === 'string' ? message : JSON.stringify(message, null, 1);
  const config = resolveConfig({ channels: { [channel]: 'warning' }, rules: {} });
  const { diagnostics } = checkDocument(text, 'universal-message', { channelSpecific: channel, config, sample });
  return diagnostics.map((d) => ({
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    at: text.slice(d.offset, d.offset + d.length),
  }));
}

/**
 * A copy of `base` with the value at a dotted path (`attachment.payload.elements.0.title`)
 * set, or removed when `value` is undefined.
 */
export function put(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base);
  const names = path.split('.');
  let at = copy as Record<string, unknown>;
  for (const name of names.slice(0, -1)) at = at[name] as Record<string, unknown>;
  const last = names[names.length - 1];
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

/** No finding at all. */
export function clean(shown: readonly Shown[], what: string): void {
  assert.deepEqual(shown, [], `${what}: expected no finding`);
}

/** Exactly one finding, of this rule; returns it for further checks. */
export function one(shown: readonly Shown[], rule: string, what: string): Shown {
  assert.equal(shown.length, 1, `${what}: expected one ${rule} finding, got ${JSON.stringify(shown, null, 1)}`);
  assert.equal(shown[0].rule, rule, `${what}: ${JSON.stringify(shown[0])}`);
  return shown[0];
}

/** `n` characters: `n - 1` letters and one emoji, so that code points and not UTF-16 units are counted. */
export function chars(n: number): string {
  return n === 0 ? '' : 'x'.repeat(n - 1) + '🍝';
}

/** `n` copies of an item. */
export function times<T>(n: number, item: (i: number) => T): T[] {
  return Array.from({ length: n }, (_, i) => item(i));
}

/**
 * A native WhatsApp list whose rows are a dynamic list over `dishes` (each `{ name, label }`):
 * the shape render, the check and the preview must all count the same way.
 */
export const DISH_LIST_WITH_EACH = [
  '{ "type": "interactive", "interactive": { "type": "list", "body": { "text": "Menu" },',
  '  "action": { "button": "Dishes", "sections": [ { "title": "Today", "rows": [',
  '    // @each dishes',
  '    { "id": "${it.name()}", "title": "${it.label()}" }',
  '    // @end',
  '  ] } ] } } }',
].join('\n');
