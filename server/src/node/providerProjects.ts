/**
 * The Node side of provider projects: folder listings and file reads for
 * workspace/providerProject.ts, and the tree-sitter .wasm files, read from dist/tree-sitter/
 * beside the bundle (esbuild.mjs copies them there) or, when running from source, from the
 * npm packages that ship them.
 */
// `promises` is read where it is used: Node loads fs/promises only then.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { ProviderProjects } from '../workspace/providerProject';
import { SourceParsers, WASM_FILES, type LoadWasm } from '../workspace/sourceParser';
import { readRegularFile, SIDE_FILE_MAX_BYTES } from './files';

/** Where each .wasm file is in node_modules, for runs from source (tests); the bundle reads dist/tree-sitter/. */
const PACKAGED: Record<string, string> = {
  [WASM_FILES.runtime]: 'web-tree-sitter/web-tree-sitter.wasm',
  [WASM_FILES.kotlin]: '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm',
  [WASM_FILES.groovy]: 'tree-sitter-groovy/tree-sitter-groovy.wasm',
  [WASM_FILES.java]: 'tree-sitter-java/tree-sitter-java.wasm',
};

/**
 * WebAssembly runs on V8's baseline compiler only, in every Node host (the command line and its
 * threads, the language server, tests): the optimising tier spent seconds of CPU on the Kotlin
 * grammar's large lexer for parses that take milliseconds, and `umsg check` waited for it at exit
 * (docs/provider-projects.md, "Cost"). Set before the first grammar is compiled; JavaScript is
 * not affected.
 */
let baselineOnly = false;

export const loadWasmFile: LoadWasm = async (fileName) => {
  if (!baselineOnly) {
    // node:v8 is loaded here, with the first grammar: a run over messages alone never needs it.
    const { setFlagsFromString } = await import('node:v8');
    setFlagsFromString('--liftoff-only');
    baselineOnly = true;
  }
  const beside = path.join(__dirname, 'tree-sitter', fileName);
  try {
    return new Uint8Array(await fsp.readFile(beside));
  } catch { /* not a bundle: try the package */ }
  try {
    return new Uint8Array(await fsp.readFile(require.resolve(PACKAGED[fileName])));
  } catch {
    return { missing: `${beside} is missing` };
  }
};

/** A folder's entries as the finder needs them, links marked (they are not read); undefined when it cannot be listed. */
export async function listFolder(dir: string) {
  try {
    const entries = await fsp.readdir(dir, { withFileTypes: true });
    return entries.map((e) => ({ name: e.name, folder: e.isDirectory(), link: e.isSymbolicLink() }));
  } catch {
    return undefined;
  }
}

/** A provider project finder reading the disk: sources capped in size like every file read beside a descriptor. */
export function nodeProviderProjects(): ProviderProjects {
  return new ProviderProjects(
    {
      readText: (p) => readRegularFile(p, SIDE_FILE_MAX_BYTES),
      list: listFolder,
    },
    new SourceParsers(loadWasmFile),
  );
}
