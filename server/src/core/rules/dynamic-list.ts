import { analyzeLists } from '../dynamicList';
import { defineRule } from '../rule';

/**
 * Spec, "Templating inside a message", rule 2 (DESIGN: Multiple value messages): one body
 * between `// @each <list>` and `// @end`, directly in insideActions or floatActions, exactly
 * one JSON value without a delimiter, valid JSON for 0, 1 and 2 list elements, and `it` only
 * inside the body. The count a list may reach on each channel is stated in hover and an
 * inlay hint on the `// @each` line; with sample data, channel-limit checks the exact count.
 */
export default defineRule({
  id: 'dynamic-list',
  description: 'A dynamic list body (// @each ... // @end) is well placed and renders valid JSON for any list length.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, report }) {
    for (const p of analyzeLists(doc).problems) report(p);
  },
});
