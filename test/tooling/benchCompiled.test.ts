/**
 * What the bench reads of V8's code log (scripts/bench/compiled.ts): the code objects of the
 * optimizing compiler, which decide the small-file corpora against VS Code's service, and the
 * table docs/performance.md shows them in. The logs are written by hand in V8's format (as
 * `node --log-code` writes it on Node 20); the sums are worked out by hand.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { codeLogFlags, optimizedCode } from '../../scripts/bench/compiled';
import { readmeSpeedTable, type BenchResults } from '../../scripts/bench/report';

const ROOT = path.resolve(__dirname, '..', '..');

describe("the optimizing compiler's code, from V8's code log", () => {
  it('counts the code objects marked * (TurboFan) and adds up their sizes, not bytecode (~) or baseline (^)', () => {
    const log = [
      'v8-version,11,3,244,8,0,0',
      'code-creation,Builtin,3,1052,0x55e1f9e4b8c0,1720,RecordWriteSaveFP',
      'code-creation,JS,10,43451,0x2695d37cf7c6,35,hot /tmp/x.js:1:13,0x2695d37cec88,~',
      'code-creation,JS,11,49665,0x7fd22c005b80,284,hot /tmp/x.js:1:13,0x2695d37cec88,^',
      'code-creation,JS,13,53247,0x7fd22c006200,460,hot /tmp/x.js:1:13,0x2695d37cec88,*',
      'code-creation,JS,13,57046,0x7fd22c006400,688,hot /tmp/x.js:1:13,0x2695d37cec88,*',
      'code-creation,JS,13,58000,0x7fd22c006800,1000,check /tmp/x.js:9:3,0x2695d37ced00,*',
    ].join('\n');
    // 460 + 688 + 1000: the same function's two compilations (on stack replacement, then whole) count twice.
    assert.deepEqual(optimizedCode(log), { compilations: 3, bytes: 2148 });
  });

  it('reads a place with a comma in it (V8 writes it as \\x2C), and skips a line cut short', () => {
    const log = 'code-creation,JS,13,53247,0x7fd22c006200,512,hot /tmp/a\\x2Cb/x.js:1:13,0x2695d37cec88,*\n' +
      'code-creation,JS,13,53300,0x7fd22c006600,4'; // the process stopped mid-line
    assert.deepEqual(optimizedCode(log), { compilations: 1, bytes: 512 });
  });

  it('takes only lines that begin a code object, not the same words inside a script\'s logged source', () => {
    const log = "script-source,68,/tmp/x.js,const s = 'code-creation,JS,13,1,0x1,999,f,0x2,*';\\n\n" +
      'code-creation,JS,13,2,0x3,100,f /tmp/x.js:1:1,0x4,*\n';
    assert.deepEqual(optimizedCode(log), { compilations: 1, bytes: 100 });
  });

  it('finds nothing in a log without optimized code', () => {
    assert.deepEqual(optimizedCode(''), { compilations: 0, bytes: 0 });
    assert.deepEqual(optimizedCode('code-creation,JS,10,1,0x1,35,f /x.js:1:1,0x2,~\n'), { compilations: 0, bytes: 0 });
  });

  it('asks Node for one log of every thread, in the file given', () => {
    assert.deepEqual(codeLogFlags('/tmp/u.log'), ['--log-code', '--logfile=/tmp/u.log', '--no-logfile-per-isolate']);
  });
});

describe("the optimizing compiler's table in docs/performance.md", () => {
  const results = (): BenchResults => JSON.parse(readFileSync(path.join(ROOT, 'bench', 'results.json'), 'utf8')) as BenchResults;

  it('gives each corpus its row: compilations and KB for both tools, and the ratio of the code sizes', () => {
    const r = results();
    for (const c of r.processes) {
      c.compiled = { umsg: { compilations: 1234, bytes: 306_176 }, vscode: { compilations: 77, bytes: 135_168 } };
    }
    const text = readmeSpeedTable(r);
    // 306,176 bytes = 299 KB, 135,168 = 132 KB; 306,176 / 135,168 = 2.265…
    assert.ok(
      text.includes(`| ${r.processes[0].name} | 1,234 compilations, 299 KB | 77 compilations, 132 KB | 2.27× |`),
      text,
    );
  });

  it('leaves the table out for results recorded before the compiler was measured', () => {
    const r = results();
    for (const c of r.processes) delete c.compiled;
    assert.ok(!readmeSpeedTable(r).includes("What V8's optimizing compiler"));
  });
});
