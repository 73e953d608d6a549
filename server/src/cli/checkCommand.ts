/**
 * `umsg check`: collects the files, checks them (on worker threads when there are many),
 * and writes the report in the chosen format, file by file as each is ready.
 */
import * as path from 'node:path';
import { messageByteLimit, resolveConfig, type Diagnostic } from '../core';
import { ConfigLookup, type ConfigForFile } from '../workspace/configLookup';
import { stylishColor, stylishWriter } from './report/stylish';
import { jsonWriter } from './report/json';
import { countFinding, locate, printable, type LocatedFinding, type LocatedReport } from './report/locate';
import { FileChecker, READ_CONCURRENCY, serviceFor, type FileOutcome } from './checkFiles';
import { githubWriter } from './report/github';
import { packageInfo } from './packageInfo';
import { sarifWriter, type ToolNotification } from './report/sarif';
import { checkInWorkers, jobsFor, WorkerFailure } from './checkThreads';
import { type CheckArgs } from './args';
import { type Collected, FileCollector, InputError, type Problem } from './collectFiles';
import { type CliIO, Output, OutputClosed } from './io';
import { cacheFileFor, CheckCache, runKey, toolKey } from './checkCache';
import { Progress } from './progress';

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

export async function check(args: CheckArgs, io: CliIO): Promise<number> {
  const progress = new Progress(io.stderrIsTTY === true, io.stderr);
  try {
    return await checkWith(args, io, progress);
  } finally {
    // Whatever ends the run (a failing thread, a closed output), its last line starts clean.
    progress.clear();
  }
}

