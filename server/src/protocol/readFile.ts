/**
 * Reading files through the client, for the language server in a Web Worker (VS Code for the
 * Web), where the server has no file system of its own. The server asks, the browser client
 * answers with `workspace.fs` (client/src/browser/extension.ts). Shared by both sides: the
 * request name, its parameters and its size cap live here only.
 */

/** `universalMessage/readFile`: params `ReadFileParams`, result the file's text, or null. */
export const READ_FILE_REQUEST = 'universalMessage/readFile';

/** The file's URI, as the server knows it (a document URI's sibling or parent's config). */
export interface ReadFileParams {
  uri: string;
}

/**
 * The client answers null for files larger than this many bytes: config, sample data and
 * channel-specific messages are small, and the server must not pull a huge file over the
 * worker's message channel because a name happened to match.
 */
export const READ_FILE_MAX_BYTES = 5_000_000;

/**
 * `universalMessage/readFolder`: params `ReadFileParams` (a folder's URI), result the folder's
 * entries as `[name, kind]`, or null when it cannot be listed. Links to folders are given as
 * 'other' (not walked: the editor's file system does not say where they lead, so a loop could
 * not be told apart).
 */
export const READ_FOLDER_REQUEST = 'universalMessage/readFolder';

export type FolderEntryKind = 'file' | 'folder' | 'other';
