/**
 * Editing features of universal messages in the core, on small inline documents; `|` marks
 * the cursor (the text has no other `|`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { channelSummary, summaryTitle } from '../../server/src/core/features/channelSummary';
import { lengthHints } from '../../server/src/core/features/lengthHints';
import { checkDocument } from '../../server/src/core/check/run';
import { completeAt } from '../../server/src/core/features/completion';
import { DEFAULT_CONFIG } from '../../server/src/core/findings/config';
import { applyEdits, formatDocument } from '../../server/src/core/features/formatting';
import { hoverAt } from '../../server/src/core/features/hover';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { documentLinks, documentSymbols, foldingRanges, selectionRanges } from '../../server/src/core/features/structure';

function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0, 'the document has a | cursor');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

const labels = (marked: string) => {
  const { text, offset } = cursor(marked);
  return completeAt(parseJsonDocument(text), offset).map((e) => e.label);
};

const hover = (marked: string, ctx = { config: DEFAULT_CONFIG }) => {
  const { text, offset } = cursor(marked);
  return hoverAt(parseJsonDocument(text), offset, ctx);
};

describe('completion', () => {
  it('offers the card fields not yet present, never the second action list', () => {
    assert.deepEqual(labels('{ "type": "rich", | }'), ['title', 'description', 'richMedia', 'insideActions', 'floatActions']);
    assert.deepEqual(labels('{ "type": "rich", "insideActions": [], | }'), ['title', 'description', 'richMedia']);
    assert.deepEqual(labels('{ "floatActions": [], "type": "rich", "title": "t", | }'), ['description', 'richMedia']);
  });

  it('offers richMedia fields and per-type action fields', () => {
    assert.deepEqual(labels('{ "richMedia": { "height": "TALL", | } }'), ['fileUrl', 'altText', 'thumbnailUrl', 'forceRefresh']);
    assert.deepEqual(labels('{ "insideActions": [ { "type": "click", | } ] }'), ['display', 'payload', 'url']);
    assert.deepEqual(labels('{ "insideActions": [ { "type": "call", | } ] }'), ['display', 'payload', 'phoneNumber']);
    assert.deepEqual(labels('{ "floatActions": [ { | } ] }'), ['type', 'display', 'payload']);
  });

  it('offers enum values: rich, heights, action types; float actions only reply', () => {
    assert.deepEqual(labels('{ "type": | }'), ['rich']);
    assert.deepEqual(labels('{ "richMedia": { "height": "|" } }'), ['SHORT', 'MEDIUM', 'TALL']);
    assert.deepEqual(labels('{ "insideActions": [ { "type": | } ] }'), ['click', 'reply', 'call']);
    assert.deepEqual(labels('{ "floatActions": [ { "type": "r|" } ] }'), ['reply']);
  });

  it('replaces the partly typed value and quotes what it inserts', () => {
    const { text, offset } = cursor('{ "richMedia": { "height": "ta|" } }');
    const [short] = completeAt(parseJsonDocument(text), offset);
    assert.deepEqual(short.replace, { offset: text.indexOf('"ta"'), length: 4 });
    assert.equal(short.insertText, '"SHORT"');
  });

  it('offers whole action elements as snippets in an empty list', () => {
    const { text, offset } = cursor('{ "type": "rich", "insideActions": [ | ] }');
    const entries = completeAt(parseJsonDocument(text), offset);
    assert.deepEqual(entries.map((e) => e.label), ['reply action', 'click action', 'call action']);
    assert.ok(entries.every((e) => e.snippet && e.documentation.length > 20));
    assert.match(entries[1].insertText, /"url": "\$\{3:https:\/\/example.com\}"/);
    assert.deepEqual(labels('{ "floatActions": [ | ] }'), ['reply action']);
  });

  it('works while typing: missing commas, unclosed braces', () => {
    assert.deepEqual(labels('{ "type": "rich"\n  "insideActions": [ { "type": |'), ['click', 'reply', 'call']);
    const { text, offset } = cursor('{ "type": "rich", "title": "x"\n  |');
    const entries = completeAt(parseJsonDocument(text), offset);
    assert.deepEqual(entries.map((e) => e.label), ['description', 'richMedia', 'insideActions', 'floatActions']);
    assert.deepEqual(entries[0].additionalEdits, [{ offset: text.indexOf('"x"') + 3, length: 0, newText: ',' }], 'adds the missing comma');
  });

  it('offers nothing inside a template expression', () => {
    assert.deepEqual(labels('{ "title": "${us|er}" }'), []);
  });
});

describe('hover', () => {
  it('explains a field with its channel limits and current length', () => {
    const h = hover(`{ "type": "rich", "ti|tle": "${'x'.repeat(95)}", "description": "d" }`)!;
    assert.match(h.contents, /\*\*title\*\* \(rich card, required\): Title of the card/);
    assert.match(h.contents, /\| max characters \| 80 \| 200 \| 1,024 \|/);
    assert.match(h.contents, /Length: \*\*95\*\* characters/);
    assert.match(h.contents, /stopped in July 2024; RCS Business Messaging keeps the same card/);
  });

  it('says when a length is only the static part of a templated text', () => {
    const h = hover('{ "title": "Hello ${us|er.name}, welcome" }');
    assert.match(h!.contents, /Template expression/);
    const v = hover('{ "title": "Hel|lo ${user.name}, welcome" }')!;
    assert.match(v.contents, /at least \*\*15\*\* characters \(the static part; 1 template not counted\)/);
  });

  it('gives the media size limits and the three heights', () => {
    assert.match(hover('{ "richMedia": { "file|Url": "https://x.test/a.png" } }')!.contents, /at most \*\*5 MB\*\*/);
    assert.match(hover('{ "richMedia": { "thumbnail|Url": "https://x.test/a.png" } }')!.contents, /at most \*\*25 KB\*\*/);
    assert.match(hover('{ "richMedia": { "hei|ght": "TALL" } }')!.contents, /Values: `SHORT`, `MEDIUM`, `TALL`/);
  });

  it('tells what each channel does with an action type', () => {
    const h = hover('{ "insideActions": [ { "type": "cli|ck" } ] }')!;
    assert.match(h.contents, /web_url button/);
    assert.match(h.contents, /plain reply button; url dropped/);
  });

  it('lands on the key or the value hovered, never the whole document', () => {
    const text = '{ "type": "rich", "title": "Hi" }';
    const onKey = hoverAt(parseJsonDocument(text), text.indexOf('title') + 1, { config: DEFAULT_CONFIG })!;
    assert.equal(text.slice(onKey.offset, onKey.offset + onKey.length), '"title"');
    const onValue = hoverAt(parseJsonDocument(text), text.indexOf('"Hi"') + 1, { config: DEFAULT_CONFIG })!;
    assert.equal(text.slice(onValue.offset, onValue.offset + onValue.length), '"Hi"');
  });
});

