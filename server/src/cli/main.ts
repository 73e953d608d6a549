/**
 * The command line: `umsg check [paths...]` runs the language server's checks over files,
 * with the same core and the same umsg.config.json, so that the editor and CI agree.
 * Exit codes: 0 without errors, 1 with errors, 2 on bad usage or unreadable input.
 */
import { readdir, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { CHANNEL_IDS, CHANNEL_NAMES, channelOfPath, isChannelId, renderForChannel, resolveConfig, type Diagnostic } from '../core';
import { messageContext, parseSample } from '../workspace/messageContext';
import { lineColumn } from './report/stylish';
import { ConfigLookup, type ConfigForFile } from '../workspace/configLookup';
import { describeError, FolderListings, realPathOf } from '../node/files';
import { countFinding, jsonWriter, locate, printable, stylishColor, stylishWriter, type LocatedFinding, type LocatedReport } from './report/stylish';
import { FileChecker, languageOfPath, messageByteLimit, READ_CONCURRENCY, readText, serviceFor, type FileOutcome } from './checkFiles';
import { githubWriter } from './report/github';
import { packageInfo } from './packageInfo';
import { sarifWriter, type ToolNotification } from './report/sarif';
import { checkInWorkers, isCheckWorker, jobsFor, serveCheckWorker, WorkerFailure } from './checkThreads';

const USAGE = `Usage:
  umsg check [paths...] [--format stylish|json|sarif|github] [--max-warnings N] [--quiet]
             [--jobs N]
      Checks *.umsg, *.configmeta.json and *.provider.json files (folders recursively,
      following links once; default: the current folder). umsg.config.json is found by
      walking up from each file, never above the project root (a folder with .git, or a
      config with "root": true). --format json prints ESLint's json formatter shape; sarif
      a SARIF 2.1.0 log (for code scanning; files that cannot be read are listed in it);
      github GitHub Actions workflow commands, which annotate the lines of a pull request.
      Many files are checked on several threads (one per idle core, at most 8, from 8,000
      files on); --jobs N sets the number, --jobs 1 checks in one thread. The report is the
      same either way, written file by file as it is ready.
  umsg check --stdin --stdin-filename NAME.umsg [options]
      Checks text piped in as if it were at NAME.umsg (its config, sample and siblings
      are found from that path), for editors and hooks with unsaved text.
  umsg check --print-config FILE
      Prints which umsg.config.json applies to FILE, the project root and the resulting
      settings, as JSON.
  umsg render FILE [--data FILE] [--channel ${CHANNEL_IDS.join('|')}]
      Prints the message rendered with its sample data (FILE's NAME.sample.json, or --data)
      as strict JSON: comments and markers removed, the dynamic list expanded. With
      --channel, prints what that channel receives (its NAME.<channel>.umsg when there is
      one) and repeats on standard error the findings that explain what the channel does
      with the card. Templates that cannot be evaluated stay as written and are listed on
      standard error.
  umsg --help | --version

Exit codes: 0 no errors, 1 errors found (or more warnings than --max-warnings), 2 bad usage,
unreadable input or no file to check.`;

interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
  /** Standard input, for --stdin. */
  stdin?: AsyncIterable<Buffer | string>;
  /** Files prepared at once (tests compare 1, a sequential run, with the default). */
  readConcurrency?: number;
  /** The script worker threads run: this bundle by default (tests give one that fails). */
  workerScript?: string;
  /** True once standard output cannot be written (the reader stopped): the check stops too. */
  outputClosed?: () => boolean;
}

class UsageError extends Error {}

/** Standard output is gone (`umsg check | head`): nobody reads the rest, so it is not checked. */
class OutputClosed extends Error {}

const FORMATS = ['stylish', 'json', 'sarif', 'github'] as const;
type Format = (typeof FORMATS)[number];

interface CheckArgs {
  paths: string[];
  format: Format;
  maxWarnings: number | undefined;
  quiet: boolean;
  stdin: boolean;
  stdinFilename: string | undefined;
  printConfig: string | undefined;
  /** Worker threads (--jobs); undefined: as many as pay for the files found. */
  jobs: number | undefined;
}

