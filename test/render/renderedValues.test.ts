/**
 * Check and render tell one story about rendered values: a URL or a height that a template
 * renders with the sample data is judged as the same value written literally would be
 * (media-url, action-url, media-height, value-type, as phone-number already did), and
 * `umsg render --channel` repeats those findings beside the payload that carries the value.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { runCli } from '../../server/src/cli/main';
import { CHANNEL_IDS } from '../../server/src/core/channels';
import { checkDocument } from '../../server/src/core/check/run';
import { renderForChannel } from '../../server/src/core/render/channelRender';
import type { SampleData } from '../../server/src/core/template/render';
import { tempTree } from '../support/tempTree';

/** The issue's example: every URL and the height come from the sample data, and each is wrong. */
const EXAMPLE = [
  '{',
  '  "type": "rich", "title": "Hi", "description": "Pick one",',
  '  "richMedia": { "height": "${h}", "fileUrl": "${img}", "altText": "A", "thumbnailUrl": "${thumb}" },',
  '  "insideActions": [ { "type": "click", "display": "Open", "payload": "P", "url": "${site}" } ]',
  '}',
].join('\n');
const SAMPLE: SampleData = { h: 'tall', thumb: 'javascript:alert(1)', site: 'ftp://x', img: 'ftp://example.com/a.png' };

/** [rule, the text of the finding's range, message] of the findings of `rules`, in source order. */
function found(text: string, findings: { rule: string; offset: number; length: number; message: string }[], rules: string[]) {
  return findings.filter((f) => rules.includes(f.rule)).map((f) => [f.rule, text.slice(f.offset, f.offset + f.length), f.message]);
}

const RULES = ['media-height', 'media-url', 'action-url'];
const EXPECTED = [
  ['media-height', '${h}', 'height renders to "tall" with the sample data: must be written "TALL" (upper case), found "tall".'],
  ['media-url', '${img}', 'fileUrl renders to "ftp://example.com/a.png" with the sample data: must use http or https, found ftp:.'],
  [
    'media-url',
    '${thumb}',
    'thumbnailUrl renders to "javascript:alert(1)" with the sample data: must use http or https, found javascript:.',
  ],
  ['action-url', '${site}', 'url renders to "ftp://x" with the sample data: must use http or https, found ftp:.'],
];

describe('rendered values: check', () => {
  it('judges the height and the three URLs of the example as they render, on their templates, without a quick fix', () => {
    const { diagnostics } = checkDocument(EXAMPLE, 'universal-message', { sample: SAMPLE });
    assert.deepEqual(found(EXAMPLE, diagnostics, RULES), EXPECTED);
    for (const d of diagnostics.filter((x) => RULES.includes(x.rule))) {
      assert.equal(d.severity, 'error', d.message);
      assert.deepEqual(d.fixes ?? [], [], `no quick fix: ${d.message}`);
    }
  });

  it('leaves them unjudged without sample data, as before', () => {
    const { diagnostics } = checkDocument(EXAMPLE, 'universal-message');
    assert.deepEqual(found(EXAMPLE, diagnostics, RULES), []);
  });
});

