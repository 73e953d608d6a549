import { fieldNames, type FieldSpec } from '../model/cardSchema';
import { reportNative } from '../findings/native';
import { placesOf, type PlaceSpec } from '../model/places';
import type { ObjectModel } from '../model/richCard';
import { defineRule, type RuleContext } from '../findings/rule';
import { suggest } from '../util/didYouMean';
import { actionType, jsonString, removalRange } from '../model/values';
import { quote } from '../util/messageQuote';

/**
 * Properties the universal format does not define are dropped by every channel plugin,
 * usually because of a typo. Fields that belong to another action type are named as such.
 */
export default defineRule({
  id: 'unknown-property',
  description: 'Every property is one the format defines for that place (universal message, Configuration Meta entry or option, ' +
    'provider descriptor), with "did you mean".',
  defaultSeverity: 'warning',
  languages: ['universal-message', 'configuration-meta', 'native-provider'],
  check(ctx) {
    if (reportNative(ctx, 'unknown-property')) return; // a channel-specific message in native form
    for (const { place, object } of placesOf(ctx.doc, ctx.language, ctx.card)) {
      if (!place.fields) continue;
      checkObject(ctx, object, place.fields, place.where, unusedHere(ctx, place, object), place.synonyms, place.effect);
    }
  },
});

/**
 * A field of another action type (url on a reply) is named as such: channels ignore it there.
 * `applies` is asked of every name; `note` only words a finding that is shown.
 */
interface UnusedHere {
  applies(name: string): boolean;
  note(name: string): string;
}

function unusedHere(ctx: RuleContext, place: PlaceSpec, object: ObjectModel): UnusedHere | undefined {
  if (place.kind === 'inside-action') {
    const type = actionType(ctx.doc, object);
    return {
      applies: (name) => type !== undefined &&
        ((name === 'url' && type !== 'click') || (name === 'phoneNumber' && type !== 'call')),
      note: (name) => (name === 'url'
        ? `url has no effect on a ${type} action: only click actions open a URL.`
        : `phoneNumber has no effect on a ${type} action: only call actions dial a number.`),
    };
  }
  if (place.kind === 'float-action') {
    return {
      applies: (name) => name === 'url' || name === 'phoneNumber',
      note: (name) => `${name} is not used by float actions: they are reply only.`,
    };
  }
  return undefined;
}

function checkObject(
  ctx: RuleContext,
  obj: ObjectModel,
  fields: readonly FieldSpec[],
  where: string,
  unused: UnusedHere | undefined,
  synonyms: Readonly<Record<string, string>>,
  effect: string,
) {
  const names = fieldNames(fields);
  const templateFree = ctx.doc.scan.templates.length === 0;
  for (const p of obj.all) {
    // Asked for every name: a field of another place (url on a float action) is named as such.
    const unusedField = unused !== undefined && unused.applies(p.name);
    if (!unusedField && names.includes(p.name)) continue; // the common case, kept cheap: a known field
    if (!templateFree && ctx.doc.stringInfo(p.key).templates.length > 0) continue; // a templated key: no verdict
    if (ctx.capped(p.key.offset)) { ctx.count(p.key.offset, p.key.length); continue; } // past the cap: no words built
    const remove = { kind: 'remove' as const, ...removalRange(obj.node, p.property), title: `Remove ${quote(p.name)}` };
    if (unusedField) {
      ctx.report({ message: unused.note(p.name), offset: p.key.offset, length: p.key.length, tags: ['unnecessary'], fixes: [remove] });
      continue;
    }
    const candidates = names.filter((n) => !obj.props.has(n) || n === p.name);
    const s = suggest(p.name, candidates, synonyms);
    ctx.report({
      message: s
        ? `Unknown property ${quote(p.name)} in ${where}: did you mean "${s}"?`
        : `Unknown property ${quote(p.name)} in ${where}: ${effect}. Known: ${names.join(', ')}.`,
      offset: p.key.offset,
      length: p.key.length,
      fixes: s
        ? [{
          kind: 'replace',
          offset: p.key.offset,
          length: p.key.length,
          text: jsonString(s),
          title: `Rename to "${s}"`,
          preferred: sameName(p.name, s),
        }, remove]
        : [remove],
    });
  }
}

/** Only a difference of case or separators (fileURL, file_url) is safe to rename unattended. */
function sameName(a: string, b: string): boolean {
  const normal = (x: string) => x.toLowerCase().replace(/[_\-\s]/g, '');
  return normal(a) === normal(b);
}
