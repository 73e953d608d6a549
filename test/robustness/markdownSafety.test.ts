/**
 * Hovers and completion documentation quote the document and the sample data as inert text:
 * a hostile value never becomes a link, an image (which VS Code would fetch when the hover
 * shows), HTML, an entity, or a line break that ends our own formatting. Each markdown string
 * is rendered with markdown-it (a CommonMark renderer, HTML allowed so nothing is hidden by the
 * renderer's own caution) and the HTML is inspected.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completeAt } from '../../server/src/core/features/completion';
import { DEFAULT_CONFIG } from '../../server/src/core/findings/config';
import { hoverAt } from '../../server/src/core/features/hover';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { codeSpan, cut, escapeMarkdown, QUOTE_LIMIT } from '../../server/src/core/util/markdownQuote';
import { hoverMeta } from '../../server/src/core/features/metaHover';
import type { SampleData } from '../../server/src/core/template/render';

// markdown-it comes with @vscode/vsce (a devDependency); it has no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const markdownIt = require('markdown-it') as (options: { html: boolean }) => { render(src: string): string };
const md = markdownIt({ html: true });

const HOSTILE = [
  'a`b',
  '``x``',
  '`![x](https://evil.test/pixel.png)`',
  '![x](https://evil.test/pixel.png)',
  '<img src="https://evil.test/pixel.png">',
  '&lt;img src=x&gt; &amp; &#60;',
  '[link](javascript:alert(1))',
  '<https://evil.test/auto>',
  'line one\n\n![x](https://evil.test/after-break.png)',
  'cell | split | ![x](https://evil.test/cell.png)',
  '**bold** _em_ __proto__ # heading',
  '\u001b[2J cleared',
  '`',
  ' ` ',
  '',
];

/** The tags a quoted value must never produce in the rendered HTML (hovers have their own bold text). */
function assertInert(html: string, what: string, bold = false): void {
  assert.doesNotMatch(html, /<img|<a[\s>]|<script|<h1|<em>/i, `${what} renders as inert text:\n${html}`);
  if (!bold) assert.doesNotMatch(html, /<strong/i, `${what} renders as inert text:\n${html}`);
}

