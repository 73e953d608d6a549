import { defineRule } from '../rule';

/** Problems in umsg.config.json itself, reported in that file (raised by parseConfig in config.ts). */
export default defineRule({
  id: 'config',
  description: 'umsg.config.json is valid: known channels and rules, each set to a severity or off.',
  defaultSeverity: 'error',
  languages: [],
  check() { /* reported by parseConfig */ },
});
