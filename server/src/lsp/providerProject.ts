/**
 * A provider descriptor's Gradle project in the server: read through the runtime once per
 * version of the descriptor (and per generation: a changed build or source file starts a new
 * one), and its places in other files as LSP locations and link targets.
 */
import { URI } from 'vscode-uri';
import type { Location } from 'vscode-languageserver';
import type { ProviderProjectFacts, SourceLocation } from '../core';
import type { ServerRuntime } from './runtime';

/** Where the facts of one version are kept: on the server's entry for that version. */
interface Holder {
  project?: Promise<ProviderProjectFacts | undefined>;
}

export function providerProjects(runtime: ServerRuntime, log: (message: string) => void) {
  const uriOf = runtime.locate?.uriOf ?? ((filePath: string) => URI.file(filePath).toString());
  return {
    /** The facts for a descriptor's version; undefined for other files, or where the runtime cannot read projects. */
    of(holder: Holder, isProvider: boolean, filePath: string | undefined, text: string, root: string | undefined) {
      const find = runtime.providerProject;
      if (!isProvider || !find || filePath === undefined) return undefined;
      return (holder.project ??= find(filePath, text, root).catch((error: unknown) => {
        log(`Could not read the Gradle project of ${filePath}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }));
    },
    uriOf,
    /** A place as a link target: VS Code opens `#L<line>,<column>` at that place. */
    linkTarget: (at: SourceLocation) => `${uriOf(at.file)}#L${at.line + 1},${at.character + 1}`,
    location(at: SourceLocation): Location {
      const start = { line: at.line, character: at.character };
      return { uri: uriOf(at.file), range: { start, end: { line: at.line, character: at.character + at.length } } };
    },
  };
}
