/**
 * Benchmark: the umsg checker side by side with JSON.parse (the floor), jsonc-parser alone,
 * ajv and vscode-json-languageservice, each given an equivalent JSON Schema of a rich card,
 * on the same generated corpus, in one run. Prints medians and ratios to JSON.parse.
 *
 *   npm run bench            (about a minute; timings on shared machines are noisy: read the ratios)
 *
 * The corpus has no templates, since the other tools cannot read them; the checker still
 * scans for them.
 */
import Ajv from 'ajv';
import { parseTree } from 'jsonc-parser';
import { getLanguageService, TextDocument as JsonTextDocument } from 'vscode-json-languageservice';
import { checkDocument, DEFAULT_CONFIG } from '../server/src/core';

const ACTION = {
  type: 'object',
  required: ['type', 'display', 'payload'],
  properties: {
    type: { enum: ['click', 'reply', 'call'] },
    display: { type: 'string', maxLength: 20 },
    payload: { type: 'string', maxLength: 256 },
    url: { type: 'string', pattern: '^https?://' },
    phoneNumber: { type: 'string', pattern: '^\\+[0-9().-]*[0-9][0-9().-]*$' },
  },
  additionalProperties: false,
};

/** What a schema can say of a rich card: the strictest channel's limits, enums, required fields. */
const SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'description'],
  properties: {
    type: { const: 'rich' },
    title: { type: 'string', maxLength: 80 },
    description: { type: 'string', maxLength: 60 },
    richMedia: {
      type: 'object',
      required: ['height', 'fileUrl', 'altText'],
      properties: {
        height: { enum: ['SHORT', 'MEDIUM', 'TALL'] },
        fileUrl: { type: 'string', pattern: '^https?://' },
        altText: { type: 'string' },
        thumbnailUrl: { type: 'string', pattern: '^https?://' },
        forceRefresh: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    insideActions: { type: 'array', maxItems: 3, items: ACTION },
    floatActions: { type: 'array', maxItems: 13, items: { ...ACTION, properties: { ...ACTION.properties, type: { const: 'reply' } } } },
  },
  not: { required: ['insideActions', 'floatActions'] },
  additionalProperties: false,
};

function card(i: number, actions: number): string {
  const list = Array.from({ length: actions }, (_, k) => ({ type: 'reply', display: `Dish ${i}.${k}`, payload: `ORDER_${i}_${k}` }));
  return JSON.stringify({
    type: 'rich',
    title: `Today's menu number ${i}`,
    description: 'Tap a dish to order it',
    richMedia: { height: 'TALL', fileUrl: `https://example.com/menu/${i}.png`, altText: 'Our kitchen' },
    insideActions: list,
  }, null, 2);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median milliseconds of one call over `rounds` rounds of `inner` calls each, after a warm-up. */
function time(fn: () => void, rounds: number, inner: number): number {
  for (let i = 0; i < inner; i++) fn();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < inner; i++) fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6 / inner);
  }
  return median(samples);
}

async function main() {
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(SCHEMA);
  const json = getLanguageService({});
  json.configure({ validate: true, schemas: [{ uri: 'umsg://schema', fileMatch: ['*.json'], schema: SCHEMA }] });
  const config = { ...DEFAULT_CONFIG, maxFileSize: Number.MAX_SAFE_INTEGER };

  const corpora = [
    { name: 'ordinary message', text: card(1, 3), rounds: 15, inner: 200 },
    { name: '2 MB message', text: card(2, 20_000), rounds: 5, inner: 1 },
  ];
  const rows: string[][] = [['corpus', 'tool', 'median ms', '× JSON.parse']];
  for (const c of corpora) {
    const doc = JsonTextDocument.create('file:///bench.json', 'json', 1, c.text);
    const tools: [string, () => void | Promise<unknown>][] = [
      ['JSON.parse', () => { JSON.parse(c.text); }],
      ['jsonc-parser parseTree', () => { parseTree(c.text, [], { disallowComments: false }); }],
      ['ajv (JSON.parse + validate)', () => { validate(JSON.parse(c.text)); }],
      ['umsg checkDocument', () => { checkDocument(c.text, 'universal-message', { config }); }],
    ];
    const floor = time(tools[0][1], c.rounds, c.inner);
    for (const [name, fn] of tools) {
      const ms = name === 'JSON.parse' ? floor : time(fn, c.rounds, c.inner);
      rows.push([c.name, name, ms.toFixed(3), (ms / floor).toFixed(1)]);
    }
    // vscode-json-languageservice validates asynchronously: time whole awaited runs.
    const samples: number[] = [];
    const rounds = c.rounds;
    const inner = Math.max(1, Math.floor(c.inner / 4));
    await json.doValidation(doc, json.parseJSONDocument(doc));
    for (let r = 0; r < rounds; r++) {
      const t = process.hrtime.bigint();
      for (let i = 0; i < inner; i++) await json.doValidation(doc, json.parseJSONDocument(doc));
      samples.push(Number(process.hrtime.bigint() - t) / 1e6 / inner);
    }
    const ms = median(samples);
    rows.push([c.name, 'vscode-json-languageservice (parse + validate)', ms.toFixed(3), (ms / floor).toFixed(1)]);
    rows.push([c.name, `(size: ${c.text.length.toLocaleString('en-US')} characters)`, '', '']);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  '));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
