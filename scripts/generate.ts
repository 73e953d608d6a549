/**
 * `npm run generate`: writes every file derived from the rule catalogue, the channels and the
 * config defaults (see scripts/generatedFiles.ts for the list), and says which ones changed.
 * test/architecture/generatedFiles.test.ts fails while one is out of date. On a clean checkout it changes nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles, ROOT } from './generatedFiles';

for (const file of generatedFiles()) {
  const full = join(ROOT, file.path);
  if (readFileSync(full, 'utf8') === file.text) continue;
  writeFileSync(full, file.text);
  console.log(`updated ${file.path}`);
}
