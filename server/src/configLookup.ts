/**
 * Finds and reads the umsg.config.json that governs a file, by walking up from its folder
 * (DESIGN: Configuration). Shared by the language server and the command line; file access
 * comes from the caller so that this stays testable.
 */
import * as path from 'node:path';
import { CONFIG_FILE_NAME, RULE_IDS, parseConfig, resolveConfig, type ConfigParseResult, type ResolvedConfig, type UmsgConfig } from './core';

export type ReadText = (filePath: string) => Promise<string | undefined>;

export interface ConfigForFile {
  config: ResolvedConfig;
  /** The config file that applies, if one was found. */
  configPath: string | undefined;
  /** Problems in that file (reported in the file itself, never blocking the checks). */
  parsed: ConfigParseResult | undefined;
}

export { RULE_IDS };

/** Walks up from `dir` to the file system root; returns the first config file found. */
export async function findConfigFile(dir: string, exists: (p: string) => Promise<boolean>): Promise<string | undefined> {
  let current = path.resolve(dir);
  for (;;) {
    const candidate = path.join(current, CONFIG_FILE_NAME);
    if (await exists(candidate)) return candidate;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** Resolves the configuration for `filePath`; `settings` apply only when no file exists. */
export async function configForFile(filePath: string, readText: ReadText, settings?: Partial<UmsgConfig>): Promise<ConfigForFile> {
  const texts = new Map<string, string | undefined>();
  const read = async (p: string) => {
    if (!texts.has(p)) texts.set(p, await readText(p));
    return texts.get(p);
  };
  const configPath = await findConfigFile(path.dirname(filePath), async (p) => (await read(p)) !== undefined);
  if (!configPath) return { config: resolveConfig(undefined, settings), configPath: undefined, parsed: undefined };
  const parsed = parseConfig((await read(configPath)) ?? '', RULE_IDS);
  return { config: resolveConfig(parsed.config), configPath, parsed };
}