async function checkWith(args: CheckArgs, io: CliIO, progress: Progress): Promise<number> {
  // ESLint does not cache standard input either: its text is checked every time.
  const cached = args.cache && !args.stdin;
  const checker = new FileChecker(io.cwd, { keyed: cached, strategy: args.cacheStrategy });
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
    const collector = new FileCollector(problems, shown, checker.listings);
    for (const p of args.paths) await collector.add(path.resolve(io.cwd, p));
    targets = collector.files;
  }
  // Every line on standard error erases the progress line first (it is drawn again on the next file).
  // Whether anything was said: a run that says nothing on standard error is one that can be repeated.
  let said = false;
  const stderr = (s: string) => {
    said = true;
    progress.clear();
    io.stderr(s);
  };
  const report = (line: string) => stderr(`umsg: ${printable(line)}\n`);
  for (const p of problems) report(p.line);
  // As ESLint does: checking nothing is a mistake (a path with a typo), not a pass.
  if (targets.length === 0) {
    throw new InputError(`No *.umsg, *.configmeta.json or *.provider.json files under ${args.paths.map((p) => `"${p}"`).join(', ')}.`);
  }
  const files = targets.map((t) => t.file);
  const cache = cached
    ? new CheckCache(cacheFileFor(args.cacheLocation, io.cwd), toolKey(io.toolVersion ?? packageInfo().version), report)
    : undefined;
  if (cache) {
    cache.load();
    checker.lookup = (file) => cache.get(file);
  }
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
  const out = new Output(io.stdoutIsTTY ? (s) => { progress.clear(); io.stdout(s); } : io.stdout);
  progress.start(files.length);

  // The configs come first in the report, each once, in the order of the first file they govern:
  // looked up before any file is checked, so that the files' parts can be written as they come.
  const configDirs = new Set<string>();
  const configsSeen = new Set<string>();
  const configsFound: ConfigForFile[] = [];
  let lastDir: string | undefined;
  for (const file of files) {
    // The files of a folder come together: one that is in the last file's folder is passed over
    // without cutting its path (a comparison of the path's start, and its last separator).
    const cut = file.lastIndexOf(path.sep);
    if (lastDir?.length === cut && file.startsWith(lastDir)) continue;
    // Its folder, cut at the last separator: a key for this loop only (path.dirname per file cost more).
    const dir = (lastDir = file.slice(0, cut));
    if (configDirs.has(dir)) continue;
    configDirs.add(dir);
    // A lookup that fails fails again for the file itself, which then says why it was not checked.
    const found = await checker.configOf(file).catch(() => undefined);
    if (!found?.configPath || configsSeen.has(found.configPath)) continue;
    configsSeen.add(found.configPath);
    configsFound.push(found);
  }

  // A run whose every input is that of the last run the cache remembers writes its report again.
  const key = cache && problems.length === 0 ? await runKeyOf(args, io, files, configsFound, checker, progress) : undefined;
  const memo = key === undefined ? undefined : cache?.memoFor(key);
  if (memo) {
    progress.clear();
    if (io.stdoutBytes) io.stdoutBytes(memo.out);
    else io.stdout(memo.out.toString('utf8'));
    if (memo.err !== '') stderr(memo.err);
    return memo.exit;
  }
  cache?.readBody();
  // What this run writes on standard output, for its memo; and whether it said anything on standard error.
  const written: string[] | undefined = key === undefined ? undefined : [];
  const write = (s: string) => {
    written?.push(s);
    out.write(s);
  };
  const counts = { error: 0, warning: 0, information: 0, hint: 0 };
  const emit = (r: LocatedReport) => {
    for (const f of r.findings) countFinding(counts, f);
    write(writer.file(args.quiet ? { filePath: r.filePath, findings: errorsOnly(r.findings) } : r));
  };
  for (const found of configsFound) {
    const configReport = await checkConfig(found);
    if (configReport.findings.length > 0) emit(configReport);
  }

  let checked = 0;
  // Files whose outcome has been used (reported, or said to be unreadable): files[0 .. used - 1].
  let used = 0;
  const use = (outcome: FileOutcome, index: number) => {
    if (io.outputClosed?.()) throw new OutputClosed();
    used = index + 1;
    progress.update(used);
    const file = files[index];
    if (outcome.kind === 'cannot') {
      cache?.record(file, undefined, []);
      cannot(file, outcome.line);
      return;
    }
    checked++;
    if (outcome.damagedEntry) cache?.damagedEntry(file);
    // A file on which a rule failed is checked again next time.
    cache?.record(file, outcome.ruleFailures.length === 0 ? outcome.key : undefined, outcome.report.findings);
    for (const failure of outcome.ruleFailures) {
      stderr(`umsg: rule ${failure.rule} failed on ${printable(file)}: ${printable(failure.error)}\n`);
      notifications.push({ message: `Rule ${failure.rule} failed on this file: ${failure.error}`, filePath: file, rule: failure.rule });
    }
    emit(outcome.report);
  };
  // --stdin is one text: no thread to share it with.
  const jobs = args.stdin ? 1 : jobsFor(cache ? cache.workload(files) : files.length, args.jobs);
  if (jobs > 1) {
    try {
      const checkHere = (batch: string[]) => checker.checkBatch(batch, io.readConcurrency ?? READ_CONCURRENCY);
      const options = {
        jobs,
        cwd: io.cwd,
        script: io.workerScript ?? __filename,
        waiting: () => out.flush(),
        cached: cache && ((file: string) => cache.get(file)),
        strategy: args.cacheStrategy,
      };
      await checkInWorkers(files, options, checkHere, use);
    } catch (error) {
      if (!(error instanceof WorkerFailure)) throw error;
      // The run is incomplete (exit 2), but a report that is one JSON document stays one: json
      // closes its array after the files checked so far, sarif writes its log with the failure
      // among its notifications. One line says what was not checked: every file from the first
      // one missing from the report on (the report follows the files' order).
      const left = files.length - used;
      const failure = new WorkerFailure(left === 0
        ? error.message
        : `${error.message} ${left} of ${files.length} files ${left === 1 ? 'was' : 'were'} not checked: `
          + `the report ends before "${shown(files[used])}".`);
      notifications.push({ message: failure.message.charAt(0).toUpperCase() + failure.message.slice(1) });
      if (args.format === 'json' || args.format === 'sarif') out.write(writer.end(checked));
      throw failure;
    } finally {
      out.flush();
    }
  } else {
    await checker.checkAll(files, io.readConcurrency ?? READ_CONCURRENCY, use);
  }
  progress.clear();
  write(writer.end(checked));
  out.flush();
  // Files that could not be read are not a pass: the run is incomplete (exit 2), whatever it found.
  if (problems.length > 0) {
    cache?.remember(undefined);
    cache?.save();
    report(`${problems.length} ${problems.length === 1 ? 'file or folder' : 'files or folders'} could not be checked (listed above).`);
    return 2;
  }
  let err = '';
  let exit = 0;
  if (counts.error > 0) exit = 1;
  // As in ESLint, --quiet leaves warnings out entirely: they are neither shown nor counted.
  else if (!args.quiet && args.maxWarnings !== undefined && counts.warning > args.maxWarnings) {
    err = `umsg: ${counts.warning} warnings, more than --max-warnings ${args.maxWarnings}.\n`;
    exit = 1;
  }
  // A run that said nothing on standard error (no rule failed, no entry was damaged) can be repeated.
  cache?.remember(written && !said ? { key: key!, out: written.join(''), err, exit } : undefined);
  cache?.save();
  if (err !== '') stderr(err);
  return exit;
}

/**
 * The key of everything a run's report and exit code depend on, or undefined when a file's
 * inputs are not known from metadata alone: the options, the working folder, whether the
 * report is coloured, the tool, each config reported (its path and text) and each file with
 * its metadata key (which covers its config, sample and siblings), in order.
 */
async function runKeyOf(
  args: CheckArgs,
  io: CliIO,
  files: readonly string[],
  configsFound: readonly ConfigForFile[],
  checker: FileChecker,
  progress: Progress,
): Promise<string | undefined> {
  // The first progress line, as a run file by file shows it (keying files is quick: no other).
  progress.update(1);
  const keys = await checker.keysNow(files);
  if (!keys) return undefined;
  const colored = args.format === 'stylish' && stylishColor();
  const parts = [JSON.stringify(args), io.cwd, String(colored), io.toolVersion ?? packageInfo().version];
  for (const found of configsFound) {
    parts.push(found.configPath!, found.configText ?? '', found.configText ? '' : JSON.stringify(found.parsed?.findings ?? null));
  }
  return runKey(parts, files, keys);
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
