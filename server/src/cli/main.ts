/**
 * The command line: `umsg check [paths...]` runs the language server's checks over files,
 * with the same core and the same umsg.config.json, so that the editor and CI agree.
 * Exit codes: 0 without errors, 1 with errors, 2 on bad usage or unreadable input.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { CHANNEL_IDS, createLanguageService, isChannelId, languageOf, resolveConfig, type Diagnostic, type LanguageId } from '../core';
import { messageContext, parseSample } from '../messageContext';
import { lineColumn } from './formatters';
import { configForFile } from '../configLookup';
import { formatJson, formatStylish, type FileReport } from './formatters';

export const USAGE = `Usage:
  umsg check [paths...] [--format stylish|json] [--max-warnings N] [--quiet]
      Checks *.umsg, *.configmeta.json and *.provider.json files (folders recursively;
      default: the current folder). umsg.config.json is found by walking up from each file.
      --format json prints ESLint's json formatter shape.
  umsg render FILE [--data FILE] [--channel messenger|gbm|whatsapp]
      Prints the message rendered with its sample data (FILE's NAME.sample.json, or --data)
      as strict JSON: comments and markers removed, the dynamic list expanded. With
      --channel, prints what that channel receives. Templates that cannot be evaluated stay
      as written and are listed on standard error.
  umsg --help | --version

Exit codes: 0 no errors, 1 errors found (or more warnings than --max-warnings), 2 bad usage,
unreadable input or no file to check.`;

export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
}

class UsageError extends Error {}

interface CheckArgs {
  paths: string[];
  format: 'stylish' | 'json';
  maxWarnings: number | undefined;
  quiet: boolean;
}

/** Walks command-line arguments; `value(name)` reads an option's value, as `--x=v` or `--x v`. */
function forEachArg(args: string[], handle: (arg: string, value: (name: string) => string) => void): void {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    handle(a, (name) => {
      const eq = a.indexOf('=');
      if (eq >= 0) return a.slice(eq + 1);
      const v = args[++i];
      if (v === undefined) throw new UsageError(`${name} needs a value.`);
      return v;
    });
  }
}

function parseCheckArgs(args: string[]): CheckArgs {
  const out: CheckArgs = { paths: [], format: 'stylish', maxWarnings: undefined, quiet: false };
  forEachArg(args, (a, value) => {
    if (a === '--format' || a.startsWith('--format=') || a === '-f') {
      const f = value('--format');
      if (f !== 'stylish' && f !== 'json') throw new UsageError(`Unknown format "${f}": use stylish or json.`);
      out.format = f;
    } else if (a === '--max-warnings' || a.startsWith('--max-warnings=')) {
      const n = Number(value('--max-warnings'));
      if (!Number.isInteger(n) || n < 0) throw new UsageError('--max-warnings needs a whole number of 0 or more.');
      out.maxWarnings = n;
    } else if (a === '--quiet' || a === '-q') {
      out.quiet = true;
    } else if (a.startsWith('-')) {
      throw new UsageError(`Unknown option "${a}".`);
    } else {
      out.paths.push(a);
    }
  });
  if (out.paths.length === 0) out.paths.push('.');
  return out;
}

/** The languages `umsg check` collects (umsg.config.json is checked as the config of the files it governs). */
function languageOfPath(p: string): Exclude<LanguageId, 'umsg-config'> | undefined {
  const language = languageOf(p);
  return language === 'umsg-config' ? undefined : language;
}

/** The language service of one run; `onRuleError` names the file being checked. */
function serviceFor(onRuleError?: (rule: string, error: unknown) => void) {
  return createLanguageService({ onRuleError, yieldToHost: () => new Promise((resolve) => { setImmediate(resolve); }) });
}

const SKIP_DIRS = new Set(['node_modules', '.git', '.vscode-test', 'dist', 'out']);

