import { parseConfig } from '../config';
import { defineRule } from '../rule';

/**
 * Problems in umsg.config.json itself: the rule set of the `umsg-config` language, so the
 * server and the command line check the config file like any other file (no special branch).
 */
export default defineRule({
  id: 'config',
  description: 'umsg.config.json is valid: known channels and rules, each set to a severity or off.',
  defaultSeverity: 'error',
  languages: ['umsg-config'],
  check(ctx) {
    for (const f of parseConfig(ctx.doc.text, ctx.ruleIds ?? []).findings) {
      const { rule: _rule, ...finding } = f;
      ctx.report(finding);
    }
  },
});
