/**
 * The command line: `umsg check [paths...]` runs the language server's checks over files,
 * with the same core and the same umsg.config.json, so that the editor and CI agree.
 * Exit codes: 0 without errors, 1 with errors, 2 on bad usage or unreadable input.
 */
import { describeError } from '../node/files';
import { printable } from './report/locate';
import { packageInfo } from './packageInfo';
import { isCheckWorker, serveCheckWorker, WorkerFailure } from './checkThreads';
import { USAGE, UsageError, parseCheckArgs, parseRenderArgs } from './args';
import { check } from './checkCommand';
import { InputError } from './collectFiles';
import { type CliIO, OutputClosed } from './io';
import { render } from './renderCommand';

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
 * Runs this process as `umsg`: the command line on process.argv, or a check thread when
 * checkInWorkers started it. Called by the launcher (cli/launch.ts, dist/cli.js) or when this
 * bundle (dist/cli-main.js) is run itself.
 */
export function start(): void {
  if (isCheckWorker()) {
    // This bundle, started by checkInWorkers as a worker thread.
    serveCheckWorker();
    return;
  }
  // `umsg check | head` (EPIPE: the reader stopped early, no reason for a word) or a full
  // disk (ENOSPC): one line on standard error and exit 2, never a stack trace.
  let outputFailed = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (outputFailed) return;
    outputFailed = true;
    if (error.code !== 'EPIPE') process.stderr.write(`umsg: cannot write the report: ${describeError(error)}.\n`);
    process.exitCode = 2;
  });
  void runCli(process.argv.slice(2), {
    stdout: (s) => { if (!outputFailed) process.stdout.write(s); },
    stdoutBytes: (b) => { if (!outputFailed) process.stdout.write(b); },
    stderr: (s) => process.stderr.write(s),
    cwd: process.cwd(),
    // Read only for --stdin: process.stdin's first read makes a stream, which loads Node's fs streams and fs/promises.
    // Made once per run: no request's data is kept alive by it (see lsp/versionTokens.ts).
    // eslint-disable-next-line no-restricted-syntax
    get stdin() { return process.stdin; },
    outputClosed: () => outputFailed,
    // A dumb terminal cannot erase a line: no progress there.
    stderrIsTTY: process.stderr.isTTY === true && process.env.TERM !== 'dumb',
    stdoutIsTTY: process.stdout.isTTY === true,
  }).then((code) => { if (!outputFailed) process.exitCode = code; });
}

// Run itself (a worker thread's require.main is this module too); imported, as by the tests, it does nothing.
if (require.main === module) start();
