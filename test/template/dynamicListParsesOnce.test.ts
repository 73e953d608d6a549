/**
 * dynamic-list decides whether a message stays valid JSON for any list length without parsing
 * it again (it once parsed the whole message three more times, for lists of 0, 1 and 2
 * elements, on every check). The three parses are kept here as the reference, and the two must
 * agree on generated messages: bodies and static elements with and without commas, comments and
 * blank lines around them, broken and clean files.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createScanner, parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { analyzeLists, renderedList } from '../../server/src/core/template/dynamicList';
import { parseJsonDocument, type JsonDocument } from '../../server/src/core/syntax/jsonDocument';

const EL = '{ "type": "reply", "display": "${it.label()}", "payload": "P" }';

function commaIn(masked: string, from: number, to: number): boolean {
  const scanner = createScanner(masked.slice(from, to), false);
  for (let kind = scanner.scan(); kind !== 17; kind = scanner.scan()) if (kind === 5) return true;
  return false;
}

/** How often the reference got as far as parsing, by verdict (for the generator's reach). */
const reached = { clean: 0, empty: 0 };

/** The old check: render the masked message with 0, 1 and 2 elements and parse each. */
function threeParses(doc: JsonDocument): number | undefined {
  const list = renderedList(doc);
  if (!list || !doc.root || !list.array || !list.listName || list.elements.length !== 1) return undefined;
  const el = list.elements[0];
  const masked = doc.scan.masked;
  if (commaIn(masked, list.bodyStart, el.offset) || commaIn(masked, el.offset + el.length, list.bodyEnd)) return undefined;
  if (doc.syntax.length > 0) return undefined;
  const header = masked.slice(0, list.headerEnd);
  const body = masked.slice(list.bodyStart, list.bodyEnd);
  const footer = masked.slice(list.footerStart);
  for (const n of [0, 1, 2]) {
    const errors: ParseError[] = [];
    parseJsonc(
      header + Array.from({ length: n }, () => body).join(',') + footer,
      errors,
      { allowTrailingComma: false, disallowComments: false },
    );
    if (errors.length > 0) {
      if (n === 0) reached.empty++;
      return n;
    }
  }
  reached.clean++;
  return undefined;
}

function lengthProblem(doc: JsonDocument): number | undefined {
  const p = analyzeLists(doc).problems.find((x) => x.kind === 'invalid-for-length');
  return p?.kind === 'invalid-for-length' ? p.elements : undefined;
}

const piece = fc.constantFrom(EL, ',', ' ', '\n    ', '/* note */', '// note\n    ', '"text"', '[1, 2]');
const around = fc.oneof(fc.array(piece, { maxLength: 5 }).map((xs) => xs.join('')), fc.constantFrom('', `${EL},`, `, ${EL}`, EL));
const message = fc.record({
  list: fc.constantFrom('insideActions', 'floatActions', 'other'),
  before: around,
  body: fc.array(piece, { minLength: 1, maxLength: 4 }).map((xs) => xs.join('')),
  after: around,
  crlf: fc.boolean(),
}).map(({ list, before, body, after, crlf }) => {
  const text = `{\n  "type": "rich",\n  "title": "t",\n  "description": "d",\n  "${list}": [\n` +
    `    ${before}\n    // @each items\n    ${body}\n    // @end\n    ${after}\n  ]\n}\n`;
  return crlf ? text.replace(/\n/g, '\r\n') : text;
});

describe('dynamic list: valid JSON for any list length, without parsing again', () => {
  it('agrees with parsing the message rendered with 0, 1 and 2 elements', () => {
    fc.assert(fc.property(message, (text) => {
      const doc = parseJsonDocument(text);
      const expected = threeParses(doc);
      assert.equal(lengthProblem(doc), expected, text);
    }), { numRuns: 3_000, seed: 11 });
    // The generator reaches both verdicts of the three parses.
    assert.ok(reached.clean >= 20 && reached.empty >= 20, JSON.stringify(reached));
  });

  it('reports the empty list on a body next to static actions, and nothing on a lone body', () => {
    const card = (inside: string) =>
      parseJsonDocument(`{ "type": "rich", "title": "t", "description": "d", "floatActions": [\n${inside}\n] }`);
    assert.equal(lengthProblem(card(`  ${EL},\n  // @each items\n  ${EL}\n  // @end`)), 0);
    assert.equal(lengthProblem(card(`  // @each items\n  ${EL}\n  // @end\n  , ${EL}`)), 0);
    assert.equal(lengthProblem(card(`  // @each items\n  ${EL}\n  // @end`)), undefined);
  });
});
