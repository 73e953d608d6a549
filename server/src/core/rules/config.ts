import { CHANNEL_IDS, CHANNEL_NAMES, isChannelId, type ChannelId } from '../channels';
import { DEFAULT_MAX_FILE_SIZE, isValidMaxFileSize, parseSeverity, type UmsgConfig } from '../findings/config';
import { defineRule, type Finding } from '../findings/rule';
import type { Severity, SeverityOrOff } from '../findings/types';
import { parseJsonDocument, type Node } from '../syntax/jsonDocument';
import { propertyNode } from '../syntax/nodes';
import { suggest } from '../util/didYouMean';
import { syntaxMessage } from './syntax';

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

export interface ConfigParseResult {
  config: UmsgConfig;
  findings: Finding[];
}

const SEVERITY_HELP = 'use "error", "warning", "information", "hint" or "off"';

/**
 * Parses the text of `umsg.config.json`. `ruleIds` are the known rule ids (for "did you mean").
 * Findings use the rule id `config`.
 */
export function parseConfig(text: string, ruleIds: readonly string[]): ConfigParseResult {
  const findings: Finding[] = [];
  const config: UmsgConfig = { channels: {}, rules: {} };
  const doc = parseJsonDocument(text);
  const report = (node: { offset: number; length: number }, message: string, severity: Severity = 'error') =>
    findings.push({ rule: 'config', message, offset: node.offset, length: node.length, severity });
  // The syntax rule's words, but a config file is not rendered: its own reason for a trailing comma.
  for (const s of doc.syntax) report(s, s.kind === 'trailing-comma'
    ? "Trailing comma: JSON does not allow it, remove this ','."
    : syntaxMessage(s));
  const root = doc.root;
  if (!root) return { config, findings };
  if (root.type !== 'object') {
    report(
      { offset: root.offset, length: root.type === 'array' ? 1 : root.length },
      'umsg.config.json must hold an object: { "channels": {...}, "rules": {...} }.',
    );
    return { config, findings };
  }
  for (const p of root.children ?? []) {
    const key = p.children?.[0];
    const value = p.children?.[1];
    if (!key) continue;
    const name = String(key.value);
    if (name === '$schema') continue;
    if (name === 'channels') readSeverityMap(value, 'channels', CHANNEL_IDS, (k, sev) => { config.channels[k as ChannelId] = sev; });
    else if (name === 'rules') readSeverityMap(value, 'rules', ruleIds, (k, sev) => { config.rules[k] = sev; });
    else if (name === 'maxFileSize') {
      if (value && value.type === 'number' && isValidMaxFileSize(value.value)) config.maxFileSize = value.value;
      else if (value) report(
        value,
        `maxFileSize must be a whole number of characters, 1 or more (the default is ${DEFAULT_MAX_FILE_SIZE}).`,
      );
    } else if (name === 'root') {
      if (value && value.type === 'boolean') config.root = value.value === true;
      else if (value) report(value, 'root must be true or false.');
    } else {
      const s = suggest(name, ['channels', 'rules', 'maxFileSize', 'root']);
      // An error, not a warning: a misspelled setting is ignored, so what it meant to change silently does not.
      report(
        key,
        `Unknown setting "${name}"${s ? `: did you mean "${s}"?` : ': known settings are channels, rules, maxFileSize and root.'}`,
      );
    }
  }
  if (!propertyNode(root, 'channels') && !propertyNode(root, 'rules') && (root.children?.length ?? 0) === 0) {
    // An empty object is fine: defaults everywhere.
  }
  return { config, findings };

  function readSeverityMap(
    value: Node | undefined,
    what: 'channels' | 'rules',
    known: readonly string[],
    set: (key: string, sev: SeverityOrOff) => void,
  ) {
    if (!value) return;
    if (value.type !== 'object') {
      report(value, what === 'channels'
        ? `channels must be an object such as { "messenger": "error", "whatsapp": "off" }.`
        : `rules must be an object such as { "phone-number": "error" }.`);
      return;
    }
    for (const p of value.children ?? []) {
      const key = p.children?.[0];
      const v = p.children?.[1];
      if (!key) continue;
      const k = String(key.value);
      if (!known.includes(k)) {
        const s = suggest(k, known);
        const list = what === 'channels'
          ? `known channels: ${CHANNEL_IDS.map((c) => `${c} (${CHANNEL_NAMES[c]})`).join(', ')}`
          : 'see docs/rules for the rule ids';
        report(key, `Unknown ${what === 'channels' ? 'channel' : 'rule'} "${k}"${s ? `: did you mean "${s}"?` : `: ${list}.`}`);
        continue;
      }
      const sev = v ? parseSeverity(v.value) : undefined;
      if (!v || sev === undefined || (v.type !== 'string' && v.type !== 'number')) {
        report(v ?? key, `Severity of "${k}" is not valid: ${SEVERITY_HELP}.`);
        continue;
      }
      if (what === 'channels' && !isChannelId(k)) continue;
      set(k, sev);
    }
  }
}
