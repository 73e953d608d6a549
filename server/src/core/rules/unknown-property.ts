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

/** A field of another action type (url on a reply) is named as such: channels ignore it there. */
function unusedHere(ctx: RuleContext, place: PlaceSpec, object: ObjectModel): ((name: string) => string | undefined) | undefined {
  if (place.kind === 'inside-action') {
    const type = actionType(ctx.doc, object);
    return (name) => {
      if (name === 'url' && type !== undefined && type !== 'click')
        return `url has no effect on a ${type} action: only click actions open a URL.`;
      if (name === 'phoneNumber' && type !== undefined && type !== 'call')
        return `phoneNumber has no effect on a ${type} action: only call actions dial a number.`;
      return undefined;
    };
  }
  if (place.kind === 'float-action') return (name) => (name === 'url' || name === 'phoneNumber'
    ? `${name} is not used by float actions: they are reply only.`
    : undefined);
  return undefined;
}

function checkObject(
  ctx: RuleContext,
  obj: ObjectModel,
  fields: readonly FieldSpec[],
  where: string,
  unused: ((name: string) => string | undefined) | undefined,
  synonyms: Readonly<Record<string, string>>,
  effect: string,
) {
  const names = fieldNames(fields);
  const templateFree = ctx.doc.scan.templates.length === 0;
  for (const p of obj.all) {
    // Asked for every name: a field of another place (url on a float action) is named as such.
    const note = unused?.(p.name);
    if (!note && names.includes(p.name)) continue; // the common case, kept cheap: a known field
    if (!templateFree && ctx.doc.stringInfo(p.key).templates.length > 0) continue; // a templated key: no verdict
    const remove = { kind: 'remove' as const, ...removalRange(obj.node, p.property), title: `Remove ${quote(p.name)}` };
    if (note) {
      ctx.report({ message: note, offset: p.key.offset, length: p.key.length, tags: ['unnecessary'], fixes: [remove] });
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
