/**
 * The native provider descriptor (spec: Native provider), a `*.provider.json` file, and the
 * formats of two of its strings: the provider class name and the Implementation string.
 */
import type { JsonDocument } from '../syntax/jsonDocument';
import { objectModel, type ObjectModel } from './richCard';
import { quote } from '../util/messageQuote';

const cache = new WeakMap<JsonDocument, ObjectModel | undefined>();

/** The descriptor object, memoised per parse; undefined when the root is not an object. */
export function providerOf(doc: JsonDocument): ObjectModel | undefined {
  if (!cache.has(doc)) cache.set(doc, doc.root && doc.root.type === 'object' ? objectModel(doc.root) : undefined);
  return cache.get(doc);
}

const CLASS_NAME_EXAMPLE = 'com.example.payments.StripePaymentProvider';
const IMPLEMENTATION_EXAMPLE = 'com.example.providers:stripe:1.0.0';

/** A problem in a string value, with a corrected text when the correction is obvious. */
interface FormatProblem {
  message: string;
  fixed?: string;
}

const IDENTIFIER = /^[A-Z_$][\w$]*$/i;

/** Spec, Native provider: the provider class name is the fully qualified name of the class. */
export function classNameProblem(name: string): FormatProblem | undefined {
  if (name.trim().length === 0) return {
    message: `providerClassName is empty: write the fully qualified name of the class, such as "${CLASS_NAME_EXAMPLE}".`,
  };
  if (/\s/.test(name)) {
    const fixed = name.replace(/\s+/g, '');
    return {
      message: `providerClassName ${quote(name)} has white space: a class name has none.`,
      fixed: classNameProblem(fixed) ? undefined : fixed,
    };
  }
  if (/[/\\]/.test(name)) {
    const fixed = name.replace(/[/\\]+/g, '.').replace(/\.(?:kt|java)$/, '');
    return {
      message: `providerClassName ${quote(name)} uses a path separator: separate the package names with '.', ` +
        `such as "${CLASS_NAME_EXAMPLE}".`,
      fixed: classNameProblem(fixed) ? undefined : fixed,
    };
  }
  const parts = name.split('.');
  if (parts.length === 1) {
    return {
      message: `providerClassName ${quote(name)} has no package: write the fully qualified name, ` +
        `such as "com.example.${IDENTIFIER.test(name) ? name : 'MyProvider'}".`,
    };
  }
  if (parts.some((p) => p.length === 0)) return {
    message: `providerClassName ${quote(name)} has an empty part: a leading, trailing or doubled '.'.`,
  };
  const bad = parts.find((p) => !IDENTIFIER.test(p));
  if (bad !== undefined) {
    const why = /^\d/.test(bad) ? 'starts with a digit' : `has '${[...bad].find((c) => !/[\w$]/.test(c))}'`;
    return {
      message: `providerClassName part ${quote(bad)} ${why}: each part is an identifier (letters, digits, '_', '$', ` +
        `not starting with a digit).`,
    };
  }
  return undefined;
}

const PARTS = ['group', 'project', 'version'] as const;
const GROUP = /^[\w-]+(?:\.[\w-]+)*$/;
const PROJECT = /^[\w-][\w.-]*$/;
const VERSION = /^[A-Z0-9][\w.+-]*$/i;

/** Spec, Implementation string: `<group>:<project>:<version>`, each part present and well formed. */
export function implementationProblem(value: string): FormatProblem | undefined {
  const example = `such as "${IMPLEMENTATION_EXAMPLE}"`;
  if (value.trim().length === 0) return { message: `implementation is empty: write <group>:<project>:<version>, ${example}.` };
  if (/\s/.test(value)) {
    const fixed = value.replace(/\s+/g, '');
    return {
      message: `implementation ${quote(value)} has white space: write <group>:<project>:<version> without spaces.`,
      fixed: implementationProblem(fixed) ? undefined : fixed,
    };
  }
  const parts = value.split(':');
  if (parts.length > 3) {
    return { message: `implementation ${quote(value)} has ${parts.length} parts: write exactly <group>:<project>:<version>, ${example}.` };
  }
  const missing = PARTS.filter((_, i) => !parts[i]);
  if (missing.length > 0) {
    const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
    return { message: `implementation ${quote(value)} lacks its ${list}: write <group>:<project>:<version>, ${example}.` };
  }
  const [group, project, version] = parts;
  if (!GROUP.test(group)) return {
    message: `implementation group ${quote(group)} is not well formed: use names of letters, digits, '-' and '_' joined by '.', ` +
      `such as "com.example.providers".`,
  };
  if (!PROJECT.test(project)) return {
    message: `implementation project ${quote(project)} is not well formed: it is the name of the project's subdirectory (letters, ` +
      `digits, '.', '-', '_').`,
  };
  if (!VERSION.test(version)) return {
    message: `implementation version ${quote(version)} is not well formed: use a version such as "1.0.0" (letters, digits, '.', '-', ` +
      `'_', '+').`,
  };
  return undefined;
}
