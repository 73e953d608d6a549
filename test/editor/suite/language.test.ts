import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, LANGUAGE_ID, closeAllEditors, openFixture } from './helpers';

describe('language registration', () => {
  after(closeAllEditors);

  it('gives a .umsg file the language id universal-message', async () => {
    const { document } = await openFixture('card-missing-title.umsg');
    assert.equal(
      document.languageId,
      LANGUAGE_ID,
      `expected ${document.fileName} to get language id "${LANGUAGE_ID}", seen "${document.languageId}"`,
    );
  });

  it('activates the extension when a .umsg file opens', async () => {
    await openFixture('card-missing-title.umsg');
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `expected extension ${EXTENSION_ID} to be loaded`);
    // No event tells when another extension activates: poll, with a deadline.
    const deadline = Date.now() + 15_000;
    while (!extension.isActive && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(
      extension.isActive,
      `expected ${EXTENSION_ID} to be active within 15 s of opening a .umsg file (activation event onLanguage:${LANGUAGE_ID}); it is not`,
    );
  });
});
