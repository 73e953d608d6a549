/**
 * The two ways the server asks whether the work on one version of an open document should
 * stop: a request's parse (`Replaced`: a newer version arrived) and a check shared by several
 * requests (`CheckStop`: a newer version arrived, or every request waiting for it was cancelled).
 *
 * They are classes on purpose. They were object literals with a getter, made anew for every
 * request, and each kept its version alive through V8's young collections: typing in the
 * 50,000-entry Configuration Meta, every version's 4.6 MB text made since the last young
 * collection was still alive at it and was moved to the old generation (13.9 MB a collection,
 * three versions; 64.8 MB with a 64 MB young generation), where only the current version is
 * alive. A closure kept in a field, or a class's getter, does not do that: with these classes
 * each young collection moves one text, the current one, and the heap before a full collection
 * while typing went from 357 to 409 MB down to 158 to 274 MB. A heap snapshot does not show
 * the difference: it runs a full collection first, which finds those versions dead.
 * (docs/performance.md, "The full collection while typing".)
 */

import type { Cancellation } from '../core';

interface Versioned {
  version: number;
}

/** Where the current entry of each open document, and the document itself, are found. */
export interface OpenVersions<E extends Versioned> {
  entries: ReadonlyMap<string, E>;
  documents: { get(uri: string): { version: number } | undefined };
}

/** Cancelled once `entry` is no longer the current entry of `uri`, or the document moved to another version. */
export class Replaced<E extends Versioned> implements Cancellation {
  constructor(private readonly open: OpenVersions<E>, private readonly uri: string, private readonly entry: E) {}

  get isCancellationRequested(): boolean {
    return this.open.entries.get(this.uri) !== this.entry || this.open.documents.get(this.uri)?.version !== this.entry.version;
  }
}

/**
 * Cancelled once `entry` is no longer the current entry of `uri`, or every request in `tokens`
 * is cancelled (a request without a token never is).
 */
export class CheckStop<E> implements Cancellation {
  /** The requests waiting for the check. */
  readonly tokens: Set<Cancellation | undefined>;

  constructor(
    private readonly entries: ReadonlyMap<string, E>,
    private readonly uri: string,
    private readonly entry: E,
    first: Cancellation | undefined,
  ) {
    this.tokens = new Set([first]);
  }

  get isCancellationRequested(): boolean {
    if (this.entries.get(this.uri) !== this.entry) return true;
    for (const t of this.tokens) if (!t?.isCancellationRequested) return false;
    return true;
  }
}