/** Known files under `p` (recursively for folders), sorted; throws when `p` cannot be read. */
async function collectFiles(p: string, explicit: boolean): Promise<string[]> {
  let s;
  try {
    s = await stat(p);
  } catch {
    throw new InputError(`Cannot read "${p}": no such file or folder.`);
  }
  if (s.isFile()) {
    if (explicit && !languageOfPath(p)) {
      throw new InputError(`"${p}" is not a file umsg checks: expected *.umsg, *.configmeta.json or *.provider.json.`);
    }
    return languageOfPath(p) ? [p] : [];
  }
  if (!s.isDirectory()) return [];
  const out: string[] = [];
  const entries = await readdir(p, { withFileTypes: true });
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory() && SKIP_DIRS.has(e.name)) continue;
    const child = path.join(p, e.name);
    if (e.isDirectory()) out.push(...(await collectFiles(child, false)));
    else if (e.isFile() && languageOfPath(e.name)) out.push(child);
  }
  return out;
}

class InputError extends Error {}

/**
 * The text of a file, without a byte order mark (editors hide it and the language server never
 * sees it, so the command line must not report it as a syntax error; ESLint strips it too).
 */
async function readText(filePath: string): Promise<string | undefined> {
  try {
    const text = await readFile(filePath, 'utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return undefined;
  }
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      (command === undefined ? io.stderr : io.stdout)(USAGE + '\n');
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-v') {
      io.stdout('umsg 0.1.0\n');
      return 0;
    }
    if (command === 'render') {
      if (rest.includes('--help') || rest.includes('-h')) {
        io.stdout(USAGE + '\n');
        return 0;
      }
      return await render(parseRenderArgs(rest), io);
    }
    if (command === 'check') {
      if (rest.includes('--help') || rest.includes('-h')) {
        io.stdout(USAGE + '\n');
        return 0;
      }
      return await check(parseCheckArgs(rest), io);
    }
    throw new UsageError(`Unknown command "${command}".`);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`umsg: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof InputError) {
      io.stderr(`umsg: ${error.message}\n`);
      return 2;
    }
    io.stderr(`umsg: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    return 2;
  }
}

async function check(args: CheckArgs, io: CliIO): Promise<number> {
  const files: string[] = [];
  for (const p of args.paths) files.push(...(await collectFiles(path.resolve(io.cwd, p), true)));
  const unique = [...new Set(files)];
  // As ESLint does: checking nothing is a mistake (a path with a typo), not a pass.
  if (unique.length === 0) {
    throw new InputError(`No *.umsg, *.configmeta.json or *.provider.json files under ${args.paths.map((p) => `"${p}"`).join(', ')}.`);
  }
  const reports: FileReport[] = [];
  const configReports = new Map<string, FileReport>();
  for (const file of unique) {
    const text = await readText(file);
    if (text === undefined) throw new InputError(`Cannot read "${file}".`);
    const language = languageOfPath(file)!;
    const found = await configForFile(file, readText);
    if (found.configPath && !configReports.has(found.configPath)) {
      // The config file is checked by its own rule set (language umsg-config), as in the editor.
      const configText = (await readText(found.configPath)) ?? '';
      const service = serviceFor();
      const configCheck = await service.check(service.open(configText, 'umsg-config'), { config: resolveConfig(undefined) });
      configReports.set(found.configPath, { filePath: found.configPath, text: configText, diagnostics: configCheck.diagnostics });
    }
    // Sample data and channel-specific siblings, read as the language server reads them.
    const related = language === 'universal-message' ? await messageContext(file, readText) : undefined;
    const service = serviceFor((rule, error) => io.stderr(`umsg: rule ${rule} failed on ${file}: ${String(error)}\n`));
    const result = await service.check(service.open(text, language, found.config), {
      sample: related?.sample,
      sampleProblem: related?.sampleProblem,
      channelSpecific: related?.channelSpecific,
      overriddenChannels: related?.overriddenChannels,
      config: found.config,
    });
    reports.push({ filePath: file, text, diagnostics: result.diagnostics });
  }
  const all = [...[...configReports.values()].filter((r) => r.diagnostics.length > 0), ...reports];
  const shown = args.quiet ? all.map((r) => ({ ...r, diagnostics: r.diagnostics.filter((d: Diagnostic) => d.severity === 'error') })) : all;
  io.stdout(args.format === 'json' ? formatJson(shown) + '\n' : formatStylish(shown, io.cwd, unique.length));
  const errors = all.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'error').length, 0);
  const warnings = all.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'warning').length, 0);
  if (errors > 0) return 1;
  // As in ESLint, --quiet leaves warnings out entirely: they are neither shown nor counted.
  if (!args.quiet && args.maxWarnings !== undefined && warnings > args.maxWarnings) {
    io.stderr(`umsg: ${warnings} warnings, more than --max-warnings ${args.maxWarnings}.\n`);
    return 1;
  }
  return 0;
}

