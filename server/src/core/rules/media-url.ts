import { defineRule } from '../findings/rule';
import { renderedValues } from '../model/values';
import { urlProblem, urlProblemAt } from '../model/url';

/**
 * Spec, "richMedia": fileUrl and thumbnailUrl are publicly reachable http/https URLs.
 * Their size limits (5 MB, 25 KB) are stated in hover; files are never fetched. With sample
 * data, a templated URL is judged on each value it renders to, on its template (no fix).
 */
export default defineRule({
  id: 'media-url',
  description: 'richMedia.fileUrl and thumbnailUrl are http or https URLs.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, sample, report }) {
    const media = card?.media;
    if (!media) return;
    for (const field of ['fileUrl', 'thumbnailUrl']) {
      const v = media.props.get(field)?.valueNode;
      if (!v) continue;
      // With sample data a templated URL is judged as it renders; when none of its values can be
      // rendered, on its static start as without sample data.
      const rendered = renderedValues(doc, v, field, sample);
      if (rendered && rendered.length > 0) {
        for (const r of rendered) {
          const problem = urlProblem(field, r.info);
          if (problem) report({ message: r.message(problem), offset: r.offset, length: r.length });
        }
        continue;
      }
      const problem = urlProblemAt(doc, field, v);
      if (problem) report({ message: problem, offset: v.offset, length: v.length });
    }
  },
});
