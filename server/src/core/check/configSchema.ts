/** The JSON Schema of umsg.config.json, generated from the channels and the rule catalogue. */
import { CHANNEL_IDS, CHANNEL_NAMES } from '../channels';
import { ALL_RULES } from '../rules';

const SEVERITY = { enum: ['error', 'warning', 'information', 'hint', 'off'] };

export function configSchema(): object {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'umsg.config.json',
    description: 'Target channels and rule severities for universal message checks, read by the editor and by `umsg check` alike.',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      channels: {
        type: 'object',
        description: 'Severity of each channel\'s findings, or off to not target the channel. Default: warning for all three.',
        properties: Object.fromEntries(CHANNEL_IDS.map((c) => [c, { ...SEVERITY, description: CHANNEL_NAMES[c] }])),
        additionalProperties: false,
      },
      rules: {
        type: 'object',
        description: 'Severity of a rule, or off. See docs/rules/<rule-id>.md.',
        properties: Object.fromEntries(ALL_RULES.filter((r) => r.id !== 'config').map((r) => [r.id, {
          ...SEVERITY,
          description: `${r.description} Default: ${r.defaultSeverity}.`,
        }])),
        additionalProperties: false,
      },
      maxFileSize: {
        type: 'integer',
        minimum: 1,
        description: 'Files longer than this many characters are not checked: a whole number, 1 or more (default 5,000,000).',
      },
      root: {
        type: 'boolean',
        description: 'This folder is the project root: umsg.config.json files in folders above it are never used. ' +
          'A folder with .git (and, in the editor, a workspace folder) is a root too.',
      },
    },
    additionalProperties: false,
  };
}