describe('rendered values: render --channel repeats them', () => {
  it('messenger: the payload carries the ftp URL, and the findings render repeats name media-url and action-url', () => {
    const r = renderForChannel(EXAMPLE, { channel: 'messenger', sample: SAMPLE });
    const element = ((r.value as { attachment: { payload: { elements: { image_url: string; buttons: { url: string }[] }[] } } })
      .attachment.payload.elements[0]);
    assert.equal(element.image_url, 'ftp://example.com/a.png');
    assert.equal(element.buttons[0].url, 'ftp://x');
    assert.deepEqual(found(EXAMPLE, r.findings, RULES), EXPECTED);
    assert.deepEqual(r.apiProblems.map((p) => p.path), [
      'attachment.payload.elements[0].image_url',
      'attachment.payload.elements[0].buttons[0].url',
    ]);
    for (const p of r.apiProblems) assert.ok(r.findings.some((f) => p.explainedBy.includes(f.rule)), `${p.message} is explained`);
  });

  it('gbm: the height the API rejects is explained by media-height', () => {
    const r = renderForChannel(EXAMPLE, { channel: 'gbm', sample: SAMPLE });
    const height = r.apiProblems.find((p) => p.path.endsWith('media.height'));
    assert.ok(height, 'Google rejects the height "tall"');
    assert.ok(r.findings.some((f) => f.rule === 'media-height' && height.explainedBy.includes(f.rule)));
  });

  it('umsg render --channel messenger prints the payload with the ftp URL and the media-url finding on standard error', async () => {
    const dir = tempTree({ 'u.umsg': EXAMPLE, 'u.sample.json': JSON.stringify(SAMPLE) });
    let stdout = '';
    let stderr = '';
    const code = await runCli(['render', 'u.umsg', '--channel', 'messenger'], {
      cwd: dir,
      stdout: (s) => { stdout += s; },
      stderr: (s) => { stderr += s; },
    });
    assert.equal(code, 0, stderr);
    assert.match(stdout, /"image_url": "ftp:\/\/example\.com\/a\.png"/);
    assert.match(stderr, /u\.umsg:3:\d+: error media-url: fileUrl renders to "ftp:\/\/example\.com\/a\.png" with the sample data: must use http or https/);
    assert.match(stderr, /u\.umsg:4:\d+: error action-url: url renders to "ftp:\/\/x" with the sample data/);
  });
});

// Every URL, height and phone number of a card written as a template whose value comes from the
// sample data: the generated values are those of renderAcceptedOrExplained.test.ts, which
// writes them literally.
const url = fc.constantFrom('https://example.com/a.png', 'http://example.com/page', '/relative.png', 'ftp://example.com/a', '', 'https://', 'https://example.com/a b');
const phone = fc.constantFrom('+12015550123', '+1-201-555-0123', 'tel:+12015550123', '0049 30 1234567', '', 'CALL', '+1 201');
const height = fc.constantFrom('SHORT', 'MEDIUM', 'TALL', 'tall', 'HUGE');
const action = fc.record({ type: fc.constantFrom('reply', 'click', 'call'), url, phone });

/** A card whose templated fields read `v.<name>`; in a list, the actions read `it.<name>` per element. */
function templatedCard(actions: { type: string }[], list: boolean): string {
  const head = '{ "type": "rich", "title": "T", "description": "D",\n' +
    '  "richMedia": { "height": "${v.height}", "fileUrl": ${v.file}, "altText": "A", "thumbnailUrl": "${v.thumb}" },\n';
  const one = (type: string, at: string) =>
    `{ "type": "${type}", "display": "Go", "payload": "\${${at}.phone}", "url": "\${${at}.url}", "phoneNumber": "\${${at}.phone}" }`;
  if (list) return `${head}  "insideActions": [\n    // @each v.actions\n    ${one('click', 'it')}\n    // @end\n  ]\n}`;
  return `${head}  "insideActions": [ ${actions.map((a, i) => one(a.type, `v.actions[${i}]`)).join(', ')} ]\n}`;
}

describe('rendered values: every problem an API has with a templated value is explained', () => {
  for (const channel of CHANNEL_IDS) {
    it(`${channel}: a bad URL, height or number from the sample data is told by a finding render repeats`, () => {
      const actions = fc.array(action, { minLength: 1, maxLength: 3 });
      fc.assert(fc.property(height, url, url, actions, fc.boolean(), (h, file, thumb, acts, list) => {
        const text = templatedCard(acts, list);
        const sample: SampleData = { v: { height: h, file, thumb, actions: acts } };
        const r = renderForChannel(text, { channel, sample });
        assert.ok(r.value !== undefined, `${text} renders`);
        for (const p of r.apiProblems) {
          assert.ok(
            r.findings.some((f) => p.explainedBy.includes(f.rule)),
            `${channel}: "${p.message}" is not explained by ${JSON.stringify(r.findings.map((f) => `${f.rule}: ${f.message}`))}\n` +
              `${text}\n${JSON.stringify(sample)}`,
          );
        }
      }), { numRuns: 150, seed: 5 });
    });
  }
});