/** More threads than this is a typo, not a machine. */
const MAX_JOBS = 256;

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
  const out: CheckArgs = { paths: [], format: 'stylish', maxWarnings: undefined, quiet: false, stdin: false, stdinFilename: undefined, printConfig: undefined, jobs: undefined };
  forEachArg(args, (a, value) => {
    if (a === '--format' || a.startsWith('--format=') || a === '-f') {
      const f = value('--format');
      if (!(FORMATS as readonly string[]).includes(f)) throw new UsageError(`Unknown format "${f}": use ${FORMATS.join(', ')}.`);
      out.format = f as Format;
    } else if (a === '--max-warnings' || a.startsWith('--max-warnings=')) {
      const n = Number(value('--max-warnings'));
      if (!Number.isInteger(n) || n < 0) throw new UsageError('--max-warnings needs a whole number of 0 or more.');
      out.maxWarnings = n;
    } else if (a === '--jobs' || a.startsWith('--jobs=') || a === '-j') {
      const v = value('--jobs');
      const n = /^\d{1,4}$/.test(v) ? Number(v) : NaN;
      if (!(n >= 1 && n <= MAX_JOBS)) throw new UsageError(`--jobs needs a whole number from 1 to ${MAX_JOBS} (threads that check files; 1 checks them one after another), not "${v}".`);
      out.jobs = n;
    } else if (a === '--quiet' || a === '-q') {
      out.quiet = true;
    } else if (a === '--stdin') {
      out.stdin = true;
    } else if (a === '--stdin-filename' || a.startsWith('--stdin-filename=')) {
      out.stdinFilename = value('--stdin-filename');
    } else if (a === '--print-config' || a.startsWith('--print-config=')) {
      out.printConfig = value('--print-config');
    } else if (a.startsWith('-')) {
      throw new UsageError(`Unknown option "${a}".`);
    } else {
      out.paths.push(a);
    }
  });
  if (out.stdinFilename !== undefined && !out.stdin) throw new UsageError('--stdin-filename goes with --stdin.');
  if (out.stdin) {
    if (out.stdinFilename === undefined) throw new UsageError('--stdin needs --stdin-filename NAME.umsg: the path the text is checked as.');
    if (!languageOfPath(out.stdinFilename)) throw new UsageError(`--stdin-filename "${out.stdinFilename}" is not a file umsg checks: expected *.umsg, *.configmeta.json or *.provider.json.`);
    if (out.paths.length > 0) throw new UsageError('--stdin checks standard input only: give no paths.');
  }
  if (out.printConfig !== undefined && (out.stdin || out.paths.length > 0)) throw new UsageError('--print-config takes one file and nothing else to check.');
  if (out.paths.length === 0) out.paths.push('.');
  return out;
}

const SKIP_DIRS = new Set(['node_modules', '.git', '.vscode-test', 'dist', 'out']);

class InputError extends Error {}

/** A file to check: the path it is reported under and its real path (links resolved). */
interface Collected {
  file: string;
  real: string;
}

/**
 * Finds the files to check. Named paths that cannot be found stop the run (a typo must not
 * pass); what goes wrong inside a folder (an unreadable folder, a dangling link) is one line
 * in `problems` and the rest goes on (issue 13, item 21). Links inside folders are followed
 * once: every folder and file is taken once by its real path, so link loops end (item 22).
 */
/** A file or folder that could not be checked: one line on standard error, a notification in SARIF. */
interface Problem {
  line: string;
  file?: string;
}

/**
 * The order files are checked and reported in: localeCompare's, through one collator (the
 * same comparison, by the language's definition, at a fraction of the cost: sorting a folder
 * of 10,000 names took 5 to 29 ms with localeCompare, 1 ms with the collator). Made on first
 * use: making it loads ICU's collation data (about 9 ms), which a run over named files, a
 * worker thread and --stdin never need.
 */