interface RenderArgs {
  file: string;
  data: string | undefined;
  channel: string | undefined;
}

function parseRenderArgs(args: string[]): RenderArgs {
  let file: string | undefined;
  let data: string | undefined;
  let channel: string | undefined;
  forEachArg(args, (a, value) => {
    if (a === '--data' || a.startsWith('--data=')) data = value('--data');
    else if (a === '--channel' || a.startsWith('--channel=')) {
      channel = value('--channel');
      if (!isChannelId(channel)) throw new UsageError(`Unknown channel "${channel}": use ${CHANNEL_IDS.join(', ')}.`);
    } else if (a.startsWith('-')) throw new UsageError(`Unknown option "${a}".`);
    else if (file === undefined) file = a;
    else throw new UsageError('render takes one message file.');
  });
  if (!file) throw new UsageError('render needs a message file, e.g. umsg render cards/menu.umsg.');
  return { file, data, channel };
}

/**
 * `umsg render FILE [--data FILE] [--channel ID]`: the message rendered with its sample data
 * (NAME.sample.json unless --data names another file) as strict JSON, or what a channel gets.
 */
async function render(args: RenderArgs, io: CliIO): Promise<number> {
  const file = path.resolve(io.cwd, args.file);
  if (!file.endsWith('.umsg')) throw new InputError(`"${args.file}" is not a universal message: expected a *.umsg file.`);
  const text = await readText(file);
  if (text === undefined) throw new InputError(`Cannot read "${args.file}".`);
  let sample;
  if (args.data !== undefined) {
    const dataText = await readText(path.resolve(io.cwd, args.data));
    if (dataText === undefined) throw new InputError(`Cannot read the data file "${args.data}".`);
    const parsed = parseSample(dataText, args.data);
    if (!parsed.sample) throw new InputError(parsed.problem!);
    sample = parsed.sample;
  } else {
    const related = await messageContext(file, readText);
    if (related.sampleProblem) io.stderr(`umsg: ${related.sampleProblem}\n`);
    sample = related.sample;
  }
  const service = serviceFor();
  const channel = args.channel && isChannelId(args.channel) ? args.channel : undefined;
  const result = channel ? service.payload(text, channel, { sample }) : service.render(text, { sample });
  const broken = result.findings.filter((f) => f.rule === 'syntax');
  if (broken.length > 0) {
    const first = broken[0];
    const at = lineColumn(text, first.offset);
    io.stderr(`umsg: ${args.file}:${at.line}:${at.column}: ${first.message}\numsg: the message cannot be rendered until its syntax is fixed (umsg check ${args.file} lists every problem).\n`);
    return 1;
  }
  for (const u of result.notes) {
    const at = lineColumn(text, u.offset);
    io.stderr(`umsg: ${args.file}:${at.line}:${at.column}: \${${u.expression}} was not evaluated: ${u.reason}.\n`);
  }
  if (result.value === undefined) {
    io.stderr(`umsg: ${result.findings.map((f) => f.message).join('\n')}\n`);
    return 1;
  }
  io.stdout(JSON.stringify(result.value, null, 2) + '\n');
  return 0;
}

if (require.main === module) {
  // `umsg check | head`: a reader that stops early is no reason for a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  runCli(process.argv.slice(2), {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    cwd: process.cwd(),
  }).then((code) => { process.exitCode = code; });
}
