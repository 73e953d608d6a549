/**
 * Template expressions are read by an interpreter of umsg's own (core/template), never run as
 * JavaScript. So that no text of a message, sample or config can reach a code runner, the
 * shipped sources have none at all: no node:vm, no node:child_process, no eval, no Function
 * constructor. (Node 20's missing compile cache was once made up for with vm.Script; it was
 * taken out again for this reason: docs/performance.md.)
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../support/bundle';

/** Every TypeScript file under `dir`. */
const sources = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((p) => p.endsWith('.ts')).map((p) => path.join(dir, p));

describe('code runners in shipped code', () => {
  it('there are none: no server, command-line or client source imports node:vm or child_process, calls eval or makes a Function', () => {
    const found: string[] = [];
    for (const file of [...sources(path.join(ROOT, 'server', 'src')), ...sources(path.join(ROOT, 'client', 'src'))]) {
      const text = readFileSync(file, 'utf8');
      const relative = path.relative(ROOT, file);
      if (/from '(?:node:)?(?:vm|child_process)'|require\('(?:node:)?(?:vm|child_process)'\)/.test(text)) found.push(`${relative}: a code runner module`);
      if (/\beval\(|new Function\(|\bFunction\(/.test(text)) found.push(`${relative}: eval or Function`);
    }
    assert.deepEqual(found, []);
  });
});
