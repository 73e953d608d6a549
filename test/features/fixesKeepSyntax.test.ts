/**
 * Quick fixes never break the text: over every fixture and example, and over seeded
 * mutations of them (the half-typed text an editor holds), every fix that is offered, applied,
 * adds no syntax or template-syntax problem; and a removal never takes more than its node.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/core/check/run';
import { languageOf } from '../../server/src/core/syntax/languages';
import { fixToEdits, REPARSE_BUDGET } from '../../server/src/core/features/fixes';
import { applyEdits } from '../../server/src/core/features/formatting';
import { parseJsonDocument, type JsonDocument } from '../../server/src/core/syntax/jsonDocument';
import type { LanguageId } from '../../server/src/core/syntax/languages';
import { runs } from '../support/runs';

const REPO = join(__dirname, '..', '..');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop()!;
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) stack.push(p);
      else if (languageOf(p)) out.push(p);
    }
  }
  return out;
}

const problemCount = (doc: JsonDocument) => doc.syntax.length + doc.scan.problems.length;

/** Every offered fix of the text that adds a syntax problem when applied, described. */
function breakingFixes(text: string, language: LanguageId): { offered: number; broken: string[] } {
  const { diagnostics } = checkDocument(text, language);
  const doc = parseJsonDocument(text);
  const before = problemCount(doc);
  const broken: string[] = [];
  let offered = 0;
  for (const d of diagnostics) {
    for (const fix of d.fixes ?? []) {
      const edits = fixToEdits(doc, fix);
      if (edits.length === 0) continue;
      offered++;
      const after = applyEdits(text, edits);
      const added = problemCount(parseJsonDocument(after)) - before;
      if (added > 0) broken.push(`${d.rule} "${fix.title}" adds ${added} problem(s):\n${after}`);
    }
  }
  return { offered, broken };
}

/** A small seeded generator (mulberry32): the same mutations on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['"', ',', ':', '{', '}', '[', ']', '${', '}', '\n', ' ', '//', 'x'];

/** One typing slip: a character deleted, a piece inserted, or a short run deleted. */
function mutate(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1));
  const what = next();
  if (what < 0.4) return text.slice(0, at) + text.slice(at + 1);
  if (what < 0.8) return text.slice(0, at) + PIECES[Math.floor(next() * PIECES.length)] + text.slice(at);
  return text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 8));
}

describe('quick fixes keep the parse', () => {
  const files = [...filesUnder(join(REPO, 'test', 'fixtures')), ...filesUnder(join(REPO, 'examples'))];

  it('on the fixtures and examples, no offered fix adds a syntax problem', () => {
    let offered = 0;
    const broken: string[] = [];
    for (const file of files) {
      const r = breakingFixes(readFileSync(file, 'utf8'), languageOf(file)!);
      offered += r.offered;
      broken.push(...r.broken.map((b) => `${file}: ${b}`));
    }
    assert.ok(offered > 100, `fixes are offered (${offered})`);
    assert.deepEqual(broken, []);
  });

  it('on mutated fixtures (broken text), no offered fix adds a syntax problem', () => {
    const next = random(13);
    let offered = 0;
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (let i = 0; i < runs(3); i++) {
        let mutated = mutate(text, next);
        if (next() < 0.5) mutated = mutate(mutated, next);
        const r = breakingFixes(mutated, languageOf(file)!);
        offered += r.offered;
        broken.push(...r.broken.map((b) => `${file} (mutation ${i}): ${b}`));
      }
    }
    assert.ok(offered > 100, `fixes are offered on broken text too (${offered})`);
    assert.deepEqual(broken.slice(0, 3), []);
  });

  it('a misspelt key with a broken value is not removed together with the next property', () => {
    const text = '{\n  "typ: "rich",\n  "title": "Hello",\n  "description": "d"\n}';
    const doc = parseJsonDocument(text);
    for (const d of checkDocument(text, 'universal-message').diagnostics) {
      for (const fix of d.fixes ?? []) {
        const out = applyEdits(text, fixToEdits(doc, fix));
        assert.match(out, /"title": "Hello"/, `"${fix.title}" keeps the title`);
      }
    }
  });

  it('on text that parses, removing an unknown property removes just that property', () => {
    const text = '{\n  "type": "rich",\n  "titel2": "x",\n  "title": "Hello",\n  "description": "d"\n}';
    const doc = parseJsonDocument(text);
    const finding = checkDocument(text, 'universal-message').diagnostics.find((d) => d.rule === 'unknown-property')!;
    const remove = finding.fixes!.find((f) => f.title.startsWith('Remove'))!;
    assert.equal(applyEdits(text, fixToEdits(doc, remove)), '{\n  "type": "rich",\n  "title": "Hello",\n  "description": "d"\n}');
  });

  it('removing a property keeps the comments around it that belong to its neighbours', () => {
    const removeUnknown = (text: string) => {
      const finding = checkDocument(text, 'universal-message').diagnostics.find((d) => d.rule === 'unknown-property')!;
      return applyEdits(text, fixToEdits(parseJsonDocument(text), finding.fixes!.find((f) => f.title.startsWith('Remove'))!));
    };
    assert.equal(
      removeUnknown('{\n  "type": "rich",\n  "titel2": "x",\n  // The greeting, shown in bold.\n' +
        '  "title": "Hello",\n  "description": "d"\n}'),
      '{\n  "type": "rich",\n  // The greeting, shown in bold.\n  "title": "Hello",\n  "description": "d"\n}');
    assert.equal(
      removeUnknown('{ "type": "rich", "title": "t", "description": "d", // the footer\n  "foo": 1 }'),
      '{ "type": "rich", "title": "t", "description": "d" // the footer\n }');
    assert.equal(
      removeUnknown('{ "type": "rich", "title": "t", "description": "d" /* the footer */, "foo": 1 }'),
      '{ "type": "rich", "title": "t", "description": "d" /* the footer */ }');
  });

  it('on a large broken file, checking fixes reparses a bounded amount, and a verdict is remembered', () => {
    const props = Array.from({ length: 4000 }, (_, i) => `"unknown${i}": ${i}`).join(',\n  ');
    const text = `{\n  "type": "rich", "title": "t", "description": "d",\n  ${props}\n} trailing`;
    const doc = parseJsonDocument(text);
    assert.ok(doc.syntax.length > 0, 'the text is broken (text after the message)');
    // Uncapped: the reparse budget is measured on all 4,000 fixes (findings are capped at 1,000 per rule by default).
    const fixes = checkDocument(text, 'universal-message', { maxFindingsPerRule: Infinity }).diagnostics
      .filter((d) => d.rule === 'unknown-property')
      .map((d) => d.fixes!.find((f) => f.kind === 'remove')!);
    assert.equal(fixes.length, 4000);
    const offered = fixes.filter((f) => fixToEdits(doc, f).length > 0);
    const most = Math.floor(REPARSE_BUDGET / text.length);
    assert.ok(offered.length > 0 && offered.length <= most, `${offered.length} fixes checked, at most ${most}`);
    assert.deepEqual(fixToEdits(doc, offered[0]).length, 1, 'a fix checked once is offered again without a new check');
  });
});
