/**
 * New files and the walkthroughs' steps: New Native Provider… and New Universal Message… (also
 * under File › New File…), and the commands the walkthroughs' buttons run. This file asks the
 * questions and writes the files; what the files hold, and whether an answer will do, is the
 * server's (`universalMessage/newFiles`, server/src/protocol/newFiles.ts). Desktop and web
 * alike: files are read and written through `workspace.fs`.
 */
import {
  commands,
  Range,
  Selection,
  TextEditorRevealType,
  Uri,
  window,
  workspace,
  WorkspaceEdit,
  type Disposable,
  type TextDocument,
} from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { SHOW_PREVIEW_TO_SIDE } from '../../server/src/protocol/commands';
import {
  NEW_FILES_REQUEST,
  type NewFile,
  type NewFilesParams,
  type NewFilesResult,
  type ProviderAnswers,
} from '../../server/src/protocol/newFiles';

/** Arguments a test or another extension may pass instead of answering the questions. */
interface NewProviderArgs {
  answers?: ProviderAnswers;
  /** The Gradle build's root folder (a URI); default: the workspace folder. */
  folder?: string;
}

interface NewMessageArgs {
  name?: string;
  /** The folder of the message (a URI); default: the active file's folder in the workspace, else the workspace folder. */
  folder?: string;
}

/** A walkthrough step's button: open a provider descriptor at one of its fields, and the Integrations form beside it. */
interface OpenProviderArgs {
  field?: string;
  preview?: boolean;
}

/** The folder a file is made in (a URI); default: the workspace folder. */
interface FolderArgs {
  folder?: string;
}

const SETTINGS_FILES = ['settings.gradle.kts', 'settings.gradle'];

export function registerNewFiles(client: BaseLanguageClient): Disposable[] {
  const ask = (params: NewFilesParams) => client.sendRequest<NewFilesResult>(NEW_FILES_REQUEST, params);
  return [
    commands.registerCommand('universalMessage.newNativeProvider', (args?: NewProviderArgs) => newNativeProvider(ask, args)),
    commands.registerCommand('universalMessage.newMessage', (args?: NewMessageArgs) => newMessage(ask, args)),
    commands.registerCommand('universalMessage.openNativeProvider', (args?: OpenProviderArgs) => openNativeProvider(args)),
    commands.registerCommand('universalMessage.openConfig', (args?: FolderArgs) => openOrCreate(ask, { kind: 'config' }, args?.folder)),
    commands.registerCommand('universalMessage.addCiWorkflow', (args?: FolderArgs) => openOrCreate(ask, { kind: 'ci' }, args?.folder)),
  ];
}

type Ask = (params: NewFilesParams) => Promise<NewFilesResult>;

