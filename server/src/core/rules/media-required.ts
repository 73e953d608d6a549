import { joinList } from '../channels';
import { missingFields, place, requiredFields } from '../model/places';
import { defineRule } from '../findings/rule';
import { brokenInside } from '../model/values';

const PLACEHOLDER: Record<string, string> = {
  height: '"height": "${1|SHORT,MEDIUM,TALL|}"',
  fileUrl: '"fileUrl": "${1:https://}"',
  altText: '"altText": "${1:Describe the image}"',
};

/**
 * Spec, "richMedia": height, fileUrl and altText are required. Which fields those are is the
 * table of places' (places.ts); the words are here.
 */
export default defineRule({
  id: 'media-required',
  description: 'richMedia has height, fileUrl and altText.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    const media = card?.media;
    const prop = card?.props.get('richMedia');
    if (!media || !prop || brokenInside(doc, media.node)) return;
    const has = (f: string) => media.props.has(f);
    const missing = missingFields(place('media'), { has }, 'media-required');
    if (missing.length === 0) return;
    const all = requiredFields(place('media'), { has }, 'media-required');
    report({
      message: `richMedia has no ${joinList(missing)}: ${joinList(all)} are required.`,
      offset: prop.key.offset,
      length: prop.key.length,
      fixes: missing.map((name) => ({
        kind: 'insert-property' as const,
        objectOffset: media.node.offset,
        name,
        snippet: PLACEHOLDER[name] ?? `"${name}": "$1"`,
        title: `Add ${name}`,
      })),
    });
  },
});
