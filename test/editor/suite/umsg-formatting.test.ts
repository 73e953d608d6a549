// Formatting a universal message (vscode.executeFormatDocumentProvider, edits applied
// with workspace.applyEdit): a card written on one line, with templates in strings and
// in place of a value and a dynamic list body, comes out indented, and no template
// text or marker line is changed by it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFixture } from './helpers';
import { pollUntil } from './featureHelpers';

const FIXTURE = 'format-templates-one-line.umsg';

/** What the formatter must write: two-space indentation, one property per line. */
const EXPECTED = [
  '{',
  '  "type": "rich",',
  '  "title": "Hi ${user.name}",',
  '  "description": "Today\'s dishes",',
  '  "richMedia": {',
  '    "height": "MEDIUM",',
  '    "fileUrl": "https://example.com/menu.png",',
  '    "altText": "The menu",',
  '    "forceRefresh": ${refresh}',
  '  },',
  '  "insideActions": [',
  '    // @each dishes',
  '    {',
  '      "type": "reply",',
  '      "display": "${it.label()}",',
  '      "payload": "${it.name()}"',
  '    }',
  '    // @end',
  '  ]',
  '}',
  '',
].join('\n');

const TEMPLATES = ['"Hi ${user.name}"', '${refresh}', '"${it.label()}"', '"${it.name()}"'];
const MARKERS = ['// @each dishes', '// @end'];

function formattingEdits(uri: vscode.Uri): Thenable<vscode.TextEdit[] | undefined> {
  return vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', uri, { tabSize: 2, insertSpaces: true });
}

describe('universal message: formatting', () => {
  afterEach(closeAllEditors);

  it('indents a one-line card with templates and @each/@end lines, leaving them unchanged', async () => {
    const { document } = await openFixture(FIXTURE);
    const before = document.getText();
    assert.ok(before.split('\n').length <= 6, `expected the fixture to be written on few lines; it has ${before.split('\n').length}`);
    for (const piece of [...TEMPLATES, ...MARKERS]) assert.ok(before.includes(piece), `expected the fixture to contain ${piece}`);

    const edits = await pollUntil(
      `formatting edits for ${FIXTURE}`,
      () => formattingEdits(document.uri),
      (answer) => (answer ?? []).length > 0,
      (answer) => (answer ? `${answer.length} edits` : 'no answer from a formatter'),
    );
    const edit = new vscode.WorkspaceEdit();
    edit.set(document.uri, edits ?? []);
    assert.ok(await vscode.workspace.applyEdit(edit), 'workspace.applyEdit refused the formatting edits');

    const after = document.getText();
    for (const template of TEMPLATES) {
      assert.ok(
        after.includes(template),
        `expected the template text ${template} unchanged after formatting; the document reads:\n${after}`,
      );
    }
    const lines = after.split('\n').map((l) => l.trim());
    for (const marker of MARKERS) {
      assert.ok(
        lines.includes(marker),
        `expected the marker line "${marker}" unchanged (on a line of its own) after formatting; the document reads:\n${after}`,
      );
    }
    // Compared without the end of the file: whether a final newline is kept follows the
    // client's files.insertFinalNewline (off by default, and then the server drops it).
    assert.equal(after.trimEnd(), EXPECTED.trimEnd(), 'expected the formatted document (left: what the formatter wrote)');

    const again = (await formattingEdits(document.uri)) ?? [];
    assert.equal(
      again.length,
      0,
      `expected formatting a formatted document to change nothing; ` +
        `seen ${again.length} edits: ${JSON.stringify(again.map((e) => e.newText))}`,
    );
  });
});