let nameOrder: Intl.Collator | undefined;

/** `name` in the folder `dir` (already resolved, as readdir's names have no separators): path.join without normalising again. */
function inFolder(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

class FileCollector {
  readonly files: Collected[] = [];
  private readonly seenDirs = new Set<string>();
  private readonly seenFiles = new Set<string>();

  constructor(private readonly problems: Problem[], private readonly shown: (p: string) => string) {}

  async add(p: string): Promise<void> {
    let s;
    try {
      s = await stat(p);
    } catch (error) {
      throw new InputError(`Cannot read "${this.shown(p)}": ${describeError(error)}.`);
    }
    if (s.isDirectory()) {
      const real = await realPathOf(p);
      if (real === undefined) this.problems.push({ line: `Cannot read the folder "${this.shown(p)}": it cannot be resolved.`, file: p });
      else await this.walk(p, real);
      return;
    }
    if (!languageOfPath(p)) {
      throw new InputError(`"${p}" is not a file umsg checks: expected *.umsg, *.configmeta.json or *.provider.json.`);
    }
    // Not a regular file (a pipe, a device): taken, so that reading it says why it is refused.
    this.take(p, (await realPathOf(p)) ?? p);
  }

  private take(file: string, real: string): void {
    if (this.seenFiles.has(real)) return;
    this.seenFiles.add(real);
    this.files.push({ file, real });
  }

  private async walk(dir: string, realDir: string): Promise<void> {
    if (this.seenDirs.has(realDir)) return;
    this.seenDirs.add(realDir);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      this.problems.push({ line: `Cannot read the folder "${this.shown(dir)}": ${describeError(error)}.`, file: dir });
      return;
    }
    const order = (nameOrder ??= new Intl.Collator());
    for (const e of entries.sort((a, b) => order.compare(a.name, b.name))) {
      if (SKIP_DIRS.has(e.name)) continue;
      const child = inFolder(dir, e.name);
      if (e.isDirectory()) {
        await this.walk(child, inFolder(realDir, e.name));
      } else if (e.isSymbolicLink()) {
        let target;
        try {
          target = await stat(child);
        } catch (error) {
          // A dangling link or a link loop: worth a word only where a checked file was meant.
          if (languageOfPath(e.name)) this.problems.push({ line: `Cannot read "${this.shown(child)}": ${describeError(error)}.`, file: child });
          continue;
        }
        const real = await realPathOf(child);
        if (real === undefined) continue;
        if (target.isDirectory()) await this.walk(child, real);
        else if (languageOfPath(e.name)) this.take(child, real);
      } else if (languageOfPath(e.name)) {
        this.take(child, inFolder(realDir, e.name));
      }
    }
  }
}

/**
 * The findings --quiet shows: errors only. The finding that counts what the cap left out is
 * an error when errors were among them; it then counts those errors only, since --quiet
 * leaves warnings out of every count.
 */
