/**
 * The project file `umsg.config.json`: target channels and rule
 * severities, read alike by the language server and the command line. A broken file is
 * reported in that file and never stops the checks: what can be read is used, the rest
 * falls back to the defaults.
 */
import { CHANNEL_IDS, CHANNELS, type ChannelId } from '../channels';
import type { ResolvedConfig, SeverityOrOff } from './types';

export const DEFAULT_MAX_FILE_SIZE = 5_000_000;

export interface UmsgConfig {
  channels: Partial<Record<ChannelId, SeverityOrOff>>;
  rules: Record<string, SeverityOrOff>;
  maxFileSize?: number;
  /** This folder is the project root: the lookup never goes above it (as ESLint's `root`). */
  root?: boolean;
}

export type { ResolvedConfig } from './types';

export const DEFAULT_CONFIG: ResolvedConfig = {
  // Each channel's own default: the specification's three are warnings, RCS is off.
  channels: Object.fromEntries(CHANNEL_IDS.map((c) => [c, CHANNELS[c].defaultSeverity])) as Record<ChannelId, SeverityOrOff>,
  rules: {},
  maxFileSize: DEFAULT_MAX_FILE_SIZE,
};

const SEVERITY_WORDS: Record<string, SeverityOrOff> = {
  error: 'error',
  warning: 'warning',
  warn: 'warning',
  information: 'information',
  info: 'information',
  hint: 'hint',
  off: 'off',
};

/** Reads a severity word (also ESLint's 0, 1, 2). Undefined when it is none. */
export function parseSeverity(value: unknown): SeverityOrOff | undefined {
  if (typeof value === 'number') return value === 0 ? 'off' : value === 1 ? 'warning' : value === 2 ? 'error' : undefined;
  if (typeof value !== 'string') return undefined;
  return SEVERITY_WORDS[value.trim().toLowerCase()];
}

/**
 * A usable maxFileSize: a whole number of characters, 1 or more. Anything else (0, 1e-300,
 * NaN, Infinity, a string) would check nothing, or everything, without saying so.
 */
export function isValidMaxFileSize(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

/** Combines: built-in defaults, then `base` (editor settings, used only where no file exists), then the file. */
export function resolveConfig(file: UmsgConfig | undefined, settings?: Partial<UmsgConfig>): ResolvedConfig {
  const layer = file ?? settings;
  return {
    channels: { ...DEFAULT_CONFIG.channels, ...(layer?.channels ?? {}) },
    rules: { ...(layer?.rules ?? {}) },
    // Editor settings reach here unvalidated: an unusable value falls back to the default.
    maxFileSize: isValidMaxFileSize(layer?.maxFileSize) ? layer.maxFileSize : DEFAULT_MAX_FILE_SIZE,
  };
}

/**
 * The config a channel-specific message NAME.<channel>.umsg is shown with: every other
 * channel off, so that hover's channel table, the length hints, the channel summary and the
 * preview show that channel alone (its own severity, `off` included, is kept).
 */
export function configForChannel(config: ResolvedConfig, channel: ChannelId): ResolvedConfig {
  const channels = { ...config.channels };
  for (const c of CHANNEL_IDS) if (c !== channel) channels[c] = 'off';
  return { ...config, channels };
}
