/**
 * The files whose changes on disk the server must hear of: every file it checks, sample data,
 * and a provider's Gradle project. The server registers these globs with editors that watch
 * files for it; the VS Code client watches them itself and also tells the server of the
 * changes it makes in the editor (client/src/editorFileEvents.ts). Both read them from here.
 *
 * No value is imported from the core: the client bundles this file, and one value from the
 * core's index would bring the whole core into it. test/lsp/watchedFiles.test.ts holds these
 * globs to the core's own names (every language's files, CONFIG_FILE_NAME).
 */

/**
 * A provider's Gradle project: settings and build files, Kotlin and Java sources. A change
 * re-reads the descriptors of that project (lsp/providerProject.ts, projectFileConcerns).
 */
const PROJECT_FILE_GLOBS = ['**/*.gradle', '**/*.gradle.kts', '**/*.kt', '**/*.java'];

/** The globs registered for watching, each `**` + `/NAME` or `/*ENDING`, so that isWatchedFile can read them. */
export const WATCHED_FILES = [
  '**/umsg.config.json',
  '**/*.sample.json',
  // Every checked file (channel-specific messages are .umsg files too): the workspace report
  // is checked again when one changes on disk.
  '**/*.umsg',
  '**/*.configmeta.json',
  '**/*.provider.json',
  ...PROJECT_FILE_GLOBS,
];

/** What a URI must end with to match each glob: `/NAME`, or `ENDING`. */
const endingOf = (glob: string) => (glob.startsWith('**/*') ? glob.slice('**/*'.length) : glob.slice('**'.length));
const WATCHED_ENDINGS = WATCHED_FILES.map(endingOf);
const PROJECT_FILE_ENDINGS = PROJECT_FILE_GLOBS.map(endingOf);

/** A file of a provider's Gradle project: a build or settings file, a Kotlin or Java source. */
export function isProjectFile(uri: string): boolean {
  return PROJECT_FILE_ENDINGS.some((e) => uri.endsWith(e));
}

/** Whether `uri` (a URI or a path with `/`) matches one of WATCHED_FILES. */
export function isWatchedFile(uri: string): boolean {
  return WATCHED_ENDINGS.some((e) => uri.endsWith(e));
}
