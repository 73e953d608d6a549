import { MEDIA_HEIGHTS } from '../model/cardSchema';
import { defineRule } from '../findings/rule';
import { plainString } from '../model/values';
import { quote } from '../util/messageQuote';

/** Spec, "richMedia": height is exactly one of SHORT, MEDIUM, TALL. */
export default defineRule({
  id: 'media-height',
  description: 'richMedia.height is SHORT, MEDIUM or TALL (upper case).',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    const prop = card?.media?.props.get('height');
    const value = plainString(doc, prop);
    const v = prop?.value;
    if (value === undefined || !v || (MEDIA_HEIGHTS as readonly string[]).includes(value)) return;
    const fixed = MEDIA_HEIGHTS.find((h) => h === value.trim().toUpperCase());
    report({
      message: fixed
        ? `height must be written "${fixed}" (upper case), found ${quote(value)}.`
        : `height must be SHORT, MEDIUM or TALL, found ${quote(value)}.`,
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
