import { joinList } from '../channels';
import { defineRule } from '../rule';
import { brokenInside } from './ruleUtil';

const REQUIRED = ['height', 'fileUrl', 'altText'];

/** Spec, "richMedia": height, fileUrl and altText are required. */
export default defineRule({
  id: 'media-required',
  description: 'richMedia has height, fileUrl and altText.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    const media = card?.media;
    const prop = card?.props.get('richMedia');
    if (!media || !prop || brokenInside(doc, media.node)) return;
    const missing = REQUIRED.filter((f) => !media.props.has(f));
    if (missing.length === 0) return;
    const placeholder: Record<string, string> = {
      height: '"height": "${1|SHORT,MEDIUM,TALL|}"',
      fileUrl: '"fileUrl": "${1:https://}"',
      altText: '"altText": "${1:Describe the image}"',
    };
    report({
      message: `richMedia has no ${joinList(missing)}: height, fileUrl and altText are required.`,
      offset: prop.key.offset,
      length: prop.key.length,
      fixes: missing.map((name) => ({ kind: 'insert-property' as const, objectOffset: media.node.offset, name, snippet: placeholder[name], title: `Add ${name}` })),
    });
  },
});
