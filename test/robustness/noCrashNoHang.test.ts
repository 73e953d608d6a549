/**
 * No input crashes or hangs the checks: fuzzing with random text, mutated cards and random
 * bytes; 100,000-deep nesting in the core and in the command line; huge lines; pathological
 * template input; and the file size cap. How long the checks take is measured in
 * `npm run bench` (scripts/growth.ts), not here: unit tests assert behaviour, never durations.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDocument, type CheckResult } from '../../server/src/core/check/run';
import { DEFAULT_CONFIG } from '../../server/src/core/findings/config';
import type { LanguageId } from '../../server/src/core/syntax/languages';
import { anyString } from '../support/anyText';
import { runs } from '../support/runs';
import { ensureBundle } from '../support/bundle';
import { hostileString, scannerAlphabet } from '../support/templateGen';

const ROOT = join(__dirname, '..', '..');
const LANGUAGES: LanguageId[] = ['universal-message', 'configuration-meta', 'native-provider'];
const SEVERITIES = new Set(['error', 'warning', 'information', 'hint']);

/** A realistic card: templates in strings and in value position, a dynamic list, comments. */
const CARD = `{
  // Today's menu: one button per dish
  "type": "rich",
  "title": "\${if (vip) "Welcome back" else "Hello"}, \${user.name}",
  "description": "Tap a dish to order it \\u00e9 😀",
  "forceRefresh": \${refresh},
  "richMedia": {
    "height": "TALL",
    "fileUrl": "https://cdn.example.com/\${dish.image}.jpg",
    "altText": "\${dishes.size} dishes today"
  },
  "insideActions": [
    { "type": "call", "display": "Call us", "payload": "tel:+14155550123" },
    // @each dishes
    { "type": "reply", "display": "\${it.label()}", "payload": "\${it.name()}" }
    // @end
  ]
}
`;

/** Runs every language's checks on `text` and asserts what must hold for any input. */
function checkAll(text: string, languages: readonly LanguageId[] = LANGUAGES): CheckResult[] {
  return languages.map((language) => checkOne(text, language));
}

function checkOne(text: string, language: LanguageId, config = DEFAULT_CONFIG): CheckResult {
  const ruleErrors: string[] = [];
  const result = checkDocument(text, language, {
    config,
    onRuleError: (id, error) => ruleErrors.push(`${id}: ${error instanceof Error ? error.stack : String(error)}`),
  });
  assert.deepEqual(ruleErrors, [], `no rule throws (${language})`);
  for (const d of result.diagnostics) {
    assert.ok(
      Number.isInteger(d.offset) && Number.isInteger(d.length) && d.offset >= 0 && d.length >= 0 && d.offset + d.length <= text.length,
      `diagnostic ${d.rule} [${d.offset}, +${d.length}) lies in the text of length ${text.length}`,
    );
    assert.ok(typeof d.rule === 'string' && d.rule.length > 0, 'a rule id');
    assert.ok(typeof d.message === 'string' && d.message.trim().length > 0, `a message (${d.rule})`);
    assert.ok(SEVERITIES.has(d.severity), `a severity (${d.rule})`);
  }
  return result;
}

function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

