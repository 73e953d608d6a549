/**
 * Line and column of an offset, as `umsg check` reports them (1-based; a line ends at \n,
 * \r\n or a lone \r, as editors count lines). A file with line feeds only takes a faster
 * path than one with carriage returns: both must give the same answers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineColumn } from '../../server/src/cli/report/locate';

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
