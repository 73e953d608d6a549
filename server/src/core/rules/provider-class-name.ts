import { replaceWith } from '../findings/metaHelpers';
import { classNameProblem, providerOf } from '../model/provider';
import { defineRule } from '../findings/rule';
import { describeKind, plainString } from '../model/values';

/**
 * Spec, "Native provider": the provider class name is the fully qualified name of the class
 * that implements the service interface: dotted identifiers with at least one package.
 */
export default defineRule({
  id: 'provider-class-name',
  description: 'providerClassName is a fully qualified class name (package.Class).',
  defaultSeverity: 'error',
  languages: ['native-provider'],
  check({ doc, report }) {
    const prop = providerOf(doc)?.props.get('providerClassName');
    const v = prop?.valueNode;
    if (!v || doc.valueTemplate(v)) return;
    if (v.type !== 'string') {
      report({ message: `providerClassName must be a string, found ${describeKind(v)}.`, offset: v.offset, length: v.length });
      return;
    }
    const value = plainString(doc, prop);
    const problem = value === undefined ? undefined : classNameProblem(value);
    if (!problem) return;
    report({
      message: problem.message,
      offset: v.offset,
      length: v.length,
      fixes: problem.fixed ? [replaceWith(v, problem.fixed, true)] : undefined,
    });
  },
});
