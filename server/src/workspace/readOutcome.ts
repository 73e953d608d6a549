/**
 * What reading a file beside a message gives (config, sample data, siblings): the text, nothing,
 * or why it cannot be used. Free of Node, so that the server's wiring (and its browser build)
 * can use it; the Node side is `node/files.ts`.
 */

/** A file that exists but cannot be used; `unreadable` completes "cannot be read: …". */
interface Unreadable {
  unreadable: string;
  /** Its size in bytes, when that is why (over a size limit). */
  size?: number;
}

/** What reading gives: the text, undefined when there is no such file, or why it cannot be read. */
export type ReadOutcome = string | undefined | Unreadable;

export type ReadText = (filePath: string) => Promise<ReadOutcome>;

export function isUnreadable(value: unknown): value is Unreadable {
  return typeof value === 'object' && value !== null && typeof (value as Unreadable).unreadable === 'string';
}

