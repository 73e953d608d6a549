import { defineRule, type FixData } from '../findings/rule';
import { implementationParts, shortLocation, shortPath, type BuildValue, type ProviderProjectFacts } from '../model/providerProject';
import { jsonString } from '../model/values';
import { quote } from '../util/messageQuote';

/**
 * Spec, "Implementation string": group and version are normally the group and version entries
 * in the implementation project's build file. Compared with what the subproject's build file
 * sets (or the root build's `allprojects`/`subprojects`); a value an expression computes is not
 * compared. A build that sets neither is a warning: Gradle then publishes no such coordinates.
 */
/** A value as the implementation string allows it, which needs no escape in a Groovy or Kotlin string. */
const PLAIN_VALUE = /^[\w.+-]+$/;

/**
 * The other side: the descriptor's value written into the build file, in the quotes it uses.
 * Only for a plain quoted literal on one line (`'x'`, `"x"`), whose text is its value in quotes.
 */
function buildFileFix(facts: ProviderProjectFacts, part: string, set: BuildValue, value: string): FixData[] {
  const q = set.written[0];
  if ((q !== '"' && q !== "'") || set.written.length !== (set.value ?? '').length + 2 || !PLAIN_VALUE.test(value)) return [];
  const title = `Set the ${part} to ${quote(value)} in ${shortPath(facts, set.at.file)}`;
  return [{ kind: 'other-file', at: set.at, text: `${q}${value}${q}`, title }];
}

export default defineRule({
  id: 'provider-build',
  description: 'The implementation\'s group and version are the ones the subproject\'s build file sets.',
  defaultSeverity: 'error',
  languages: ['native-provider'],
  check({ doc, providerProject: facts, report }) {
    const project = facts?.found ? facts.project : undefined;
    const parts = implementationParts(doc);
    if (!facts || !project || !parts) return;
    const where = project.buildFile ? shortPath(facts, project.buildFile) : `${shortPath(facts, project.dir)} (no build file)`;
    for (const part of ['group', 'version'] as const) {
      const written = parts[part];
      const set: BuildValue | undefined = project[part];
      if (!set) {
        report({
          message: `${where} sets no ${part}, so the implementation's ${part} ${quote(written)} is not the build's: ` +
            `set ${part} ${quote(written)} in the build file.`,
          severity: 'warning',
          ...parts.ranges[part],
        });
        continue;
      }
      if (set.value === undefined || set.value === written) continue;
      // The part alone when the string has no escape (the group and version fixes then apply together), else the whole value.
      const range = parts.ranges[part];
      const whole = range.offset === parts.node.offset;
      const fixed = part === 'group' ? `${set.value}:${parts.project}:${parts.version}` : `${parts.group}:${parts.project}:${set.value}`;
      const fix: FixData = {
        kind: 'replace',
        ...range,
        text: whole ? jsonString(fixed) : jsonString(set.value).slice(1, -1),
        title: `Change the ${part} to ${quote(set.value)}, as ${shortPath(facts, set.at.file)} sets it`,
        preferred: true,
      };
      const inherited = set.from === 'project' ? '' : ` (in ${set.from})`;
      report({
        message: `implementation ${part} ${quote(written)} differs from the ${part} ${quote(set.value)} that ` +
          `${shortLocation(facts, set.at)} sets${inherited}.`,
        ...parts.ranges[part],
        fixes: [fix, ...buildFileFix(facts, part, set, written)],
      });
    }
  },
});
