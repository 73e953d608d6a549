import { analyzeLists, placementOf, type ListProblemFacts } from '../template/dynamicList';
import { defineRule } from '../findings/rule';

/** The words for a problem of the markers or the body (dynamicList.ts reports what happened; the words are this rule's). */
export function listProblemMessage(p: ListProblemFacts): string {
  switch (p.kind) {
    case 'marker-not-alone':
      return `// @${p.marker} must stand on a line of its own.`;
    case 'each-nested':
      return '// @each has no // @end before the next // @each: dynamic lists do not nest.';
    case 'each-without-list':
      return '// @each needs the list it repeats over, for example // @each dishes.';
    case 'each-extra-words':
      return `// @each takes one list expression, such as // @each dishes: "${p.words}" is not part of it. ` +
        `Put a remark on a comment line of its own.`;
    case 'end-without-each':
      return '// @end has no // @each before it.';
    case 'each-without-end':
      return '// @each has no // @end: mark where the repeated body ends.';
    case 'second-list':
      return 'A message has exactly one dynamic list body: this second // @each is not used.';
    case 'body-misplaced':
      return p.placement === 'array'
        ? 'The dynamic list body must sit directly in an array of the message (such as a list\'s rows or a carousel\'s elements).'
        : 'The dynamic list body must sit directly in insideActions or floatActions.';
    case 'body-count': {
      const one = p.placement === 'array' ? 'array element' : 'action element';
      return p.count === 0
        ? `The dynamic list body holds no ${p.placement === 'array' ? 'element' : 'action'}: put one ${one} between // @each and // @end.`
        : `The dynamic list body holds ${p.count} values: it must be exactly one ${one}, repeated once per list element.`;
    }
    case 'body-comma':
      return "Remove this ',' from the dynamic list body: the delimiter between repeated bodies is added at render time.";
    case 'invalid-for-length':
      return p.elements === 0
        ? "With an empty list the message is not valid JSON: a ',' next to the body is left with nothing on one side. " +
          `A list with a dynamic body holds no static ${p.placement === 'array' ? 'elements' : 'actions'}.`
        : `With ${p.elements} list element${p.elements === 1 ? '' : 's'} the message is not valid JSON: check the commas around the body.`;
    case 'it-outside':
      return '`it` is only defined inside a dynamic list body (between // @each and // @end).';
    case 'more':
      return `${p.hidden} more dynamic list problem${p.hidden === 1 ? '' : 's'} not shown.`;
  }
}

/**
 * Spec, "Templating inside a message", rule 2: one body
 * between `// @each <list>` and `// @end`, directly in insideActions or floatActions, exactly
 * one JSON value without a delimiter, valid JSON for 0, 1 and 2 list elements, and `it` only
 * inside the body. The count a list may reach on each channel is stated in hover and an
 * inlay hint on the `// @each` line; with sample data, channel-limit checks the exact count.
 * In a channel-specific message in native form the body sits directly in any array of the
 * channel's format instead (a WhatsApp list's rows, a Messenger carousel's elements).
 * dynamicList.ts is the one reading of the markers (shared with the card model, the outline
 * and render) and reports what it found as facts; the words are here.
 */
export default defineRule({
  id: 'dynamic-list',
  description: 'A dynamic list body (// @each ... // @end) is well placed and renders valid JSON for any list length.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, form, report }) {
    const { problems } = analyzeLists(doc, placementOf(form));
    for (let i = 0; i < problems.length; i++) {
      const p = problems[i];
      report({ message: listProblemMessage(p), offset: p.offset, length: p.length });
    }
  },
});
