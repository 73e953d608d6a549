/**
 * A provider descriptor's Gradle project in the server: read through the runtime once per
 * version of the descriptor (read again when a build or source file of that project changes),
 * and its places in other files as LSP locations and link targets.
 */
import { URI } from 'vscode-uri';
import type { Location } from 'vscode-languageserver';
import type { ProviderProjectFacts, SourceLocation } from '../core';
import type { ServerRuntime } from './runtime';

/** Where the facts of one version are kept: on the server's entry for that version. */
export interface ProjectHolder {
  project?: Promise<ProviderProjectFacts | undefined>;
  /** Once `project` is read: the settings file of the build it found, or null when it found none. */
  settingsFile?: string | null;
}

/**
 * Whether a change of the project file at `changed` can alter the facts of the descriptor at
 * `descriptor` (both URIs): a file under the folder of the settings file its facts were read
 * from (`settingsFile`, a URI), or, where they found no build (`null`), a file in the
 * descriptor's folder or a folder above it, where a new settings file would make its build.
 * `undefined` (the facts are not read yet, or were never kept): it can.
 */
export function projectFileConcerns(changed: string, descriptor: string, settingsFile: string | null | undefined): boolean {
  if (settingsFile === undefined) return true;
  const changedPath = URI.parse(changed).path;
  const under = (folder: string) => changedPath.startsWith(folder + '/');
  if (settingsFile !== null) return under(folderOf(URI.parse(settingsFile).path));
  return URI.parse(descriptor).path.startsWith(folderOf(changedPath) + '/');
}

const folderOf = (p: string) => p.slice(0, p.lastIndexOf('/'));

/** The settings file `facts` were read from, as a URI; null where they found no build; undefined without facts. */
export function settingsUri(facts: ProviderProjectFacts | undefined, uriOf: (filePath: string) => string): string | null | undefined {
  return facts === undefined ? undefined : facts.found ? uriOf(facts.settingsFile) : null;
}

export function providerProjects(runtime: ServerRuntime, log: (message: string) => void) {
  const uriOf = runtime.locate?.uriOf ?? ((filePath: string) => URI.file(filePath).toString());
  return {
    /** The facts for a descriptor's version; undefined for other files, or where the runtime cannot read projects. */
    of(holder: ProjectHolder, isProvider: boolean, filePath: string | undefined, text: string, root: string | undefined) {
      const find = runtime.providerProject;
      if (!isProvider || !find || filePath === undefined) return undefined;
      return (holder.project ??= find(filePath, text, root).then((facts) => {
        holder.settingsFile = settingsUri(facts, uriOf);
        return facts;
      }, (error: unknown) => {
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
