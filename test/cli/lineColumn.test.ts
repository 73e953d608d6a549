/**
 * Line and column of an offset, as `umsg check` reports them (1-based; a line ends at \n,
 * \r\n or a lone \r, as editors count lines). A file with line feeds only takes a faster
 * path than one with carriage returns: both must give the same answers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineColumn, locate } from '../../server/src/cli/report/locate';

const at = (text: string, offset: number) => {
  const { line, column } = lineColumn(text, offset);
  return `${line}:${column}`;
};

test('line feeds only: each \\n starts a line', () => {
  const text = 'ab\ncd\n\nef';
  assert.equal(at(text, 0), '1:1');
  assert.equal(at(text, 2), '1:3'); // on the \n itself: still line 1
  assert.equal(at(text, 3), '2:1');
  assert.equal(at(text, 6), '3:1'); // the empty line
  assert.equal(at(text, 7), '4:1');
  assert.equal(at(text, 9), '4:3'); // the end of the text
  assert.equal(at(text, 50), '4:3'); // past the end: clamped
});

test('\\r\\n, a lone \\r and \\n each end one line', () => {
  const text = 'ab\r\ncd\ref\ngh';
  assert.equal(at(text, 2), '1:3'); // the \r of \r\n
  assert.equal(at(text, 3), '1:4'); // its \n: the same line break
  assert.equal(at(text, 4), '2:1');
  assert.equal(at(text, 7), '3:1'); // after the lone \r
  assert.equal(at(text, 10), '4:1');
  assert.equal(at(text, 12), '4:3');
});

test('the same lines with \\n and with \\r\\n: the same line, the column counted from the line start', () => {
  const lines = ['{', '  "type": "rich",', '  "title": "Hi"', '}'];
  const lf = lines.join('\n');
  const crlf = lines.join('\r\n');
  const key = (text: string) => text.indexOf('"title"');
  assert.equal(at(lf, key(lf)), '3:3');
  assert.equal(at(crlf, key(crlf)), '3:3');
});

test('no line break at all', () => {
  assert.equal(at('', 0), '1:1');
  assert.equal(at('abc', 2), '1:3');
});

/** Line and column counted the plain way, one character at a time from the start: the reference. */
function reference(text: string, offset: number): string {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let start = 0;
  for (let i = 0; i < end; i++) {
    const c = text[i];
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
      line++;
      start = i + 1;
    }
  }
  return `${line}:${end - start + 1}`;
}

test('a file\'s findings in any order, with related ranges, each where the reference puts it', () => {
  // A small generator with a fixed seed: the same texts every run.
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const pieces = ['a', 'bc', '\n', '\r\n', '\r', ' ', '"x"'];
  for (let round = 0; round < 200; round++) {
    let text = '';
    for (let i = random(40); i > 0; i--) text += pieces[random(pieces.length)];
    const diagnostics = Array.from({ length: 1 + random(6) }, () => {
      const offset = random(text.length + 3);
      return {
        rule: 'r',
        severity: 'warning' as const,
        message: 'm',
        offset,
        length: random(5),
        related: random(2) === 0 ? undefined : [{ offset: random(text.length + 1), length: random(3), message: 'other' }],
      };
    });
    const { findings } = locate({ filePath: 'f', text, diagnostics });
    const shown = (p: { line: number; column: number }) => `${p.line}:${p.column}`;
    diagnostics.forEach((d, i) => {
      const f = findings[i];
      const where = JSON.stringify({ text, d });
      assert.equal(shown(f.start), reference(text, d.offset), where);
      assert.equal(shown(f.end), reference(text, d.offset + d.length), where);
      assert.equal(f.related?.length ?? 0, d.related?.length ?? 0, where);
      d.related?.forEach((rel, k) => {
        assert.equal(shown(f.related![k].start), reference(text, rel.offset), where);
        assert.equal(shown(f.related![k].end), reference(text, rel.offset + rel.length), where);
      });
    });
  }
});
