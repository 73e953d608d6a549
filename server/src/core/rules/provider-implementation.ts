import { replaceWith } from '../findings/metaHelpers';
import { implementationProblem, providerOf } from '../model/provider';
import { defineRule } from '../findings/rule';
import { describeKind, plainString } from '../model/values';

/**
 * Spec, "Implementation string": `<group>:<project>:<version>`, group and version as in the
 * implementation project's build file, project the name of its subdirectory. The message
 * names the part that is missing or malformed.
 */
export default defineRule({
  id: 'provider-implementation',
  description: 'implementation is <group>:<project>:<version>, each part present and well formed.',
  defaultSeverity: 'error',
  languages: ['native-provider'],
  check({ doc, report }) {
    const prop = providerOf(doc)?.props.get('implementation');
    const v = prop?.valueNode;
    if (!v || doc.valueTemplate(v)) return;
    if (v.type !== 'string') {
      report({
        message: `implementation must be a string <group>:<project>:<version>, found ${describeKind(v)}.`,
        offset: v.offset,
        length: v.length,
      });
      return;
    }
    const value = plainString(doc, prop);
    const problem = value === undefined ? undefined : implementationProblem(value);
    if (!problem) return;
    report({
      message: problem.message,
      offset: v.offset,
      length: v.length,
      fixes: problem.fixed ? [replaceWith(v, problem.fixed, true)] : undefined,
    });
  },
});
