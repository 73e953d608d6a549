/**
 * "Which fields are required where" is one fact, written in the table of places
 * (server/src/core/model/places.ts) and read by the rules that report a missing field, by hover
 * ("required", "optional") and by completion. These tests hold the copies together: for every
 * place and every field of it, the rule the table names reports the field missing exactly when
 * the table says it is required, and hover says the same.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService, DEFAULT_CONFIG, type LanguageId } from '../../server/src/core';
import { place, requiredFields, requirementOf, type PlaceKind, type PlaceSpec } from '../../server/src/core/model/places';

const service = createLanguageService();
const context = { config: DEFAULT_CONFIG };

/** A valid JSON value for each field, by place (the type is chosen per variant). */
const VALUES: Partial<Record<PlaceKind, Record<string, string>>> = {
  card: { type: '"rich"', title: '"Today\'s menu"', description: '"Fresh pasta every day"' },
  media: { height: '"TALL"', fileUrl: '"https://example.com/pasta.png"', altText: '"A plate of pasta"' },
  'inside-action': { display: '"Book"', payload: '"BOOK"', url: '"https://example.com/book"', phoneNumber: '"+1-201-555-0123"' },
  'float-action': { type: '"reply"', display: '"Book"', payload: '"BOOK"' },
  provider: {
    label: '"Payments"',
    providerType: '"Native Provider"',
    deployMode: '"hosted"',
    implements: '["com.example.payments.PaymentService"]',
    providerClassName: '"com.example.payments.StripePaymentProvider"',
    implementation: '"com.example:payments:1.0.0"',
  },
  entry: { key: '"apiKey"', label: '"API key"', type: '"String"', options: '[{ "value": "eu", "label": "Europe" }]' },
  option: { value: '"eu"', label: '"Europe"' },
};

const CARD = '"type": "rich", "title": "Today\'s menu", "description": "Fresh pasta every day"';

/** A whole file holding `object` at `kind`'s place, with the offset where the object starts. */
function fileWith(kind: PlaceKind, object: string): { language: LanguageId; text: string; at: number; reportedAt: number } {
  const wrap = (language: LanguageId, before: string, after: string, reportedAt?: number) =>
    ({ language, text: before + object + after, at: before.length, reportedAt: reportedAt ?? before.length });
  switch (kind) {
    case 'card': return wrap('universal-message', '', '\n');
    // media-required reports on the richMedia key, as a missing field of the card's media.
    case 'media': return wrap('universal-message', `{ ${CARD}, "richMedia": `, ' }\n', `{ ${CARD}, `.length);
    case 'inside-action': return wrap('universal-message', `{ ${CARD}, "insideActions": [`, '] }\n');
    case 'float-action': return wrap('universal-message', `{ ${CARD}, "floatActions": [`, '] }\n');
    case 'provider': return wrap('native-provider', '', '\n');
    case 'entry': return wrap('configuration-meta', '[', ']\n');
    case 'option': return wrap('configuration-meta', '[{ "key": "region", "label": "Region", "options": [', '] }]\n');
    default: throw new Error(`no file for ${kind}`);
  }
}

/**
 * The objects a place can hold with only required fields: one per type value when a field is
 * required for some types only, and one per alternative when a field is required unless another
 * is there (an entry with a type, an entry with options).
 */
function variants(p: PlaceSpec): { type: string | undefined; fields: string[] }[] {
  const typeField = p.fields?.find((f) => f.name === 'type');
  const types = p.required.some((r) => r.forTypes) ? [...(typeField?.values ?? [])] : [undefined];
  const leaveOut = [undefined, ...p.required.filter((r) => r.unlessPresent !== undefined).map((r) => r.field)];
  const out: { type: string | undefined; fields: string[] }[] = [];
  for (const type of types) {
    for (const omit of leaveOut) {
      const present = new Set<string>();
      for (const r of p.required) {
        if (r.field === omit) continue;
        if (r.forTypes && (type === undefined || !r.forTypes.includes(type))) continue;
        if (r.unlessPresent !== undefined && present.has(r.unlessPresent)) continue;
        present.add(r.field);
      }
      // The table agrees with itself: everything it requires of this object is there.
      const fields = [...present];
      assert.deepEqual(
        requiredFields(p, { has: (f) => present.has(f), type }).filter((f) => !present.has(f)),
        [],
        `${p.kind}: a consistent variant`,
      );
      out.push({ type, fields });
    }
  }
  return out;
}

