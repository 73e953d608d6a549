/**
 * VS Code's JSON language service (vscode-json-languageservice) with the equivalent schema,
 * as the editor validates a JSON file: parse into its document, then doValidation.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import { report, toolArguments } from './tool';

async function main() {
  const { schema, files } = toolArguments();
  const service = getLanguageService({});
  service.configure({ validate: true, allowComments: false, schemas: [{ uri: 'bench://schema.json', fileMatch: ['*'], schema }] });
  let problems = 0;
  for (const file of files) {
    const doc = TextDocument.create(pathToFileURL(file).href, 'json', 1, readFileSync(file, 'utf8'));
    problems += (await service.doValidation(doc, service.parseJSONDocument(doc))).length;
  }
  report(files.length, problems);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
