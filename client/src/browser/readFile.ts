/**
 * The web client's answer to the server's `universalMessage/readFile`
 * (server/src/protocol/readFile.ts): a file's text through the editor's file system, or null.
 * Kept apart from the extension (and given the file system) so that tests can run it in Node.
 */
import type { FileStat, Uri } from 'vscode';
import { READ_FILE_MAX_BYTES, type FolderEntryKind, type ReadFileParams } from '../../../server/src/protocol/readFile';

/** What is used of `workspace.fs` and `vscode.FileType` (File = 1, Directory = 2, SymbolicLink = 64). */
export interface ReadFileHost {
  parse(uri: string): Uri;
  stat(uri: Uri): Thenable<FileStat>;
  readFile(uri: Uri): Thenable<Uint8Array>;
  readDirectory(uri: Uri): Thenable<[string, number][]>;
  fileType: { File: number; Directory: number; SymbolicLink: number };
}

/**
 * A file's text for the server, or null: missing, not a regular file (a directory, a device),
 * over READ_FILE_MAX_BYTES, or unreadable. Never throws: to the server, a failed read only
 * means that the file is not there.
 */
export async function readFileForServer(host: ReadFileHost, params: ReadFileParams | undefined): Promise<string | null> {
  if (typeof params?.uri !== 'string') return null;
  try {
    const uri = host.parse(params.uri);
    const stat = await host.stat(uri);
    if (
      (stat.type & host.fileType.File) === 0 ||
      (stat.type & host.fileType.Directory) !== 0 ||
      stat.size > READ_FILE_MAX_BYTES
    ) return null;
    const bytes = await host.readFile(uri);
    // The size can change between stat and read: the cap holds for what was read.
    if (bytes.byteLength > READ_FILE_MAX_BYTES) return null;
    return new TextDecoder('utf-8').decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A folder's entries for the server (`universalMessage/readFolder`), or null when it cannot be
 * listed. A link to a folder is 'other': the server does not walk it (see READ_FOLDER_REQUEST).
 */
export async function readFolderForServer(
  host: ReadFileHost,
  params: ReadFileParams | undefined,
): Promise<[string, FolderEntryKind][] | null> {
  if (typeof params?.uri !== 'string') return null;
  try {
    const { File, Directory, SymbolicLink } = host.fileType;
    return (await host.readDirectory(host.parse(params.uri))).map(([name, type]): [string, FolderEntryKind] => [
      name,
      (type & Directory) !== 0 ? ((type & SymbolicLink) !== 0 ? 'other' : 'folder') : (type & File) !== 0 ? 'file' : 'other',
    ]);
  } catch {
    return null;
  }
}
