import { fieldNames, type FieldSpec } from '../model/cardSchema';
import { reportNative } from '../findings/native';
import { forEachPlace, type PlaceKind, type PlaceSpec } from '../model/places';
import type { ObjectModel } from '../model/richCard';
import { defineRule, type RuleContext } from '../findings/rule';
import { suggest } from '../util/didYouMean';
import { actionType, jsonString, removalRange } from '../model/values';
import { quote } from '../util/messageQuote';
import { keyHoldsTemplate } from '../syntax/nodes';

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
    forEachPlace(ctx.doc, ctx.language, ctx.card, (place, object) => {
      if (place.fields) checkObject(ctx, object, place, place.fields);
    });
  },
});

/**
 * True when `name` is a field of another action type at this place (url on a reply, anything
 * but a reply's fields on a float action): channels ignore it there. Asked of every name, so
 * it builds nothing; unusedNote words a finding that is shown.
 */
function unusedField(kind: PlaceKind, type: string | undefined, name: string): boolean {
  if (kind === 'inside-action') {
    return type !== undefined && ((name === 'url' && type !== 'click') || (name === 'phoneNumber' && type !== 'call'));
  }
  return kind === 'float-action' && (name === 'url' || name === 'phoneNumber');
}

function unusedNote(kind: PlaceKind, type: string | undefined, name: string): string {
  if (kind === 'float-action') return `${name} is not used by float actions: they are reply only.`;
  return name === 'url'
    ? `url has no effect on a ${type} action: only click actions open a URL.`
    : `phoneNumber has no effect on a ${type} action: only call actions dial a number.`;
}

function checkObject(ctx: RuleContext, obj: ObjectModel, place: PlaceSpec, fields: readonly FieldSpec[]) {
  const { kind, where, synonyms, effect } = place;
  const type = kind === 'inside-action' ? actionType(ctx.doc, obj) : undefined;
  const names = fieldNames(fields);
  const all = obj.all;
  for (let i = 0; i < all.length; i++) {
    const p = all[i];
    // Asked for every name: a field of another place (url on a float action) is named as such.
    const unused = unusedField(kind, type, p.name);
    if (!unused && names.includes(p.name)) continue; // the common case, kept cheap: a known field
    if (keyHoldsTemplate(ctx.doc, p.property)) continue; // a templated key: no verdict
    if (ctx.capped(p.key.offset)) { ctx.count(p.key.offset, p.key.length); continue; } // past the cap: no words built
    const remove = { kind: 'remove' as const, ...removalRange(obj.node, p.property), title: `Remove ${quote(p.name)}` };
    if (unused) {
      const message = unusedNote(kind, type, p.name);
      ctx.report({ message, offset: p.key.offset, length: p.key.length, tags: ['unnecessary'], fixes: [remove] });
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