describe('quoting untrusted text in markdown', () => {
  for (const value of HOSTILE) {
    it(`a code span holds ${JSON.stringify(value)} as inert text`, () => {
      const html = md.render(`Value: ${codeSpan(value)} end`);
      assertInert(html, JSON.stringify(value));
      assert.equal((html.match(/<code>/g) ?? []).length, 1, 'exactly one code span');
      assert.match(html, /<\/code> end<\/p>/, 'the span ends where we end it, and the paragraph goes on');
      assert.equal((html.match(/<p>/g) ?? []).length, 1, 'no line break from the value ends the paragraph');
    });

    it(`escaped text holds ${JSON.stringify(value)} as inert text`, () => {
      const html = md.render(`Value: ${escapeMarkdown(value)} end`);
      assertInert(html, JSON.stringify(value));
      assert.equal((html.match(/<p>/g) ?? []).length, 1, 'one paragraph');
    });

    it(`a code span in a table cell keeps ${JSON.stringify(value)} in its cell`, () => {
      const html = md.render(`| element | value |\n|---|---|\n| 1 | ${codeSpan(value, { inTable: true })} |`);
      assertInert(html, JSON.stringify(value));
      assert.equal((html.match(/<td>/g) ?? []).length, 2, 'two cells, the pipe in the value splits nothing');
    });
  }

  it('shows the value itself: backticks, entities and markup come out literally', () => {
    assert.match(md.render(codeSpan('a`b')), /<code>a`b<\/code>/);
    assert.match(md.render(codeSpan('&amp; <b>')), /<code>&amp;amp; &lt;b&gt;<\/code>/);
    assert.match(md.render(escapeMarkdown('&amp; <b> [x](y)')), /&amp;amp; &lt;b&gt; \[x\]\(y\)/);
    assert.match(md.render(codeSpan('line\nbreak\u001b')), /<code>line\\nbreak\\u001b<\/code>/);
  });

  it('cuts very long values, never inside a surrogate pair', () => {
    const long = 'x'.repeat(100_000);
    const span = codeSpan(long);
    assert.ok(span.length < QUOTE_LIMIT + 10, `a 100,000-character value is cut (${span.length})`);
    assert.ok(span.includes('…'));
    assert.equal(cut('😀'.repeat(10), 5), '😀😀😀😀…');
    assert.equal(cut('😀'.repeat(5), 5), '😀'.repeat(5), 'exactly the limit in code points: kept whole');
    assert.equal(cut('abc', 5), 'abc');
  });
});

describe('hovers quote the document and the sample data', () => {
  const message = (expr: string) => `{ "type": "rich", "title": "Hi \${${expr}}", "description": "d",\n` +
    '  "insideActions": [\n    // @each dishes\n' +
    '    { "type": "reply", "display": "${it.label()}", "payload": "${it.name()}" }\n    // @end\n  ] }';
  const hoverOn = (text: string, needle: string, sample?: SampleData) =>
    hoverAt(parseJsonDocument(text), text.indexOf(needle) + 1, { config: DEFAULT_CONFIG, sample })!;

  it('a sample value with backticks, a link and a remote image renders as text, not as an image', () => {
    const sample = { user: '`![x](https://evil.test/pixel.png)` [go](javascript:alert(1)) <img src=https://evil.test/i.png>' };
    const text = message('user');
    const h = hoverOn(text, 'user}', sample);
    assertInert(md.render(h.contents), 'the template hover', true);
    assert.ok(h.contents.includes('evil.test/pixel.png'), 'the value is shown');
  });

  it('sample elements in the list table stay in their cells and render as text', () => {
    const sample = { dishes: [{ name: 'a', label: '`![x](https://evil.test/t.png)`' }, { name: 'b', label: 'a | b` <img src=x>\n\n# big' }] };
    const text = message('user');
    const h = hoverOn(text, 'it.label()', sample);
    const html = md.render(h.contents);
    assertInert(html, 'the list table', true);
    assert.equal((html.match(/<tr>/g) ?? []).length, 3, 'a header row and one row per element');
    assert.equal((html.match(/<td>/g) ?? []).length, 4, 'two cells per element');
  });

  it('a template expression with backticks and markup stays inside its code span', () => {
    const text = message('a + "`![x](https://evil.test/e.png)` <img src=x>"');
    const h = hoverOn(text, 'a + ');
    assertInert(md.render(h.contents), 'the expression', true);
  });

  it('a list name in a marker hover is quoted', () => {
    const text = '{ "type": "rich", "title": "t", "description": "d",\n  "insideActions": [\n    // @each x_![i](https://evil.test/m.png)_\n    { "type": "reply", "display": "${it.label()}", "payload": "p" }\n    // @end\n  ] }';
    const h = hoverOn(text, '@each');
    assertInert(md.render(h.contents), 'the marker hover', true);
  });

  it('Configuration Meta: an entry\'s key with backticks and an image is quoted', () => {
    const text = '[ { "key": "a`![x](https://evil.test/k.png)`<img src=x>", "label": "A", "type": "String" } ]';
    const h = hoverMeta(parseJsonDocument(text), text.indexOf('{'), 'configuration-meta')!;
    assert.ok(h, 'a hover on the entry');
    assertInert(md.render(h.contents), 'the entry hover', true);
  });

  it('completion documentation quotes sample values', () => {
    const text = '{ "type": "rich", "title": "${us}", "description": "d" }';
    const sample = { user: '`![x](https://evil.test/c.png)` <img src=x>' };
    const entries = completeAt(parseJsonDocument(text), text.indexOf('us}') + 2, sample);
    const user = entries.find((e) => e.label === 'user');
    assert.ok(user, `completes user among ${entries.map((e) => e.label).join(', ')}`);
    assertInert(md.render(user.documentation), 'the completion documentation');
  });
});
