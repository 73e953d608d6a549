import { defineRule } from '../rule';

/**
 * Raised by the checker itself (check.ts) before any parse: a file over the size cap gets
 * one information finding instead of a full check, so a huge file never freezes the editor.
 */
export default defineRule({
  id: 'file-size',
  description: 'Files over the size cap (maxFileSize, about 5 MB by default) are not checked.',
  defaultSeverity: 'information',
  languages: ['universal-message', 'configuration-meta', 'native-provider'],
  check() { /* reported by checkDocument */ },
});
