/**
 * The command line's arguments: the usage text, and the options of `umsg check` and
 * `umsg render` read into plain objects (a bad argument is a UsageError, exit 2).
 */
import { CHANNEL_IDS, isChannelId } from '../core';
import { checkedLanguageOf, type CacheStrategy } from './checkFiles';

export const USAGE = `Usage:
  umsg check [paths...] [--format stylish|json|sarif|github] [--max-warnings N] [--quiet]
             [--jobs N] [--cache [--cache-location PATH] [--cache-strategy metadata|content]]
      Checks *.umsg, *.configmeta.json and *.provider.json files (folders recursively,
      following links once; default: the current folder). umsg.config.json is found by
      walking up from each file, never above the project root (a folder with .git, or a
      config with "root": true). --format json prints ESLint's json formatter shape; sarif
      a SARIF 2.1.0 log (for code scanning; files that cannot be read are listed in it);
      github GitHub Actions workflow commands, which annotate the lines of a pull request.
      Many files are checked on several threads (one per idle core, at most 8, from 8,000
      files on); --jobs N sets the number, --jobs 1 checks in one thread. The report is the
      same either way, written file by file as it is ready.
      --cache keeps each file's findings in .umsgcache (--cache-location: another file, or
      a folder for it) and does not check again a file whose text, config, sample data,
      channel-specific siblings and umsg version are unchanged; the report is the same.
      --cache-strategy metadata (the default, as ESLint) tells a file unchanged by its size
      and times, and those of its sample and siblings, without reading it; content by its
      text (a rewrite of the same size within one tick of the file system's clock, which
      metadata misses; or a cache restored onto a fresh checkout, where every time is new).
      On a terminal, a check of 200 files or more shows how far it is on standard error.
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

export class UsageError extends Error {}

const FORMATS = ['stylish', 'json', 'sarif', 'github'] as const;

type Format = (typeof FORMATS)[number];

export interface CheckArgs {
  paths: string[];
  format: Format;
  maxWarnings: number | undefined;
  quiet: boolean;
  stdin: boolean;
  stdinFilename: string | undefined;
  printConfig: string | undefined;
  /** Worker threads (--jobs); undefined: as many as pay for the files found. */
  jobs: number | undefined;
  /** --cache: files unchanged since the last run are not checked again. */
  cache: boolean;
  /** --cache-strategy: how a file is told unchanged (metadata: size and times; content: its text). */
  cacheStrategy: CacheStrategy;
  /** --cache-location: the cache file, or a folder for it. */
  cacheLocation: string | undefined;
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

export function parseCheckArgs(args: string[]): CheckArgs {
  const out: CheckArgs = {
    paths: [],
    format: 'stylish',
    maxWarnings: undefined,
    quiet: false,
    stdin: false,
    stdinFilename: undefined,
    printConfig: undefined,
    jobs: undefined,
    cache: false,
    cacheLocation: undefined,
    cacheStrategy: 'metadata',
  };
  let strategyGiven = false;
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
      if (!(n >= 1 && n <= MAX_JOBS)) throw new UsageError(
        `--jobs needs a whole number from 1 to ${MAX_JOBS} (threads that check files; 1 checks them one after another), not "${v}".`,
      );
      out.jobs = n;
    } else if (a === '--quiet' || a === '-q') {
      out.quiet = true;
    } else if (a === '--cache') {
      out.cache = true;
    } else if (a === '--cache-location' || a.startsWith('--cache-location=')) {
      out.cacheLocation = value('--cache-location');
      if (out.cacheLocation === '') throw new UsageError('--cache-location needs a file or folder.');
    } else if (a === '--cache-strategy' || a.startsWith('--cache-strategy=')) {
      const v = value('--cache-strategy');
      if (v !== 'metadata' && v !== 'content') throw new UsageError(`--cache-strategy is metadata or content, not "${v}".`);
      strategyGiven = true;
      out.cacheStrategy = v;
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
  if (out.cacheLocation !== undefined && !out.cache) throw new UsageError('--cache-location goes with --cache.');
  if (strategyGiven && !out.cache) throw new UsageError('--cache-strategy goes with --cache.');
  if (out.stdinFilename !== undefined && !out.stdin) throw new UsageError('--stdin-filename goes with --stdin.');
  if (out.stdin) {
    if (out.stdinFilename === undefined) throw new UsageError('--stdin needs --stdin-filename NAME.umsg: the path the text is checked as.');
    if (!checkedLanguageOf(out.stdinFilename)) throw new UsageError(
      `--stdin-filename "${out.stdinFilename}" is not a file umsg checks: expected *.umsg, *.configmeta.json or *.provider.json.`,
    );
    if (out.paths.length > 0) throw new UsageError('--stdin checks standard input only: give no paths.');
  }
  if (out.printConfig !== undefined && (out.stdin || out.paths.length > 0))
    throw new UsageError('--print-config takes one file and nothing else to check.');
  if (out.paths.length === 0) out.paths.push('.');
  return out;
}

export interface RenderArgs {
  file: string;
  data: string | undefined;
  channel: string | undefined;
}

export function parseRenderArgs(args: string[]): RenderArgs {
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