describe('robustness: fuzzing', () => {
  it('the realistic card itself checks without syntax or template findings', () => {
    const { diagnostics } = checkOne(CARD, 'universal-message');
    assert.deepEqual(diagnostics.filter((d) => d.rule === 'syntax' || d.rule === 'template-syntax'), []);
  });

  it('survives random strings of scanner-relevant characters and any code points', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, anyString({ maxLength: 200 }), fc.json()), (text) => {
        checkAll(text);
      }),
      { numRuns: 400 },
    );
  });

  it('survives random edits of a realistic card (insert, delete, replace)', () => {
    const edit = fc.record({
      op: fc.constantFrom('insert', 'delete', 'replace'),
      at: fc.nat(),
      span: fc.integer({ min: 1, max: 12 }),
      with: fc.oneof(scannerAlphabet, anyString({ minLength: 1, maxLength: 3 })),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
        let text = CARD;
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          if (e.op === 'insert') text = text.slice(0, at) + e.with + text.slice(at);
          else if (e.op === 'delete') text = text.slice(0, at) + text.slice(at + e.span);
          else text = text.slice(0, at) + e.with + text.slice(at + e.with.length);
        }
        checkOne(text, 'universal-message');
      }),
      { numRuns: runs(250) },
    );
  });

  it('survives every prefix of the card, as while typing it', () => {
    for (let n = 0; n <= CARD.length; n++) checkOne(CARD.slice(0, n), 'universal-message');
  });

  it('gives random bytes syntax findings, never an exception', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.constantFrom<BufferEncoding>('latin1', 'utf8'), (bytes, encoding) => {
        const text = Buffer.from(bytes).toString(encoding);
        const [universal] = checkAll(text);
        // Random bytes are almost never a JSON value; when the text is not one, it must be said.
        let valid = true;
        try { JSON.parse(text); } catch { valid = false; }
        if (!valid && text.trim().length > 0 && !text.includes('${') && !/\/[/*]/.test(text)) {
          assert.ok(universal.diagnostics.some((d) => d.rule === 'syntax'), `a syntax finding for ${JSON.stringify(text.slice(0, 40))}`);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('robustness: deep nesting', () => {
  const deepCases: [string, string, number][] = [
    ['[ x 100,000 (unclosed)', '['.repeat(100_000), 1_000],
    ['{"a": x 100,000, closed', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), 5_000],
    ['[{ x 50,000 in a card', '{ "type": "rich", "insideActions": ' + '[{"a":'.repeat(50_000), 35 + 6 * 499 + 1],
  ];
  for (const [name, text, offset] of deepCases) {
    it(`reports ${name} as one syntax finding`, () => {
      const [result] = checkAll(text, ['universal-message']);
      assert.equal(result.doc?.tooDeep, true);
      const syntax = result.diagnostics.filter((d) => d.rule === 'syntax');
      assert.equal(syntax.length, 1);
      assert.equal(syntax[0].offset, offset, 'on the first bracket past the limit of 1,000');
      assert.match(syntax[0].message, /^Nesting is [\d,]+ levels deep/);
    });
  }

  it('checks the other languages on 100,000-deep text too', () => {
    for (const r of checkAll('['.repeat(100_000), ['configuration-meta', 'native-provider'])) {
      assert.ok(r.diagnostics.some((d) => /^Nesting is 100,000 levels deep/.test(d.message)));
    }
  });

  it('survives 100,000 braces inside one template expression', () => {
    const text = '{ "a": ${' + '{'.repeat(100_000) + '}'.repeat(100_000) + '} }';
    const [r] = checkAll(text, ['universal-message']);
    assert.ok(r.diagnostics.length > 0, 'the template is too long, and its braces then count as nesting');
  });
});

describe('robustness: huge input', () => {
  it('checks a 4.9 MB single-line string under the size cap', () => {
    const text = '{ "type": "rich", "title": "' + 'a'.repeat(4_900_000) + '", "description": "d" }';
    const result: CheckResult = checkOne(text, 'universal-message');
    assert.ok(result.doc, 'checked in full, not capped');
    const title = result.doc.root?.children?.[1].children?.[1];
    assert.equal(title && result.doc.stringInfo(title).staticLength, 4_900_000);
  });

  it('gives a 5 MB single line over the default cap one file-size finding', () => {
    const text = '{ "title": "' + 'a'.repeat(5_000_000) + '" }';
    const { diagnostics, doc } = checkOne(text, 'universal-message');
    assert.equal(doc, undefined);
    assert.deepEqual(diagnostics.map((d) => [d.rule, d.severity, d.offset, d.length]), [['file-size', 'information', 0, 0]]);
  });

  it('caps at maxFileSize: one character over gets one file-size finding, at the limit a full check', () => {
    const config = { ...DEFAULT_CONFIG, maxFileSize: 100 };
    const over = '{ "type": "rich", "title": "' + 'a'.repeat(101 - 31) + '" }';
    assert.equal(over.length, 101);
    const capped = checkOne(over, 'universal-message', config);
    assert.equal(capped.doc, undefined);
    assert.deepEqual(capped.diagnostics.map((d) => [d.rule, d.severity, d.offset]), [['file-size', 'information', 0]]);
    assert.match(capped.diagnostics[0].message, /\b101\b/, "the message gives the size");
    assert.match(capped.diagnostics[0].message, /\b100\b/, "and the limit");
    const at = over.slice(0, 28) + over.slice(29);
    assert.equal(at.length, 100);
    const checked = checkOne(at, 'universal-message', config);
    assert.ok(checked.doc, 'checked');
    assert.ok(!checked.diagnostics.some((d) => d.rule === 'file-size'));
  });

  it('caps binary junk over the size limit without reading it', () => {
    const text = Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 37) % 256)).toString('latin1');
    const { diagnostics } = checkOne(text, 'universal-message', { ...DEFAULT_CONFIG, maxFileSize: 100 });
    assert.deepEqual(diagnostics.map((d) => d.rule), ['file-size']);
  });
});

describe('robustness: pathological templates', () => {
  // How long these take, at n and 4n, is held by `npm run bench` (scripts/growth.ts); here
  // each gets its findings checked for sanity at a size that runs quickly.
  const units: [string, string][] = [
    ['${ repeated', '${'],
    ['${" repeated', '${"'],
    ['{ repeated', '{'],
    ['"${ repeated', '"${'],
    ['${\' repeated', "${'"],
    ['/**/ repeated (one-line block comments)', '/**/'],
    ['//\\n repeated (line comments)', '//\n'],
    ['// @each x\\n repeated (marker lines)', '// @each x\n'],
    ['${} repeated (empty templates)', '${}'],
    ['${"\\n repeated (string literals broken by a line break)', '${"\n'],
  ];
  for (const [name, unit] of units) {
    it(name, () => {
      checkOne(repeatTo(unit, 20_000), 'universal-message');
    });
  }

  it('reports broken or empty templates of 200 KB inputs with a bounded number of findings', () => {
    for (const unit of ['${', '${}', '${"\n', '"${ (}",']) {
      const { diagnostics } = checkOne(repeatTo(unit, 200_000), 'universal-message');
      const template = diagnostics.filter((d) => d.rule === 'template-syntax');
      assert.ok(template.length > 0 && template.length <= 102, `${template.length} template findings for ${JSON.stringify(unit)}`);
    }
  });
});

describe('robustness: the command line', () => {
  let dir = '';
  const cli = join(ROOT, 'dist', 'cli.js');

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'umsg-robust-'));
    ensureBundle(); // rebuilt when a source is newer, one build at a time (support/bundle.ts)
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('umsg check on a 100,000-deep file exits 1 with the nesting finding', async () => {
    const file = join(dir, 'deep.umsg');
    writeFileSync(file, '['.repeat(100_000));
    const { code, stdout, stderr } = await run([cli, 'check', file]);
    assert.equal(code, 1, `exit code (stderr: ${stderr.slice(0, 500)})`);
    assert.match(stdout, /Nesting is 100,000 levels deep/);
    assert.match(stdout, /syntax/);
    assert.doesNotMatch(stderr, /RangeError|Maximum call stack|internal error/);
  });

  it('umsg check --format json on deep and junk files reports syntax errors', async () => {
    const deep = join(dir, 'deep2.umsg');
    const junk = join(dir, 'junk.umsg');
    writeFileSync(deep, '{"a":'.repeat(100_000));
    writeFileSync(junk, Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 131 + 7) % 256)));
    const { code, stdout } = await run([cli, 'check', deep, junk, '--format', 'json']);
    assert.equal(code, 1);
    const report = JSON.parse(stdout) as { filePath: string; messages: { ruleId: string; severity: number; message: string }[] }[];
    const deepReport = report.find((r) => r.filePath === deep);
    assert.deepEqual(deepReport?.messages.map((m) => [m.ruleId, m.severity]), [['syntax', 2]]);
    assert.match(deepReport?.messages[0].message ?? '', /^Nesting is 100,000 levels deep/);
    const junkReport = report.find((r) => r.filePath === junk);
    assert.ok(junkReport?.messages.some((m) => m.ruleId === 'syntax' && m.severity === 2));
  });
});

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
