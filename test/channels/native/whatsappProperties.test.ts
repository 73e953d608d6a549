/**
 * Properties of WhatsApp's native form over generated messages: a message within every
 * limit is clean; one text pushed one over its limit is flagged there, and only there; and
 * what `umsg render NAME.whatsapp.umsg` prints has no problem the check does not report. The
 * limits come from the Cloud API pages (list and reply buttons messages), written here again
 * by hand so that a wrong limit in the model fails.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDocument } from '../../../server/src/core/check/run';
import { renderForChannel } from '../../../server/src/core/render/channelRender';

/** A text of 1 to `max` code points, sometimes with emoji (two UTF-16 units, one character). */
const textUpTo = (max: number) => fc.tuple(fc.integer({ min: 1, max }), fc.boolean())
  .map(([n, emoji]) => (emoji ? '🍝'.repeat(n) : 'a'.repeat(n)));

/** A list's body takes 4,096 characters (the list page), where other interactive messages take 1,024. */
const LIST_BODY = 4096;
const LIST_ROW = { title: 24, description: 72 };

const list = fc.record({
  header: fc.option(textUpTo(60), { nil: undefined }),
  body: textUpTo(LIST_BODY),
  footer: fc.option(textUpTo(60), { nil: undefined }),
  button: textUpTo(20),
  sections: fc.array(fc.record({
    title: textUpTo(24),
    rows: fc.array(fc.record({
      title: textUpTo(LIST_ROW.title),
      description: fc.option(textUpTo(LIST_ROW.description), { nil: undefined }),
    }), { minLength: 1, maxLength: 3 }),
  }), { minLength: 1, maxLength: 3 }),
}).map((l) => {
  let id = 0;
  return {
    type: 'interactive',
    interactive: {
      type: 'list',
      ...(l.header !== undefined ? { header: { type: 'text', text: l.header } } : {}),
      body: { text: l.body },
      ...(l.footer !== undefined ? { footer: { text: l.footer } } : {}),
      action: {
        button: l.button,
        sections: l.sections.map((s) => ({
          title: s.title,
          rows: s.rows.map((r) => ({
            id: `row-${id++}`,
            title: r.title,
            ...(r.description !== undefined ? { description: r.description } : {}),
          })),
        })),
      },
    },
  };
});

/** The limited texts of a generated list, as [path, limit]. */
function limitedTexts(message: ReturnType<typeof JSON.parse>): [string[], number][] {
  const i = message.interactive;
  const out: [string[], number][] = [[['interactive', 'body', 'text'], LIST_BODY], [['interactive', 'action', 'button'], 20]];
  if (i.header) out.push([['interactive', 'header', 'text'], 60]);
  if (i.footer) out.push([['interactive', 'footer', 'text'], 60]);
  i.action.sections.forEach((s: { rows: { description?: string }[] }, k: number) => {
    out.push([['interactive', 'action', 'sections', String(k), 'title'], 24]);
    s.rows.forEach((r, j) => {
      const at = ['interactive', 'action', 'sections', String(k), 'rows', String(j)];
      out.push([[...at, 'title'], LIST_ROW.title]);
      if (r.description !== undefined) out.push([[...at, 'description'], LIST_ROW.description]);
    });
  });
  return out;
}

const check = (text: string) => checkDocument(text, 'universal-message', { channelSpecific: 'whatsapp' }).diagnostics;

describe('WhatsApp lists, generated', () => {
  it('a list within every limit (10 rows in all or fewer) is clean, and renders with no API problem', () => {
    fc.assert(fc.property(list, (message) => {
      const rows = message.interactive.action.sections.reduce((n, s) => n + s.rows.length, 0);
      fc.pre(rows <= 10);
      const text = JSON.stringify(message, null, 2);
      assert.deepEqual(check(text), []);
      assert.deepEqual(renderForChannel(text, { channelSpecific: 'whatsapp' }).apiProblems, []);
    }), { numRuns: 150, seed: 20 });
  });

  it('one text one over its limit is one channel-limit finding, on that text', () => {
    fc.assert(fc.property(list, fc.nat(), (message, pick) => {
      const rows = message.interactive.action.sections.reduce((n, s) => n + s.rows.length, 0);
      fc.pre(rows <= 10);
      const texts = limitedTexts(message);
      const [path, limit] = texts[pick % texts.length];
      const over = 'é'.repeat(limit + 1);
      let at: Record<string, unknown> = message;
      for (const p of path.slice(0, -1)) at = at[p] as Record<string, unknown>;
      at[path[path.length - 1]] = over;
      const text = JSON.stringify(message, null, 2);
      const ds = check(text);
      assert.deepEqual(ds.map((d) => [d.rule, text.slice(d.offset, d.offset + d.length)]), [['channel-limit', JSON.stringify(over)]]);
      const r = renderForChannel(text, { channelSpecific: 'whatsapp' });
      assert.equal(r.apiProblems.length, 1);
      assert.ok(r.findings.some((f) => r.apiProblems[0].explainedBy.includes(f.rule)), 'render repeats the finding that explains it');
    }), { numRuns: 150, seed: 21 });
  });
});
