/**
 * What V8's optimizing compiler (TurboFan) made in one run of a process, read from the code log
 * that `node --log-code --logfile=FILE --no-logfile-per-isolate` writes. On this kind of machine
 * the compiler runs on the second core beside the main thread, and how much code it compiles
 * decides the small-file corpora against VS Code's service (docs/performance.md, "What the
 * optimizing compiler costs"): unlike wall-clock time, its size moves by only a few per cent from
 * one run to the next, so a change of the checker's hot code shows in it at once.
 *
 * A code object is one line of the log:
 *
 *   code-creation,JS,<kind>,<time>,<address>,<size>,<name and place>,<function info>,<tier>
 *
 * with `*` as its tier for TurboFan's code (`^` baseline, `~` bytecode). V8 writes a comma inside
 * a name as `\x2C`, so the fields split on commas. No Node imports here: the tests read logs they
 * write by hand.
 */

export interface CompiledCode {
  /** Code objects TurboFan made: one per compilation (a function compiled twice, on stack replacement and whole, counts twice). */
  compilations: number;
  /** Their machine code, bytes. */
  bytes: number;
}

const JS_CODE = 'code-creation,JS,';

/** The TurboFan code objects of a code log, with their size; lines of any other kind are skipped, as is a line cut short. */
export function optimizedCode(log: string): CompiledCode {
  let compilations = 0;
  let bytes = 0;
  let start = 0;
  while (start < log.length) {
    let end = log.indexOf('\n', start);
    if (end < 0) end = log.length;
    if (log.startsWith(JS_CODE, start)) {
      const fields = log.slice(start, end).split(',');
      const size = Number(fields[5]);
      if (fields.length >= 9 && fields[fields.length - 1] === '*' && Number.isSafeInteger(size) && size >= 0) {
        compilations++;
        bytes += size;
      }
    }
    start = end + 1;
  }
  return { compilations, bytes };
}

/** Node's flags that write the code log of a process (all its threads) to `file`. */
export function codeLogFlags(file: string): string[] {
  return ['--log-code', `--logfile=${file}`, '--no-logfile-per-isolate'];
}
