/**
 * Which file is which language: the vocabulary every layer shares, and the one function that
 * tells a file's language from its name.
 */

/** The project file: target channels and rule severities, found by walking up from a file. */
export const CONFIG_FILE_NAME = 'umsg.config.json';

/**
 * The file kinds umsg reads: a universal message (`*.umsg`), a Configuration Meta array
 * (`*.configmeta.json`), a native provider descriptor (`*.provider.json`), and `umsg-config`,
 * the project file umsg.config.json, checked by its own rule set (rule `config`) like any
 * other language.
 */
export type LanguageId = 'universal-message' | 'configuration-meta' | 'native-provider' | 'umsg-config';

/** A file's language from its name (either path separator); undefined for a file umsg does not read. */
export function languageOf(path: string): LanguageId | undefined {
  // The name after the last separator ('/' or '\\'), without splitting the whole path.
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  if (name.endsWith('.umsg')) return 'universal-message';
  if (name.endsWith('.configmeta.json')) return 'configuration-meta';
  if (name.endsWith('.provider.json')) return 'native-provider';
  if (name === CONFIG_FILE_NAME) return 'umsg-config';
  return undefined;
}