async function exists(uri: Uri): Promise<boolean> {
  try {
    await workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** The folder new files go in: the one given, the only workspace folder, or the one picked. */
async function workspaceFolder(folder: string | undefined): Promise<Uri | undefined> {
  if (folder) return Uri.parse(folder);
  const folders = workspace.workspaceFolders ?? [];
  if (folders.length === 1) return folders[0].uri;
  if (folders.length === 0) {
    void window.showErrorMessage('Open a folder first: the new files are written into it.');
    return undefined;
  }
  return (await window.showWorkspaceFolderPick({ placeHolder: 'The folder to create the files in' }))?.uri;
}

async function write(uri: Uri, text: string): Promise<void> {
  await workspace.fs.createDirectory(Uri.joinPath(uri, '..'));
  await workspace.fs.writeFile(uri, new TextEncoder().encode(text));
}

/** The settings file's text as the editor has it (unsaved edits included), or as it is on disk. */
async function readSettings(root: Uri): Promise<{ file: NewFile; document?: TextDocument } | undefined> {
  for (const name of SETTINGS_FILES) {
    const uri = Uri.joinPath(root, name);
    const document = workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (document) return { file: { path: name, text: document.getText() }, document };
    if (await exists(uri)) return { file: { path: name, text: new TextDecoder().decode(await workspace.fs.readFile(uri)) } };
  }
  return undefined;
}

async function askProvider(ask: Ask): Promise<ProviderAnswers | undefined> {
  const answers: Partial<ProviderAnswers> = {};
  const { deployModes = [] } = await ask({ kind: 'provider', answers });
  const input = async (question: keyof ProviderAnswers, step: number, prompt: string, placeHolder: string) => {
    const value = await window.showInputBox({
      title: `New Native Provider (${step}/5)`,
      prompt,
      placeHolder,
      ignoreFocusOut: true,
      validateInput: async (v) => (await ask({ kind: 'provider', answers: { ...answers, [question]: v } })).problems
        .find((p) => p.question === question)?.message,
    });
    if (value !== undefined) answers[question] = value;
    return value !== undefined;
  };
  if (!await input('label', 1, 'The provider\'s label on the platform. Its Kotlin class is named after it.', 'Stripe payments')) return;
  const mode = await window.showQuickPick(deployModes.map((m) => ({ label: m.value, detail: m.description })), {
    title: 'New Native Provider (2/5)',
    placeHolder: 'Deploy mode',
    ignoreFocusOut: true,
  });
  if (!mode) return;
  answers.deployMode = mode.label;
  if (!await input('serviceInterface', 3, 'The service interface it implements, by its fully qualified name.',
    'services.example.payment.IPayment')) return;
  if (!await input('packageName', 4, 'The Kotlin package of the provider class; the Gradle group too.', 'com.example.payment')) return;
  if (!await input('project', 5, 'The Gradle subproject: the folder of its code, and the implementation string\'s project.',
    'stripe')) return;
  return answers as ProviderAnswers;
}

/** Writes the provider's project, opens its descriptor and answers its URI (undefined when nothing was made). */
async function newNativeProvider(ask: Ask, args: NewProviderArgs | undefined): Promise<string | undefined> {
  const root = await workspaceFolder(args?.folder);
  if (!root) return undefined;
  const answers = args?.answers ?? await askProvider(ask);
  if (!answers) return undefined;
  const settings = await readSettings(root);
  const made = await ask({ kind: 'provider', answers, settings: settings?.file });
  if (made.problems.length > 0) {
    void window.showErrorMessage(made.problems.map((p) => p.message).join(' '));
    return undefined;
  }
  for (const file of made.files) {
    if (await exists(Uri.joinPath(root, file.path))) {
      void window.showErrorMessage(`${file.path} exists already: choose another project name, or remove it first.`);
      return undefined;
    }
  }
  for (const file of made.files) await write(Uri.joinPath(root, file.path), file.text);
  if (made.settings) {
    const document = settings?.document;
    if (document) {
      const edit = new WorkspaceEdit();
      edit.replace(document.uri, new Range(document.positionAt(0), document.positionAt(document.getText().length)), made.settings.text);
      await workspace.applyEdit(edit);
      await document.save();
    } else {
      await write(Uri.joinPath(root, made.settings.path), made.settings.text);
    }
  }
  const descriptor = Uri.joinPath(root, made.files[0].path);
  await window.showTextDocument(descriptor);
  void window.showInformationMessage(`Created ${made.files.map((f) => f.path).join(', ')}` +
    (made.settings ? ` and included the project in ${made.settings.path}.` : '.'));
  return descriptor.toString();
}

/** The folder of the active file when it is in the workspace, else the workspace folder. */
async function messageFolder(folder: string | undefined): Promise<Uri | undefined> {
  if (folder) return Uri.parse(folder);
  const active = window.activeTextEditor?.document.uri;
  if (active && workspace.getWorkspaceFolder(active)) return Uri.joinPath(active, '..');
  return workspaceFolder(undefined);
}

/** Writes NAME.umsg, opens it and answers its URI. */
async function newMessage(ask: Ask, args: NewMessageArgs | undefined): Promise<string | undefined> {
  const folder = await messageFolder(args?.folder);
  if (!folder) return undefined;
  const name = args?.name ?? await window.showInputBox({
    title: 'New Universal Message',
    prompt: 'The message\'s name: the file is NAME.umsg.',
    value: 'welcome',
    ignoreFocusOut: true,
    validateInput: async (v) => (await ask({ kind: 'message', name: v })).problems[0]?.message,
  });
  if (name === undefined) return undefined;
  const made = await ask({ kind: 'message', name });
  if (made.problems.length > 0) {
    void window.showErrorMessage(made.problems[0].message);
    return undefined;
  }
  const uri = Uri.joinPath(folder, made.files[0].path);
  if (await exists(uri)) {
    void window.showErrorMessage(`${made.files[0].path} exists already: choose another name.`);
    return undefined;
  }
  await write(uri, made.files[0].text);
  await window.showTextDocument(uri);
  return uri.toString();
}

/** Opens the file the server names (umsg.config.json, the CI workflow), made first when it does not exist. */
async function openOrCreate(ask: Ask, params: NewFilesParams, folder: string | undefined): Promise<string | undefined> {
  const root = await workspaceFolder(folder);
  if (!root) return undefined;
  const [file] = (await ask(params)).files;
  const uri = Uri.joinPath(root, file.path);
  if (!await exists(uri)) await write(uri, file.text);
  await window.showTextDocument(uri);
  return uri.toString();
}

/**
 * Opens a provider descriptor of the workspace (the active one, the only one, or the one
 * picked; New Native Provider… when there is none), selects the key `field`, and with
 * `preview` opens the Integrations form beside it.
 */
async function openNativeProvider(args: OpenProviderArgs | undefined): Promise<string | undefined> {
  const active = window.activeTextEditor?.document;
  let uri = active?.languageId === 'native-provider' ? active.uri : undefined;
  if (!uri) {
    const found = await workspace.findFiles('**/*.provider.json', '**/node_modules/**', 50);
    if (found.length === 0) {
      const choice = await window.showInformationMessage('There is no native provider descriptor (*.provider.json) here yet.',
        'New Native Provider…');
      if (choice) await commands.executeCommand('universalMessage.newNativeProvider');
      return undefined;
    }
    uri = found.length === 1 ? found[0] : (await window.showQuickPick(
      found.map((u) => ({ label: workspace.asRelativePath(u), uri: u })),
      { placeHolder: 'The native provider to open' },
    ))?.uri;
  }
  if (!uri) return undefined;
  const editor = await window.showTextDocument(uri);
  if (args?.field) {
    const text = editor.document.getText();
    const key = text.indexOf(JSON.stringify(args.field));
    if (key >= 0) {
      const range = new Range(editor.document.positionAt(key), editor.document.positionAt(key + args.field.length + 2));
      editor.selection = new Selection(range.start, range.end);
      editor.revealRange(range, TextEditorRevealType.InCenterIfOutsideViewport);
    }
  }
  if (args?.preview) {
    if ((await commands.getCommands(true)).includes(SHOW_PREVIEW_TO_SIDE)) {
      await commands.executeCommand(SHOW_PREVIEW_TO_SIDE, uri);
    } else {
      void window.showInformationMessage('The Integrations form preview is not available here (VS Code for the Web has none yet).');
    }
  }
  return uri.toString();
}
