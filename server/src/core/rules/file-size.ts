import { defineRule } from '../rule';
import { formatCount } from '../formatCount';

/**
 * A file over the size cap (maxFileSize, in characters) gets one information finding instead
 * of a full check, so a huge file never freezes the editor: the checker runs this before any
 * parse, and every editor feature answers such a file empty.
 */
export default defineRule({
  id: 'file-size',
  description: 'Files over the size cap (maxFileSize, about 5 MB by default) are not checked.',
  defaultSeverity: 'information',
  languages: ['universal-message', 'configuration-meta', 'native-provider'],
  precheck(text, maxFileSize) {
    if (text.length <= maxFileSize) return undefined;
    return { message: `This file has ${formatCount(text.length)} characters, over the checking limit of ${formatCount(maxFileSize)} (maxFileSize): it was not checked.`, offset: 0, length: 0 };
  },
  check() { /* everything is in precheck: a file within the cap has nothing to report here */ },
});
