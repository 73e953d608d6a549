import { defineRule } from '../findings/rule';
import { implementationParts, shortPath } from '../model/providerProject';
import { quote } from '../util/messageQuote';

/** How many project names a message lists before "and N more". */
const LISTED = 20;
/** How many unreadable files are reported. */
const MAX_PROBLEMS = 3;

/**
 * Spec, "Implementation string": project is the name of the implementation project's
 * subdirectory. When a Gradle build is found at or above the descriptor, that subproject must
 * be one its settings file includes; the message lists the ones it does.
 */
export default defineRule({
  id: 'provider-project',
  description: 'The implementation\'s project is a subproject of the nearest Gradle build.',
  defaultSeverity: 'warning',
  languages: ['native-provider'],
  check({ doc, providerProject: facts, report }) {
    const parts = implementationParts(doc);
    if (!facts?.found || !parts) return;
    // A file of the project that could not be read or parsed: the checks went on without it.
    for (const problem of facts.problems.slice(0, MAX_PROBLEMS)) {
      report({ message: `The Gradle project was read in part: ${problem}.`, severity: 'information', ...parts.ranges.project });
    }
    if (facts.project) return;
    const listed = facts.projects.slice(0, LISTED).map((p) => quote(p)).join(', ');
    const more = facts.projects.length > LISTED ? ` and ${facts.projects.length - LISTED} more` : '';
    const settings = shortPath(facts, facts.settingsFile);
    report({
      message: `implementation project ${quote(parts.project)} is not in the Gradle build (${settings}): ` +
        (facts.projects.length === 0 ? `${settings} includes no project.` : `it includes ${listed}${more}.`),
      ...parts.ranges.project,
    });
  },
});
