import { defineRule } from '../findings/rule';
import { formatCount } from '../util/count';

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
    return { message: overSizeMessage(text.length, 'characters', maxFileSize), offset: 0, length: 0 };
  },
  check() { /* everything is in precheck: a file within the cap has nothing to report here */ },
});

/**
 * The byte limit for reading a file checked under `maxFileSize` characters: a UTF-16 code unit
 * takes at most 3 bytes of UTF-8, so a file of more bytes is over the limit without reading it.
 * Files between maxFileSize and this are read and the check notes them.
 */
export function messageByteLimit(maxFileSize: number): number {
  return Math.min(maxFileSize * 3 + 3, 2 ** 31 - 1);
}

/**
 * The words for a file a reader refused for a cap of its own (the language server's, for a file
 * that is not open) while its bytes alone do not put it over maxFileSize.
 */
export function notReadMessage(size: number, maxFileSize: number): string {
  return `This file has ${formatCount(size)} bytes, more than the language server reads from disk: it was not checked. ` +
    `Open it, or run umsg check, to check it against maxFileSize (${formatCount(maxFileSize)} characters).`;
}

/**
 * The finding's words: for the check, the file's length in characters; for `umsg check`, which
 * leaves a file unread when its bytes alone rule it out (cli/checkFiles.ts), its size in bytes.
 */
export function overSizeMessage(size: number, unit: 'characters' | 'bytes', maxFileSize: number): string {
  const limit = unit === 'bytes' ? `${formatCount(maxFileSize)} characters` : formatCount(maxFileSize);
  return `This file has ${formatCount(size)} ${unit}, over the checking limit of ${limit} (maxFileSize): it was not checked.`;
}
