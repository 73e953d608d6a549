/**
 * What the benchmark's comparison processes share: the files named on the command line (a
 * folder stands for its files, sorted, as `umsg check` reads a folder) and one line of JSON on
 * standard output with what the tool found, so that the benchmark can tell a tool that worked
 * from one that silently did nothing.
 *
 *   node tool.js SCHEMA PATH...     SCHEMA is card, meta or native (see schemas.ts)
 *
 * Each tool (parse.ts, ajv.ts, jsonService.ts) is bundled on its own by scripts/bench.ts, as
 * dist/cli.js is, so that no process loads code it does not run.
 */
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { SCHEMAS, type SchemaName } from './schemas';

const CHECKED = ['.umsg', '.configmeta.json', '.provider.json'];

export function toolArguments(): { schema: object; files: string[] } {
  const [name, ...paths] = process.argv.slice(2);
  if (!(name in SCHEMAS) || paths.length === 0) {
    process.stderr.write('usage: node tool.js card|meta|native PATH...\n');
    process.exit(2);
  }
  const files: string[] = [];
  for (const p of paths) {
    if (!statSync(p).isDirectory()) { files.push(p); continue; }
    for (const name of readdirSync(p).sort()) if (CHECKED.some((e) => name.endsWith(e))) files.push(path.join(p, name));
  }
  return { schema: SCHEMAS[name as SchemaName], files };
}

/** The tool's one line of output: how many files it read and how many problems it found. */
export function report(files: number, problems: number): void {
  process.stdout.write(JSON.stringify({ files, problems }) + '\n');
}
