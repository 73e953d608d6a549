// Every snippet the extension contributes for universal-message, inserted the
// way a user would (editor.insertSnippet) into the place it is made for, must
// leave a document without errors once the diagnostics settle:
//   card snippets (a whole "type": "rich" object) into an empty document;
//   property snippets (the body starts with `"name":`, e.g. richMedia) as the last property of a valid card;
//   the dynamic list body (contains "@each") into an empty insideActions array;
//   float action snippets (name, prefix or description says "float") into an empty floatActions array;
//   other action snippets into an empty insideActions array of a valid card.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parse, type ParseError } from 'jsonc-parser';
import {
  EXTENSION_ID,
  LANGUAGE_ID,
  closeAllEditors,
  describeDiagnostics,
  diagnosticsSettleAfter,
  openFixture,
  setText,
} from './helpers';

interface SnippetDefinition {
  prefix?: string | string[];
  body: string | string[];
  description?: string;
  scope?: string;
}

interface LoadedSnippet {
  name: string;
  body: string;
  definition: SnippetDefinition;
}

type Placement = 'empty document' | 'card property' | 'insideActions' | 'floatActions';

const SCRATCH = 'snippet-scratch.umsg';
const DEFAULT_SNIPPET_FILE = 'snippets/universal-message.code-snippets';
const NATIVE_SNIPPET_FILE = 'native-message.code-snippets';

/** The snippet files the extension's package.json contributes for the language (or the default file). */
function snippetFiles(extensionPath: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionPath, 'package.json'), 'utf8'));
  const contributed: { language?: string; path?: string }[] = manifest.contributes?.snippets ?? [];
  // The native snippets are whole NAME.<channel>.umsg messages, not cards: the unit test
  // test/features/nativeSnippets.test.ts checks each against its channel's own format.
  const files = contributed
    .filter((s) => s.language === LANGUAGE_ID && s.path && !s.path.endsWith(NATIVE_SNIPPET_FILE))
    .map((s) => path.join(extensionPath, s.path!));
  return files.length > 0 ? files : [path.join(extensionPath, DEFAULT_SNIPPET_FILE)];
}

/** Loads the snippets at suite definition time so that each becomes its own test. */
function loadSnippets(): { snippets: LoadedSnippet[]; problem?: string } {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) return { snippets: [], problem: `expected extension ${EXTENSION_ID} to be loaded; it is not` };
  const snippets: LoadedSnippet[] = [];
  for (const file of snippetFiles(extension.extensionPath)) {
    if (!fs.existsSync(file)) return { snippets: [], problem: `expected the snippet file ${file}; it does not exist` };
    const errors: ParseError[] = [];
    const parsed = parse(fs.readFileSync(file, 'utf8'), errors, { allowTrailingComma: true }) as Record<string, SnippetDefinition>;
    if (errors.length > 0 || typeof parsed !== 'object' || parsed === null) {
      return { snippets: [], problem: `expected ${file} to be a JSON object of snippets; it has ${errors.length} parse error(s)` };
    }
    for (const [name, definition] of Object.entries(parsed)) {
      const scopes = definition.scope?.split(',').map((s) => s.trim());
      if (scopes && !scopes.includes(LANGUAGE_ID)) continue;
      const body = Array.isArray(definition.body) ? definition.body.join('\n') : definition.body;
      snippets.push({ name, body, definition });
    }
  }
  if (snippets.length === 0) return { snippets, problem: 'expected at least one universal-message snippet; found none' };
  return { snippets };
}

function placementOf(snippet: LoadedSnippet): Placement {
  if (/"type"\s*:\s*"rich"/.test(snippet.body)) return 'empty document';
  if (/^\s*"[^"]+"\s*:/.test(snippet.body)) return 'card property';
  if (snippet.body.includes('@each')) return 'insideActions';
  const prefixes = ([] as string[]).concat(snippet.definition.prefix ?? []);
  const words = [snippet.name, ...prefixes, snippet.definition.description ?? ''].join(' ');
  return /float/i.test(words) ? 'floatActions' : 'insideActions';
}

/** The document a snippet goes into, and where: an empty line in a card or in an empty action array. */
function hostFor(placement: Placement): { text: string; line: number; character: number } {
  if (placement === 'empty document') return { text: '', line: 0, character: 0 };
  if (placement === 'card property') {
    const text = [
      '{', '  "type": "rich",', '  "title": "Snippet check",', '  "description": "Holds the inserted property",', '  ', '}', '',
    ].join('\n');
    return { text, line: 4, character: 2 };
  }
  const text = [
    '{',
    '  "type": "rich",',
    '  "title": "Snippet check",',
    '  "description": "Holds the inserted action",',
    `  "${placement}": [`,
    '    ',
    '  ]',
    '}',
    '',
  ].join('\n');
  return { text, line: 5, character: 4 };
}

describe('snippets', () => {
  const { snippets, problem } = loadSnippets();
  let editor: vscode.TextEditor;

  before(async () => {
    await closeAllEditors();
    // The scratch file holds a card on disk, so the first replacement is a real change.
    editor = (await openFixture(SCRATCH)).editor;
  });
  after(closeAllEditors);

  if (problem) {
    it('finds the contributed snippets', () => {
      assert.fail(problem);
    });
    return;
  }

  for (const snippet of snippets) {
    const placement = placementOf(snippet);
    const where =
      placement === 'empty document'
        ? 'an empty document'
        : placement === 'card property' ? 'a card as its last property' : `an empty ${placement} array`;
    it(`"${snippet.name}" inserted into ${where} leaves no error`, async () => {
      const host = hostFor(placement);
      const uri = editor.document.uri;
      if (editor.document.getText() !== host.text) {
        await diagnosticsSettleAfter(uri, () => setText(editor, host.text), { quietMs: 1_000 });
      }
      const at = new vscode.Position(host.line, host.character);
      const diagnostics = await diagnosticsSettleAfter(
        uri,
        async () => {
          const inserted = await editor.insertSnippet(new vscode.SnippetString(snippet.body), at);
          if (!inserted) throw new Error(`insertSnippet refused "${snippet.name}"`);
        },
        { quietMs: 1_000 },
      );
      await vscode.commands.executeCommand('leaveSnippet');
      const errors = diagnostics.filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
      assert.equal(
        errors.length,
        0,
        `expected no errors after inserting "${snippet.name}"; seen ${describeDiagnostics(errors, editor.document)}\n` +
          `--- document ---\n${editor.document.getText()}\n---`,
      );
    });
  }
});