function errorsOnly(findings: readonly LocatedFinding[]): LocatedFinding[] {
  const out: LocatedFinding[] = [];
  for (const f of findings) {
    if (f.severity !== 'error') continue;
    out.push(f.standsFor ? { ...f, standsFor: { error: f.standsFor.error } } : f);
  }
  return out;
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      (command === undefined ? io.stderr : io.stdout)(USAGE + '\n');
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-v') {
      io.stdout(`umsg ${packageInfo().version}\n`);
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
    // Whoever closed the output has been told already (or wanted no word: EPIPE).
    if (error instanceof OutputClosed) return 2;
    if (error instanceof UsageError) {
      io.stderr(`umsg: ${printable(error.message)}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof InputError || error instanceof WorkerFailure) {
      io.stderr(`umsg: ${printable(error.message)}\n`);
      return 2;
    }
    io.stderr(`umsg: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    return 2;
  }
}

/**
 * The report on standard output, written in parts: out at once when a part is large or some
 * time has passed, and whenever the run is about to wait for a worker, so that a reader (or
 * `| head`) sees each file soon after it is checked without one write per file.
 */
class Output {
  private buffered = '';
  private last = Date.now();
  constructor(private readonly sink: (s: string) => void) {}

  write(s: string): void {
    if (s === '') return;
    this.buffered += s;
    if (this.buffered.length >= 65_536 || Date.now() - this.last >= 100) this.flush();
  }

  flush(): void {
    this.last = Date.now();
    if (this.buffered === '') return;
    const s = this.buffered;
    this.buffered = '';
    this.sink(s);
  }
}

async function check(args: CheckArgs, io: CliIO): Promise<number> {
  const checker = new FileChecker(io.cwd);
  const configs = checker.configs;
  if (args.printConfig !== undefined) return printConfig(path.resolve(io.cwd, args.printConfig), configs, io);

  const problems: Problem[] = [];
  const shown = (p: string) => path.relative(io.cwd, p) || '.';
  let targets: Collected[];
  if (args.stdin) {
    const file = path.resolve(io.cwd, args.stdinFilename!);
    targets = [{ file, real: file }];
    const found = await configs.forFile(file);
    checker.stdinText = await readStdin(io, messageByteLimit(found.config.maxFileSize));
  } else {
    const collector = new FileCollector(problems, shown);
    for (const p of args.paths) await collector.add(path.resolve(io.cwd, p));
    targets = collector.files;
  }
  const report = (line: string) => io.stderr(`umsg: ${printable(line)}\n`);
  for (const p of problems) report(p.line);
  // As ESLint does: checking nothing is a mistake (a path with a typo), not a pass.
  if (targets.length === 0) {
    throw new InputError(`No *.umsg, *.configmeta.json or *.provider.json files under ${args.paths.map((p) => `"${p}"`).join(', ')}.`);
  }
  const files = targets.map((t) => t.file);
  // SARIF lists what stopped part of the check in the log itself (toolExecutionNotifications).
  const notifications: ToolNotification[] = problems.map((p) => ({ message: `${p.line} It was not checked.`, filePath: p.file }));
  const cannot = (file: string, line: string) => {
    problems.push({ line, file });
    notifications.push({ message: `${line} It was not checked.`, filePath: file });
    report(line);
  };

  const writer = args.format === 'sarif' ? sarifWriter({ cwd: io.cwd, tool: packageInfo(), notifications })
    : args.format === 'github' ? githubWriter(io.cwd)
      : args.format === 'json' ? jsonWriter()
        : stylishWriter(io.cwd, stylishColor());
  const out = new Output(io.stdout);
  const counts = { error: 0, warning: 0, information: 0, hint: 0 };
  const emit = (r: LocatedReport) => {
    for (const f of r.findings) countFinding(counts, f);
    out.write(writer.file(args.quiet ? { filePath: r.filePath, findings: errorsOnly(r.findings) } : r));
  };

  // The configs come first in the report, each once, in the order of the first file they govern:
  // looked up before any file is checked, so that the files' parts can be written as they come.
  const configDirs = new Set<string>();
  const configsSeen = new Set<string>();
  for (const file of files) {
    const dir = path.dirname(file);
    if (configDirs.has(dir)) continue;
    configDirs.add(dir);
    // A lookup that fails fails again for the file itself, which then says why it was not checked.
    const found = await configs.forFile(file).catch(() => undefined);
    if (!found?.configPath || configsSeen.has(found.configPath)) continue;
    configsSeen.add(found.configPath);
    const configReport = await checkConfig(found);
    if (configReport.findings.length > 0) emit(configReport);
  }

  let checked = 0;
  const use = (outcome: FileOutcome, index: number) => {
    if (io.outputClosed?.()) throw new OutputClosed();
    const file = files[index];
    if (outcome.kind === 'cannot') {
      cannot(file, outcome.line);
      return;
    }
    checked++;
    for (const failure of outcome.ruleFailures) {
      io.stderr(`umsg: rule ${failure.rule} failed on ${printable(file)}: ${printable(failure.error)}\n`);
      notifications.push({ message: `Rule ${failure.rule} failed on this file: ${failure.error}`, filePath: file, rule: failure.rule });
    }
    emit(outcome.report);
  };
  // --stdin is one text: no thread to share it with.
  const jobs = args.stdin ? 1 : jobsFor(files.length, args.jobs);
  if (jobs > 1) {
    try {
      const checkHere = (batch: string[]) => checker.checkBatch(batch, io.readConcurrency ?? READ_CONCURRENCY);
      await checkInWorkers(files, { jobs, cwd: io.cwd, script: io.workerScript ?? __filename, waiting: () => out.flush() }, checkHere, use);
    } finally {
      out.flush();
    }
  } else {
    await checker.checkAll(files, io.readConcurrency ?? READ_CONCURRENCY, use);
  }
  out.write(writer.end(checked));
  out.flush();
  // Files that could not be read are not a pass: the run is incomplete (exit 2), whatever it found.
  if (problems.length > 0) {
    report(`${problems.length} ${problems.length === 1 ? 'file or folder' : 'files or folders'} could not be checked (listed above).`);
    return 2;
  }
  if (counts.error > 0) return 1;
  // As in ESLint, --quiet leaves warnings out entirely: they are neither shown nor counted.
  if (!args.quiet && args.maxWarnings !== undefined && counts.warning > args.maxWarnings) {
    io.stderr(`umsg: ${counts.warning} warnings, more than --max-warnings ${args.maxWarnings}.\n`);
    return 1;
  }
  return 0;
}

/**
 * The report on a config file, checked by its own rule set (language umsg-config) as in the
 * editor; one that could not be read carries the lookup's finding that says why.
 */
async function checkConfig(found: ConfigForFile): Promise<LocatedReport> {
  const configText = found.configText ?? '';
  let diagnostics: Diagnostic[];
  if (configText === '' && found.parsed) {
    diagnostics = found.parsed.findings.map((f) => ({ ...f, severity: f.severity ?? 'error' }));
  } else {
    const service = serviceFor();
    diagnostics = (await service.check(service.open(configText, 'umsg-config'), { config: resolveConfig(undefined) })).diagnostics;
  }
  return locate({ filePath: found.configPath!, text: configText, diagnostics });
}

/** Reads standard input, up to `limit` bytes (beyond it the text is over maxFileSize anyway). */
async function readStdin(io: CliIO, limit: number): Promise<string> {
  if (!io.stdin) throw new InputError('No standard input to read.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(b);
    size += b.length;
    if (size > limit) break;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** `--print-config FILE`: which config applies to FILE, where the walk stopped, and the result. */
async function printConfig(file: string, configs: ConfigLookup, io: CliIO): Promise<number> {
  const found = await configs.forFile(file);
  io.stdout(JSON.stringify({
    file,
    configFile: found.configPath ?? null,
    projectRoot: found.root ?? null,
    problems: (found.parsed?.findings ?? []).map((f) => f.message),
    config: found.config,
  }, null, 2) + '\n');
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
 * A channel with its own NAME.<channel>.umsg gets that file, rendered with the same sample
 * data. With a channel, the findings that explain what the channel does with the card, or
 * rejects in it, are repeated on standard error: check and render tell one story.
 */
async function render(args: RenderArgs, io: CliIO): Promise<number> {
  const file = path.resolve(io.cwd, args.file);
  if (!file.endsWith('.umsg')) throw new InputError(`"${args.file}" is not a universal message: expected a *.umsg file.`);
  const channel = args.channel && isChannelId(args.channel) ? args.channel : undefined;
  const own = channelOfPath(file);
  const universal = own ? file.slice(0, -`.${own}.umsg`.length) + '.umsg' : file;
  if (own && channel && channel !== own) {
    throw new InputError(`"${args.file}" is the channel-specific message for ${CHANNEL_NAMES[own]}: ${CHANNEL_NAMES[channel]} never receives it. Render ${path.relative(io.cwd, universal) || universal} --channel ${channel} instead.`);
  }
  const listings = new FolderListings();
  const exists = (p: string) => listings.exists(p);
  const configs = new ConfigLookup(readText, { exists });
  // The file the channel receives: its channel-specific message when one exists (looked up, not read).
  let target = file;
  if (!own && channel) {
    const sibling = universal.slice(0, -'.umsg'.length) + `.${channel}.umsg`;
    if (await exists(sibling)) {
      target = sibling;
      io.stderr(`umsg: ${CHANNEL_NAMES[channel]} receives ${printable(path.relative(io.cwd, sibling))}, its channel-specific message (printed as written, rendered with the sample data); ${printable(args.file)} is not used on that channel.\n`);
    }
  }
  const shown = path.relative(io.cwd, target) || target;
  const text = await readText(target);
  if (typeof text !== 'string') throw new InputError(`Cannot read "${shown}": ${text?.unreadable ?? 'no such file or folder'}.`);
  let sample;
  if (args.data !== undefined) {
    // Named on the command line by the user: read wherever it is (no project boundary).
    const dataText = await readText(path.resolve(io.cwd, args.data));
    if (typeof dataText !== 'string') throw new InputError(`Cannot read the data file "${args.data}": ${dataText?.unreadable ?? 'no such file or folder'}.`);
    const parsed = parseSample(dataText, args.data);
    if (!parsed.sample) throw new InputError(parsed.problem);
    sample = parsed.sample;
  } else {
    // A channel-specific message uses the sample data of its universal message.
    const { root } = await configs.forFile(universal);
    const related = await messageContext(universal, readText, { exists, within: [root ?? io.cwd], realPath: realPathOf });
    if (related.sampleProblem) io.stderr(`umsg: ${printable(related.sampleProblem)}\n`);
    sample = related.sample;
  }
  const { config } = await configs.forFile(target);
  const verbatim = target !== universal;
  const result = renderForChannel(text, { sample, config, channel: verbatim ? undefined : channel });
  if (result.error) {
    const at = result.error.offset !== undefined ? lineColumn(text, result.error.offset) : undefined;
    io.stderr(at
      ? `umsg: ${printable(shown)}:${at.line}:${at.column}: ${printable(result.error.message)}\numsg: the message cannot be rendered until its syntax is fixed (umsg check ${printable(shown)} lists every problem).\n`
      : `umsg: ${printable(result.error.message)}\n`);
    return 1;
  }
  for (const u of result.unevaluated) {
    const at = lineColumn(text, u.offset);
    io.stderr(`umsg: ${printable(shown)}:${at.line}:${at.column}: ${printable(`${'${'}${u.expression}}`)} was not evaluated: ${printable(u.reason)}.\n`);
  }
  if (channel && !verbatim) {
    for (const f of result.findings) {
      const at = lineColumn(text, f.offset);
      io.stderr(`umsg: ${printable(shown)}:${at.line}:${at.column}: ${f.severity} ${f.rule}: ${printable(f.message)}\n`);
    }
  }
  io.stdout(JSON.stringify(result.value, null, 2) + '\n');
  return 0;
}

if (isCheckWorker()) {
  // This bundle, started by checkInWorkers as a worker thread (where require.main is this module too).
  serveCheckWorker();
} else if (require.main === module) {
  // `umsg check | head` (EPIPE: the reader stopped early, no reason for a word) or a full
  // disk (ENOSPC): one line on standard error and exit 2, never a stack trace (issue 13, item 21).
  let outputFailed = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (outputFailed) return;
    outputFailed = true;
    if (error.code !== 'EPIPE') process.stderr.write(`umsg: cannot write the report: ${describeError(error)}.\n`);
    process.exitCode = 2;
  });
  void runCli(process.argv.slice(2), {
    stdout: (s) => { if (!outputFailed) process.stdout.write(s); },
    stderr: (s) => process.stderr.write(s),
    cwd: process.cwd(),
    stdin: process.stdin,
    outputClosed: () => outputFailed,
  }).then((code) => { if (!outputFailed) process.exitCode = code; });
}
