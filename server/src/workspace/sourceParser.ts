/**
 * Kotlin, Java and Gradle files read with real parsers: tree-sitter grammars run by
 * web-tree-sitter (WebAssembly, so the same code runs in Node and in a Web Worker). The host
 * hands the bytes of each .wasm file (`LoadWasm`), so this module reads no file itself.
 * Grammars load once, on first use; a grammar that cannot load is a reason in words, never a
 * throw. web-tree-sitter itself is imported with the first parse: the Node bundles keep it in a
 * file of its own (esbuild.mjs), which a run over messages alone never loads.
 */
import type { Parser, Tree } from 'web-tree-sitter';

/** web-tree-sitter, once imported. */
let treeSitter: Promise<typeof import('web-tree-sitter')> | undefined;

export type Grammar = 'kotlin' | 'groovy' | 'java';

/** The .wasm files, as esbuild.mjs copies them into dist/tree-sitter/. */
export const WASM_FILES = {
  runtime: 'web-tree-sitter.wasm',
  kotlin: 'tree-sitter-kotlin.wasm',
  groovy: 'tree-sitter-groovy.wasm',
  java: 'tree-sitter-java.wasm',
} as const;

/** The bytes of one of WASM_FILES, or why they cannot be had. */
export type LoadWasm = (fileName: string) => Promise<Uint8Array | { missing: string }>;

/** Parses source text with the grammar of its language. */
export class SourceParsers {
  private init: Promise<string | undefined> | undefined;
  private readonly parsers = new Map<Grammar, Promise<Parser | string>>();

  constructor(private readonly load: LoadWasm) {}

  /** The tree of `text`, or why it could not be parsed. The caller deletes the tree when done. */
  async parse(grammar: Grammar, text: string): Promise<Tree | string> {
    const parser = await this.parser(grammar);
    if (typeof parser === 'string') return parser;
    try {
      return parser.parse(text) ?? 'the parser gave no tree';
    } catch (error) {
      return `the ${grammar} parser failed (${error instanceof Error ? error.message : String(error)})`;
    }
  }

  private parser(grammar: Grammar): Promise<Parser | string> {
    let found = this.parsers.get(grammar);
    if (!found) {
      found = (async () => {
        const failed = await (this.init ??= this.start());
        if (failed) return failed;
        const bytes = await this.load(WASM_FILES[grammar]);
        if (!(bytes instanceof Uint8Array)) return `the ${grammar} grammar cannot be loaded (${bytes.missing})`;
        try {
          const { Language, Parser } = await treeSitter!;
          const parser = new Parser();
          parser.setLanguage(await Language.load(bytes));
          return parser;
        } catch (error) {
          return `the ${grammar} grammar cannot be loaded (${error instanceof Error ? error.message : String(error)})`;
        }
      })();
      this.parsers.set(grammar, found);
    }
    return found;
  }

  private async start(): Promise<string | undefined> {
    const bytes = await this.load(WASM_FILES.runtime);
    if (!(bytes instanceof Uint8Array)) return `the tree-sitter runtime cannot be loaded (${bytes.missing})`;
    try {
      const { Parser } = await (treeSitter ??= import('web-tree-sitter'));
      await Parser.init({ wasmBinary: bytes } as Parameters<typeof Parser.init>[0]);
      return undefined;
    } catch (error) {
      return `the tree-sitter runtime cannot be loaded (${error instanceof Error ? error.message : String(error)})`;
    }
  }
}
