/**
 * The walkthroughs and New File entries of package.json against what the extension has: every
 * step shows a page that exists and has a button whose command the client registers (or the
 * workbench has), and every New File entry and button command is a contributed command. The
 * editor suite (test/editor/suite/walkthroughs.test.ts) runs the buttons in a real VS Code.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

interface Step {
  id: string;
  description: string;
  media: { markdown?: string };
}
interface Walkthrough {
  id: string;
  steps: Step[];
}

const walkthroughs: Walkthrough[] = pkg.contributes.walkthroughs;
/** Commands of the workbench itself that a button may run. */
const WORKBENCH = new Set(['workbench.actions.view.problems']);

/** Every command id the client registers (`registerCommand('id'` or a constant defined as 'id' in the protocol). */
function registered(): Set<string> {
  const ids = new Set<string>();
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  const constants = new Map<string, string>();
  for (const f of files(path.join(ROOT, 'server', 'src', 'protocol'))) {
    for (const m of readFileSync(f, 'utf8').matchAll(/export const (\w+) = '([\w.]+)'/g)) constants.set(m[1], m[2]);
  }
  for (const f of files(path.join(ROOT, 'client', 'src'))) {
    for (const m of readFileSync(f, 'utf8').matchAll(/registerCommand\((?:'([\w.]+)'|(\w+))/g)) {
      const id = m[1] ?? constants.get(m[2]);
      if (id) ids.add(id);
    }
  }
  return ids;
}

/** The `command:` links of a step's description: id and arguments. */
function buttons(step: Step): { id: string; args: unknown[] }[] {
  return [...step.description.matchAll(/\]\(command:([\w.]+)(?:\?([^)]*))?\)/g)]
    .map((m) => ({ id: m[1], args: m[2] ? JSON.parse(decodeURIComponent(m[2])) : [] }));
}

describe('walkthroughs', () => {
  it('has the native provider procedure and the message path, in order', () => {
    assert.deepEqual(walkthroughs.map((w) => `${w.id}: ${w.steps.map((s) => s.id).join(', ')}`), [
      'nativeProvider: create, declare, configure, wire',
      'universalMessages: create, problems, preview, channels, ci',
    ]);
  });

  it('gives every step a page that exists and is packaged, and a button', () => {
    const ignore = readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8');
    assert.match(ignore, /^!media\/\*\*$/m, 'the pages are in the package');
    for (const w of walkthroughs) {
      for (const step of w.steps) {
        const page = step.media.markdown;
        assert.ok(page && existsSync(path.join(ROOT, page)), `${w.id}/${step.id}: ${page}`);
        assert.match(readFileSync(path.join(ROOT, page), 'utf8'), /^# /, `${page} starts with a title`);
        assert.equal(buttons(step).length, 1, `${w.id}/${step.id} has one button`);
      }
    }
  });

  it('runs only commands the client registers and package.json contributes, or the workbench has', () => {
    const contributed = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
    const ids = registered();
    for (const w of walkthroughs) {
      for (const step of w.steps) {
        for (const { id, args } of buttons(step)) {
          if (WORKBENCH.has(id)) continue;
          assert.ok(contributed.has(id), `${w.id}/${step.id}: ${id} is not contributed`);
          assert.ok(ids.has(id), `${w.id}/${step.id}: ${id} is not registered by the client`);
          assert.ok(Array.isArray(args));
        }
      }
    }
  });

  it('offers New Universal Message and New Native Provider under File › New File…', () => {
    const contributed = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
    const newFile = pkg.contributes.menus['file/newFile'].map((m: { command: string }) => m.command);
    assert.deepEqual(newFile, ['universalMessage.newMessage', 'universalMessage.newNativeProvider']);
    const ids = registered();
    for (const id of newFile) assert.ok(contributed.has(id) && ids.has(id), id);
  });
});
