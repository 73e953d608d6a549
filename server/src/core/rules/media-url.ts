import { defineRule } from '../findings/rule';
import { viewValue } from '../model/values';
import { urlProblem } from '../model/url';

/**
 * Spec, "richMedia": fileUrl and thumbnailUrl are publicly reachable http/https URLs.
 * Their size limits (5 MB, 25 KB) are stated in hover; files are never fetched.
 */
export default defineRule({
  id: 'media-url',
  description: 'richMedia.fileUrl and thumbnailUrl are http or https URLs.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    const media = card?.media;
    if (!media) return;
    for (const field of ['fileUrl', 'thumbnailUrl']) {
      const v = media.props.get(field)?.value;
      if (!v) continue;
      const view = viewValue(doc, v);
      if (view.kind !== 'string') continue;
      const problem = urlProblem(field, view.info);
      if (problem) report({ message: problem, offset: v.offset, length: v.length });
    }
  },
});
