import { MEDIA_HEIGHTS } from '../model/cardSchema';
import { defineRule } from '../findings/rule';
import { plainString, renderedValues } from '../model/values';
import { quote } from '../util/messageQuote';

/**
 * Spec, "richMedia": height is exactly one of SHORT, MEDIUM, TALL. With sample data, a
 * templated height is judged on each value it renders to, on its template (no fix).
 */
export default defineRule({
  id: 'media-height',
  description: 'richMedia.height is SHORT, MEDIUM or TALL (upper case).',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, sample, report }) {
    const prop = card?.media?.props.get('height');
    const v = prop?.valueNode;
    if (!v) return;
    const rendered = renderedValues(doc, v, 'height', sample);
    if (rendered) {
      for (const r of rendered) {
        const problem = heightProblem(r.text);
        if (problem) report({ message: r.message(problem.message), offset: r.offset, length: r.length });
      }
      return;
    }
    const value = plainString(doc, prop);
    if (value === undefined) return;
    const problem = heightProblem(value);
    if (!problem) return;
    const { fixed } = problem;
    report({
      message: problem.message,
      offset: v.offset,
      length: v.length,
      fixes: fixed
        ? [{ kind: 'replace', offset: v.offset, length: v.length, text: `"${fixed}"`, title: `Change to "${fixed}"`, preferred: true }]
        : MEDIA_HEIGHTS.map((h) => ({
          kind: 'replace' as const,
          offset: v.offset,
          length: v.length,
          text: `"${h}"`,
          title: `Change to "${h}"`,
        })),
    });
  },
});

/** What is wrong with a height, and the height it means when only its case or padding is off. */
function heightProblem(value: string): { message: string; fixed: string | undefined } | undefined {
  if ((MEDIA_HEIGHTS as readonly string[]).includes(value)) return undefined;
  const fixed = MEDIA_HEIGHTS.find((h) => h === value.trim().toUpperCase());
  return {
    message: fixed
      ? `height must be written "${fixed}" (upper case), found ${quote(value)}.`
      : `height must be SHORT, MEDIUM or TALL, found ${quote(value)}.`,
    fixed,
  };
}