const CARD = `{
  // greeting
  "type": "rich",
  "title": "Welcome to Pizzeria Roma",
  "description": "Order online",
  "richMedia": {
    "height": "TALL",
    "fileUrl": "https://pizza.example/roma.png",
    "altText": "Our oven"
  },
  "insideActions": [
    // @each dishes
    { "type": "reply", "display": "\${it.label()}", "payload": "\${it.name()}" },
    // @end
    { "type": "click", "display": "Menu", "payload": "MENU", "url": "https://pizza.example/menu" }
  ]
}`;

describe('structure', () => {
  it('outlines the card, its media and each action by its display text', () => {
    const [card] = documentSymbols(parseJsonDocument(CARD));
    assert.equal(card.name, 'Rich card: Welcome to Pizzeria Roma');
    assert.deepEqual(card.children.map((c) => c.name), ['type', 'title', 'description', 'richMedia', 'insideActions']);
    const actions = card.children[4].children;
    assert.deepEqual(actions.map((a) => [a.name, a.detail]), [['${it.label()}', 'reply, repeated per list element'], ['Menu', 'click']]);
    assert.deepEqual(card.children[3].children.map((c) => c.name), ['height', 'fileUrl', 'altText']);
  });

  it('names an action on one line, and puts the actions of a repeated list key under the key that counts', () => {
    const text = `{
  "type": "rich",
  "insideActions": [{ "type": "click", "display": "Old", "url": "https://a.example" }],
  "insideActions": [
    { "type": "reply", "display": "Two\\t words", "payload": "A" },
    { "type": "reply", "display": " Lunch  menu\\n today ", "payload": "B" },
    { "type": "reply", "display": "Plain name", "payload": "C" }
  ]
}`;
    const [card] = documentSymbols(parseJsonDocument(text));
    const [first, last] = card.children.filter((c) => c.name === 'insideActions');
    // JSON.parse, render and every channel read the last "insideActions": the first has no actions.
    assert.deepEqual([first.detail, first.children], ['0 actions', []]);
    assert.equal(last.detail, '3 actions');
    assert.deepEqual(last.children.map((a) => [a.name, a.detail]), [
      ['Two words', 'reply'],
      ['Lunch menu today', 'reply'],
      ['Plain name', 'reply'],
    ]);
  });

  it('folds objects, arrays and the dynamic list body', () => {
    const ranges = foldingRanges(parseJsonDocument(CARD));
    assert.deepEqual(
      ranges.map((r) => [r.startLine, r.endLine, r.kind]),
      [[0, 15, undefined], [5, 8, undefined], [10, 14, undefined], [11, 13, 'region']],
    );
  });

  describe('stops at a limit of items, as VS Code keeps them', () => {
    // A card of 30 click actions, each over three lines, and a block comment.
    const many = ['{', '  /* the', '     menu */', '  "type": "rich",', '  "insideActions": [',
      ...Array.from({ length: 30 }, (_, i) => `    {\n      "type": "click", "display": "D${i}", "url": "https://x.example/${i}"\n    }${i < 29 ? ',' : ''}`),
      '  ]', '}'].join('\n');
    const doc = () => parseJsonDocument(many);

    it('folding: the outermost levels whole, then the next level in document order', () => {
      const all = foldingRanges(doc());
      assert.equal(all.length, 33, 'the card, the comment, the list and 30 actions');
      const five = foldingRanges(doc(), 5);
      const actionAt = (i: number) => all.find((r) => r.startLine === 5 + 3 * i)!;
      assert.deepEqual(five, [all[0], all[1], all[2], actionAt(0), actionAt(1)]);
      assert.deepEqual(five.slice(0, 3).map((r) => [r.startLine, r.kind]), [[0, undefined], [1, 'comment'], [4, undefined]]);
      assert.deepEqual(foldingRanges(doc(), 0), []);
    });

    it('the outline: so many symbols in all, the list telling how many it shows', () => {
      const [card] = documentSymbols(doc(), 10);
      const list = card.children.find((c) => c.name === 'insideActions')!;
      assert.equal(1 + card.children.length + list.children.length, 10);
      assert.equal(list.detail, '30 actions, the first 7 shown');
      assert.deepEqual(list.children.map((a) => a.name), ['D0', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6']);
      assert.equal(documentSymbols(doc())[0].children[1].detail, '30 actions');
    });

    it('links: the first ones in document order', () => {
      assert.deepEqual(documentLinks(doc(), 2).map((l) => l.target), ['https://x.example/0', 'https://x.example/1']);
      assert.equal(documentLinks(doc()).length, 30);
    });
  });

  it('grows the selection from a string to its property, object and the card', () => {
    const text = '{ "insideActions": [ { "display": "Menu" } ] }';
    const chain = selectionRanges(parseJsonDocument(text), text.indexOf('Menu') + 1)
      .map((r) => text.slice(r.offset, r.offset + r.length));
    assert.deepEqual(chain, [
      'Menu',
      '"Menu"',
      '"display": "Menu"',
      '{ "display": "Menu" }',
      '[ { "display": "Menu" } ]',
      '"insideActions": [ { "display": "Menu" } ]',
      text,
    ]);
  });

  it('links url, fileUrl and thumbnailUrl when they are plain http(s) URLs', () => {
    const links = documentLinks(parseJsonDocument(CARD)).map((l) => l.target);
    assert.deepEqual(links, ['https://pizza.example/roma.png', 'https://pizza.example/menu']);
    assert.deepEqual(documentLinks(parseJsonDocument('{ "richMedia": { "fileUrl": "${cdn}/a.png" } }')), []);
  });
});

describe('formatting', () => {
  const messy = `{"type":"rich",   "title":"Hi \${user.name}", // greet
"description":"\${if (vip) {
   "Welcome back"
 } else "Hello"}",
"forceRefresh":\${ refresh },
  "insideActions":[
// @each dishes
{"type":"reply","display":"\${it.label()}","payload":"\${it.name()}"}
        // @end
]}`;

  it('formats the whole document without touching templates, comments or marker lines', () => {
    const doc = parseJsonDocument(messy);
    const out = applyEdits(messy, formatDocument(doc, { tabSize: 2, insertSpaces: true }));
    assert.equal(out, `{
  "type": "rich",
  "title": "Hi \${user.name}", // greet
  "description": "\${if (vip) {
   "Welcome back"
 } else "Hello"}",
  "forceRefresh": \${ refresh },
  "insideActions": [
    // @each dishes
    {
      "type": "reply",
      "display": "\${it.label()}",
      "payload": "\${it.name()}"
    }
    // @end
  ]
}`);
    // Formatting is stable.
    assert.deepEqual(formatDocument(parseJsonDocument(out), { tabSize: 2, insertSpaces: true }), []);
  });

  it('formats a range only', () => {
    const text = '{\n"a":   1,\n"b":   2\n}';
    const start = text.indexOf('"a"');
    const edits = formatDocument(
      parseJsonDocument(text),
      { tabSize: 2, insertSpaces: true },
      { offset: start, length: text.indexOf('2') + 1 - start },
    );
    // Only the range changes; its lines are indented relative to its first line (as VS Code's JSON does).
    assert.equal(applyEdits(text, edits), '{\n"a": 1,\n"b": 2\n}');
  });

  it('leaves a document with syntax errors alone', () => {
    assert.deepEqual(formatDocument(parseJsonDocument('{"a":1,,}'), { tabSize: 2, insertSpaces: true }), []);
  });
});

describe('at a glance', () => {
  it('shows the length against the strictest target channel where it is close or over', () => {
    const text = `{ "title": "${'x'.repeat(95)}", "description": "${'y'.repeat(10)}", ` +
      `"insideActions": [ { "display": "${'z'.repeat(16)}", "payload": "\${id}" } ] }`;
    const hints = lengthHints(parseJsonDocument(text), ['messenger', 'gbm', 'whatsapp']);
    assert.deepEqual(hints.map((h) => h.label), ['95/80', '16/20']);
    assert.match(hints[0].tooltip, /Messenger's limit is 80/);
    assert.deepEqual(lengthHints(parseJsonDocument(text), ['gbm']).map((h) => h.label), [], 'for GBM alone nothing is close');
    const templated = lengthHints(parseJsonDocument(`{ "description": "${'w'.repeat(50)} \${name}" }`), ['whatsapp']);
    assert.deepEqual(templated.map((h) => h.label), ['≥51/60']);
  });

  it('gives the hints of the lines shown only: a hint stands just after its value', () => {
    const text = `{ "title": "${'x'.repeat(95)}", ` +
      `"insideActions": [ { "display": "${'z'.repeat(16)}" }, { "display": "${'q'.repeat(17)}" } ] }`;
    const doc = parseJsonDocument(text);
    const after = (s: string) => text.indexOf(s) + s.length + 1;
    const targets = ['messenger', 'gbm', 'whatsapp'] as const;
    assert.deepEqual(lengthHints(doc, targets).map((h) => h.label), ['95/80', '16/20', '17/20']);
    assert.deepEqual(lengthHints(doc, targets, after('z'.repeat(16)), after('q'.repeat(17))).map((h) => h.label), ['16/20', '17/20']);
    assert.deepEqual(lengthHints(doc, targets, after('z'.repeat(16)) + 1, text.length).map((h) => h.label), ['17/20']);
    assert.deepEqual(lengthHints(doc, targets, 0, after('x'.repeat(95)) - 1).map((h) => h.label), []);
  });

  it('summarises each target channel', () => {
    const text = `{ "type": "rich", "title": "t", "description": "${'d'.repeat(70)}", "insideActions": [ { "type": "click", "display": "Go", "payload": "GO", "url": "https://x.test" } ] }`;
    const { diagnostics } = checkDocument(text, 'universal-message');
    const statuses = channelSummary(diagnostics, ['messenger', 'gbm', 'whatsapp']);
    assert.equal(summaryTitle(statuses), 'Messenger ✓ · Google Business Messages ✓ · WhatsApp: 2 problems');
    assert.equal(summaryTitle(channelSummary(diagnostics, ['messenger', 'whatsapp'], ['whatsapp'])), 'Messenger ✓ · WhatsApp: own message');
    const broken = checkDocument('{ "type": "rich", "title": "t" }', 'universal-message').diagnostics;
    assert.equal(summaryTitle(channelSummary(broken, ['messenger'])), 'Messenger: 1 problem', 'an error breaks the card on every channel');
  });
});

describe('formatting keeps the end of the file', () => {
  it('keeps a final newline that is there, and adds none that is not asked for', () => {
    const withNewline = '{"type":"rich"}\n';
    assert.equal(
      applyEdits(withNewline, formatDocument(parseJsonDocument(withNewline), { tabSize: 2, insertSpaces: true })),
      '{\n  "type": "rich"\n}\n',
    );
    const without = '{"type":"rich"}';
    assert.equal(
      applyEdits(without, formatDocument(parseJsonDocument(without), { tabSize: 2, insertSpaces: true })),
      '{\n  "type": "rich"\n}',
    );
    assert.equal(
      applyEdits(without, formatDocument(parseJsonDocument(without), { tabSize: 2, insertSpaces: true, insertFinalNewline: true })),
      '{\n  "type": "rich"\n}\n',
    );
  });
});
