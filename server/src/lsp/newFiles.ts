/**
 * The `universalMessage/newFiles` request: the files of New Native Provider, New Universal
 * Message and the walkthroughs' steps, made by the core from the client's answers. Wiring only.
 */
import type { Connection } from 'vscode-languageserver';
import {
  DEPLOY_MODE_CHOICES,
  messageNameProblem,
  newCiWorkflow,
  newConfigFile,
  newMessageText,
  newProviderProject,
  providerAnswerProblems,
  type ProviderAnswers,
} from '../core';
import { NEW_FILES_REQUEST, type NewFilesParams, type NewFilesResult } from '../protocol/newFiles';
import { isObject, type requestHandlers } from './requests';

const QUESTIONS: readonly (keyof ProviderAnswers)[] = ['label', 'deployMode', 'serviceInterface', 'packageName', 'project'];

function isFile(v: unknown): boolean {
  return isObject(v) && typeof v.path === 'string' && typeof v.text === 'string';
}

function validParams(p: Record<string, unknown>): boolean {
  switch (p.kind) {
    case 'provider': {
      const answers = p.answers;
      return isObject(answers) && QUESTIONS.every((q) => answers[q] === undefined || typeof answers[q] === 'string') &&
        (p.settings === undefined || isFile(p.settings));
    }
    case 'message':
      return typeof p.name === 'string';
    case 'config':
    case 'ci':
      return true;
    default:
      return false;
  }
}

/** The answer to one request. */
export function newFiles(p: NewFilesParams): NewFilesResult {
  switch (p.kind) {
    case 'provider': {
      const answers = Object.fromEntries(QUESTIONS.filter((q) => typeof p.answers[q] === 'string').map((q) => [q, p.answers[q]]));
      const deployModes = [...DEPLOY_MODE_CHOICES];
      if (QUESTIONS.some((q) => answers[q] === undefined)) {
        return { problems: providerAnswerProblems(answers), files: [], deployModes };
      }
      const made = newProviderProject(answers as unknown as ProviderAnswers, p.settings);
      if ('problems' in made) return { problems: made.problems, files: [], deployModes };
      return { problems: [], files: made.files, settings: made.settings, className: made.className, deployModes };
    }
    case 'message': {
      const problem = messageNameProblem(p.name);
      return problem
        ? { problems: [{ question: 'name', message: problem }], files: [] }
        : { problems: [], files: [{ path: `${p.name}.umsg`, text: newMessageText() }] };
    }
    case 'config':
      return { problems: [], files: [newConfigFile()] };
    case 'ci':
      return { problems: [], files: [newCiWorkflow()] };
  }
}

export function registerNewFiles(connection: Connection, handler: ReturnType<typeof requestHandlers>): void {
  const empty: NewFilesResult = { problems: [], files: [] };
  connection.onRequest(NEW_FILES_REQUEST, handler('New files', validParams, empty, (p: NewFilesParams) => newFiles(p)));
}
