/**
 * A native field's type and limits in words, for completion's detail and hover: "string, 1 to
 * 24 characters", "array of 1 to 10 list sections, 10 rows in all".
 */
import type { NativeFormat, NativeValue } from '../channels/native/schema';
import { formatCount } from '../util/count';

export function describeNativeValue(spec: NativeValue, format: NativeFormat): string {
  switch (spec.kind) {
    case 'string': {
      if (spec.enum) return `one of ${spec.enum.map((v) => `"${v}"`).join(', ')}`;
      const form = spec.form === 'url' ? 'http(s) URL'
        : spec.form === 'https' ? 'https URL'
          : spec.form === 'phone' ? `phone number (${format.phoneForm === 'e164' ? '+ and digits only' : 'global number'})`
            : 'string';
      const size = range(spec.minLength, spec.maxLength);
      const one = spec.maxLength === 1 || (spec.maxLength === undefined && spec.minLength === 1);
      return size ? `${form}, ${size} character${one ? '' : 's'}` : form;
    }
    case 'integer':
    case 'number': {
      const what = spec.kind === 'integer' ? 'whole number' : 'number';
      if (spec.min !== undefined && spec.max !== undefined) return `${what} from ${spec.min} to ${spec.max}`;
      if (spec.min !== undefined) return `${what}, at least ${spec.min}`;
      if (spec.max !== undefined) return `${what}, at most ${spec.max}`;
      return what;
    }
    case 'boolean': return 'true or false';
    case 'object': return `object (${spec.object.label})`;
    case 'array': {
      const of = spec.items.kind === 'object' ? `${spec.items.object.label}s` : describeNativeValue(spec.items, format);
      const parts = [`array of ${range(spec.minItems, spec.maxItems) ?? 'any number of'} ${of}`];
      if (spec.totalMax) parts.push(`at most ${formatCount(spec.totalMax.max)} ${lastName(spec.totalMax.path)} in all`);
      if (spec.uniqueBy?.length) parts.push(`unique ${spec.uniqueBy.map(lastName).join(' and ')}`);
      return parts.join(', ');
    }
    default: return 'any JSON value';
  }
}

/** "1 to 24", "at most 20", "at least 1"; undefined without limits. */
function range(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && min > 0 && max !== undefined) return `${formatCount(min)} to ${formatCount(max)}`;
  if (max !== undefined) return `at most ${formatCount(max)}`;
  if (min !== undefined && min > 0) return `at least ${formatCount(min)}`;
  return undefined;
}

function lastName(path: string): string {
  const parts = path.split('.');
  return parts[parts.length - 1].replace(/\[\]$/, '');
}
