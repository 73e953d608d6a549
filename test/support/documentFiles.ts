/** The documents the parse tests read whole: every .umsg and .json file under test/fixtures and examples/. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.(?:umsg|json)$/.test(name) ? [p] : [];
  });
}

/** Every fixture and example document, fixtures first. */
export function fixtureAndExampleFiles(): string[] {
  return [...filesUnder(join(ROOT, 'test', 'fixtures')), ...filesUnder(join(ROOT, 'examples'))];
}