function objectText(kind: PlaceKind, type: string | undefined, fields: readonly string[]): string {
  const values = VALUES[kind]!;
  return `{ ${fields.map((f) => `"${f}": ${f === 'type' && type !== undefined ? JSON.stringify(type) : values[f]}`).join(', ')} }`;
}

/** Every rule the table names, the five *-required rules, and syntax (a broken test file would hide the rest). */
const OBJECT_KINDS: PlaceKind[] = ['card', 'media', 'inside-action', 'float-action', 'provider', 'entry', 'option'];
const REQUIRING_RULES = new Set([
  'card-required', 'action-required', 'media-required', 'meta-required', 'provider-required', 'syntax',
  ...OBJECT_KINDS.flatMap((k) => place(k).required.map((r) => r.rule)),
]);

async function findings(kind: PlaceKind, object: string) {
  const file = fileWith(kind, object);
  const doc = service.open(file.text, file.language);
  const result = await service.check(doc, context);
  return { file, doc, diagnostics: result.diagnostics.filter((d) => REQUIRING_RULES.has(d.rule)) };
}

describe('the table of places and the rules agree on required fields', () => {
  for (const kind of OBJECT_KINDS) {
    const p = place(kind);
    for (const v of variants(p)) {
      const label = `${kind}${v.type ? ` (type ${v.type})` : ''} with ${v.fields.join(', ')}`;

      it(`${label}: nothing is missing`, async () => {
        // A rule that requires a field the table does not list reports this object.
        const { diagnostics } = await findings(kind, objectText(kind, v.type, v.fields));
        assert.deepEqual(diagnostics.map((d) => `${d.rule}: ${d.message}`), []);
      });

      for (const field of v.fields) {
        it(`${label}: without ${field}, ${requirementOf(p, field)?.rule} reports it`, async () => {
          // A field the table requires but no rule checks goes unreported here.
          const { file, diagnostics } = await findings(kind, objectText(kind, v.type, v.fields.filter((f) => f !== field)));
          const rule = requirementOf(p, field)!.rule;
          const found = diagnostics.filter((d) => d.rule === rule && d.offset === file.reportedAt);
          assert.equal(found.length, 1, `one ${rule} finding on the object: ${JSON.stringify(diagnostics)}`);
          assert.match(found[0].message, new RegExp(`\\b${field}\\b`), 'the finding names the field');
        });
      }
    }

    it(`${kind}: hover calls a field required exactly when a rule reports it missing`, async () => {
      const required = new Set(variants(p).flatMap((v) => v.fields));
      for (const f of p.fields ?? []) {
        // Hover on the field's name in an object that holds it.
        const v = variants(p).find((x) => x.fields.includes(f.name)) ?? variants(p)[0];
        const fields = v.fields.includes(f.name) ? v.fields : [...v.fields, f.name];
        const values = VALUES[kind]!;
        if (!v.fields.includes(f.name) && values[f.name] === undefined) {
          values[f.name] = f.kind === 'boolean' ? 'true' : f.kind === 'array' ? '[]' : f.kind === 'object' ? '{}' : '"x"';
        }
        const file = fileWith(kind, objectText(kind, v.type, fields));
        const doc = service.open(file.text, file.language);
        const hover = service.hover(doc, file.text.indexOf(`"${f.name}"`, file.at) + 1, context);
        assert.ok(hover, `hover on ${f.name}`);
        const saysRequired = new RegExp(`^\\*\\*${f.name}\\*\\* \\([^)]*, required`).test(hover.contents);
        assert.equal(saysRequired, required.has(f.name), `${kind}.${f.name}: ${hover.contents.split('\n')[0]}`);
      }
    });
  }
});

describe('completion offers the fields of an action\'s type', () => {
  it('offers url for a click action and phoneNumber for a call, not the other way round', () => {
    const names = (type: string) => {
      const text = `{ ${CARD}, "insideActions": [{ "type": "${type}",  }] }`;
      const doc = service.open(text, 'universal-message');
      return service.complete(doc, text.indexOf(',  }') + 2, context).map((e) => e.label);
    };
    assert.ok(names('click').includes('url') && !names('click').includes('phoneNumber'), names('click').join());
    assert.ok(names('call').includes('phoneNumber') && !names('call').includes('url'), names('call').join());
    assert.ok(!names('reply').includes('url') && !names('reply').includes('phoneNumber'), names('reply').join());
  });
});
