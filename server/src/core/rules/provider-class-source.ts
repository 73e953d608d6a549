import { defineRule } from '../findings/rule';
import { providerOf } from '../model/provider';
import { shortPath } from '../model/providerProject';
import { plainString } from '../model/values';
import { quote } from '../util/messageQuote';

/**
 * Spec, "Native provider": the provider class name is the fully qualified name of the class
 * that implements the service interface, and a platform-hosted provider needs its source. When
 * the implementation's subproject is found, the class must be declared in its Kotlin or Java
 * sources: an error for a hosted provider, a warning for a private one (its source may live
 * elsewhere).
 */
export default defineRule({
  id: 'provider-class-source',
  description: 'providerClassName names a class declared in the implementation subproject\'s sources.',
  defaultSeverity: 'error',
  languages: ['native-provider'],
  check({ doc, providerProject: facts, report }) {
    const project = facts?.found ? facts.project : undefined;
    const provider = providerOf(doc);
    const prop = provider?.props.get('providerClassName');
    const name = plainString(doc, prop);
    if (!facts || !project || !prop?.valueNode || name === undefined || !name.includes('.')) return;
    if (project.classes.some((c) => c.qualifiedName === name)) return;
    const simple = name.slice(name.lastIndexOf('.') + 1);
    const elsewhere = project.classes.filter((c) => c.name === simple).map((c) => c.qualifiedName);
    const hint = elsewhere.length > 0
      ? ` A class ${quote(simple)} is declared as ${elsewhere.slice(0, 3).map((q) => quote(q)).join(', ')}.`
      : '';
    const hosted = plainString(doc, provider?.props.get('deployMode')) !== 'private';
    report({
      message: `providerClassName ${quote(name)} is not declared in the sources of ${shortPath(facts, project.dir)}` +
        (hosted ? ': a hosted provider needs its source there.' : '.') + hint,
      severity: hosted ? undefined : 'warning',
      offset: prop.valueNode.offset,
      length: prop.valueNode.length,
      fixes: elsewhere.length === 1
        ? [{ kind: 'replace', offset: prop.valueNode.offset, length: prop.valueNode.length, text: JSON.stringify(elsewhere[0]),
          title: `Change to ${quote(elsewhere[0])}`, preferred: true }]
        : undefined,
    });
  },
});
