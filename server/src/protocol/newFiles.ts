/**
 * The new-file request, typed once for the server (server/src/lsp/newFiles.ts) and the VS Code
 * client (client/src/newFiles.ts): the client asks the questions and writes the files, the
 * server makes them (core/features/newFiles.ts). Types only, plus the name, so the client
 * bundle takes nothing of the server with it.
 */
import type { NewFile, ProviderAnswers } from '../core';

export type { NewFile, ProviderAnswers };

/** `universalMessage/newFiles`: params `NewFilesParams`, result `NewFilesResult`. */
export const NEW_FILES_REQUEST = 'universalMessage/newFiles';

export type NewFilesParams =
  /**
   * A native provider's project. With some answers missing, only the problems of those given
   * (to judge an answer as it is typed); with all of them, the files too. `settings`: the
   * Gradle build's settings file as it is, absent when there is none.
   */
  | { kind: 'provider'; answers: Partial<ProviderAnswers>; settings?: NewFile }
  /** A universal message NAME.umsg. */
  | { kind: 'message'; name: string }
  /** umsg.config.json with the default channels. */
  | { kind: 'config' }
  /** A GitHub Actions workflow that runs `umsg check`. */
  | { kind: 'ci' };

export interface NewFilesResult {
  /** Why the answers cannot make the files, per question (`label`, `project`…, `name` for a message). */
  problems: { question: string; message: string }[];
  /** The files to create, paths relative to the folder they go in ('/'-separated); empty while there are problems. */
  files: NewFile[];
  /** A provider's settings file with its `include`, to create or overwrite; absent when it includes the project already. */
  settings?: NewFile;
  /** A provider's class, fully qualified. */
  className?: string;
  /** A provider's deploy modes and what each implies, for the question. */
  deployModes?: { value: string; description: string }[];
}
