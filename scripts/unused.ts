/**
 * Unused exports: every `export` in server/src and client/src must be imported by some other
 * module of the project (shipped code, a test or a script), or stand on the allow-list below
 * with the reason it is public. Part of `npm run lint`, so of `npm test` and CI.
 *
 *   node --import tsx scripts/unused.ts      (exit 1 and one line per finding: file:line name)
 *
 * It reads the program of tsconfig.json with the TypeScript compiler's own resolution (no
 * pattern matching of source text): each identifier of each file is resolved to its symbol,
 * following import and re-export aliases to the declaration, so `import { a }`,
 * `import * as m` then `m.a`, `export { a } from` and `import('./m').A` all count as uses.
 * A re-export counts as a use of what it re-exports; the re-export must then be used in turn.
 *
 * Each finding says what to do: an export used only in its own file loses its `export`
 * keyword; an export used nowhere is dead code, to delete (ESLint's no-unused-vars would
 * report it as soon as the keyword goes). knip would do the same job, but it was tried and
 * dropped: its platform-specific native packages broke `npm ci` from the lockfile.
 */
import * as path from 'node:path';
import ts from 'typescript';

/**
 * Exports that no module of the project imports, on purpose. Paths are relative to the
 * project root; an entry names one export, or with `types` every type-only export of the file.
 * Keep it short: every entry says why the symbols must stay exported.
 */
export const ALLOWED: readonly Allowed[] = [
  {
    file: 'server/src/core/types.ts',
    types: true,
    reason: 'the core\'s public types: the types of its signatures (LanguageService, DocumentContext, ...) for callers, ' +
      'whether or not one names them today',
  },
  { file: 'client/src/extension.ts', name: 'activate', reason: 'VS Code calls the extension entry point by name (dist/client.js)' },
  { file: 'client/src/extension.ts', name: 'deactivate', reason: 'VS Code calls the extension entry point by name (dist/client.js)' },
  {
    file: 'client/src/browser/extension.ts',
    name: 'activate',
    reason: 'VS Code for the Web calls the web extension entry point by name (dist/browser/client.js)',
  },
  {
    file: 'client/src/browser/extension.ts',
    name: 'deactivate',
    reason: 'VS Code for the Web calls the web extension entry point by name (dist/browser/client.js)',
  },
];

export type Allowed = { file: string; reason: string } & ({ name: string } | { types: true });

export interface UnusedExport {
  /** Relative to the root, with forward slashes. */
  file: string;
  line: number;
  name: string;
  /**
   * `local`: used in its own file only, drop `export`; `reexport`: a re-export nobody imports
   * from here, remove it from the export list; `nowhere`: dead code, delete it;
   * `stale-allow`: an allow-list entry that matches no export any more (line 0).
   */
  kind: 'local' | 'reexport' | 'nowhere' | 'stale-allow';
}

export interface UnusedOptions {
  /** The project root: files are reported relative to it. */
  root: string;
  /** tsconfig.json whose program is read (every file in it counts as a user). */
  tsconfig: string;
  /** Folders, relative to the root, whose exports are checked. */
  checked: readonly string[];
  allowed?: readonly Allowed[];
}

/** The symbols an identifier refers to: itself and every alias it goes through to the declaration. */
function aliasChain(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol[] {
  const chain = [symbol];
  let current = symbol;
  // An alias chain is finite (TypeScript reports circular aliases); the bound is a guard.
  for (let i = 0; i < 64 && current.flags & ts.SymbolFlags.Alias; i++) {
    const next = checker.getImmediateAliasedSymbol(current);
    if (!next || chain.includes(next)) break;
    chain.push(next);
    current = next;
  }
  return chain;
}

/** True when the identifier names the declaration itself (`function a`, `const a`), not a use of it. */
function isDeclarationName(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)
    || ts.isImportEqualsDeclaration(parent)) return false;
  return (ts.isDeclarationStatement(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent)
    || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isPropertySignature(parent) || ts.isMethodSignature(parent)
    || ts.isEnumMember(parent) || ts.isTypeParameterDeclaration(parent) || ts.isPropertyAssignment(parent)
    || ts.isGetAccessor(parent) || ts.isSetAccessor(parent) || ts.isClassExpression(parent) || ts.isFunctionExpression(parent))
    && (parent as ts.NamedDeclaration).name === id;
}

export function findUnusedExports(options: UnusedOptions): UnusedExport[] {
  const config = ts.getParsedCommandLineOfConfigFile(options.tsconfig, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); },
  });
  if (!config) throw new Error(`cannot read ${options.tsconfig}`);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const checker = program.getTypeChecker();
  const relative = (file: string) => path.relative(options.root, file).split(path.sep).join('/');
  const projectFiles = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !program.isSourceFileFromExternalLibrary(f));

  const checked = options.checked.map((d) => d.replace(/\/+$/, '') + '/');
  const checkedFiles = projectFiles.filter((sf) => checked.some((d) => relative(sf.fileName).startsWith(d)));
  const exportsOf = new Map<ts.SourceFile, ts.Symbol[]>();
  for (const sf of checkedFiles) {
    const moduleSymbol = checker.getSymbolAtLocation(sf);
    if (moduleSymbol) exportsOf.set(sf, checker.getExportsOfModule(moduleSymbol)); // else not a module: nothing exported
  }
  // Only identifiers spelled like an export can refer to one (an import renames through an
  // import specifier, which carries the exported name): resolving only those keeps the type
  // checker from checking every expression of the project.
  const exportedNames = new Set([...exportsOf.values()].flatMap((symbols) => symbols.map((s) => s.getName())));
  const resolve = (node: ts.Identifier): ts.Symbol | undefined =>
    (exportedNames.has(node.text) || node.text === 'default' || ts.isImportClause(node.parent)
      ? checker.getSymbolAtLocation(node)
      : undefined);

  // For each symbol, the files whose identifiers refer to it (through any alias chain).
  const users = new Map<ts.Symbol, Set<string>>();
  const note = (symbol: ts.Symbol | undefined, file: string) => {
    if (!symbol) return;
    for (const s of aliasChain(checker, symbol)) {
      let set = users.get(s);
      if (!set) users.set(s, set = new Set());
      set.add(file);
    }
  };
  for (const sf of projectFiles) {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !isDeclarationName(node)) {
        note(resolve(node), sf.fileName);
        if (ts.isShorthandPropertyAssignment(node.parent)) note(checker.getShorthandAssignmentValueSymbol(node.parent), sf.fileName);
        if (ts.isExportSpecifier(node.parent) && !node.parent.parent.parent.moduleSpecifier) {
          note(checker.getExportSpecifierLocalTargetSymbol(node.parent), sf.fileName);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  const allowed = options.allowed ?? [];
  const allowUsed = new Set<Allowed>();
  const out: UnusedExport[] = [];
  for (const [sf, exported_] of exportsOf) {
    const file = relative(sf.fileName);
    for (const exported of exported_) {
      const name = exported.getName();
      const used = users.get(exported);
      if (used && [...used].some((f) => f !== sf.fileName)) continue;
      const allow = allowed.find((a) => a.file === file && ('name' in a ? a.name === name : isTypeOnly(exported)));
      if (allow) {
        allowUsed.add(allow);
        continue;
      }
      // What the export names: its own declaration, or (`export { a }`, `export { a } from`) the aliased one.
      const local = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaredHere = local.declarations?.some((d) => d.getSourceFile() === sf) ?? false;
      const kind = !declaredHere ? 'reexport' : usedIn(local, sf) ? 'local' : 'nowhere';
      const decl = exported.declarations?.find((d) => d.getSourceFile() === sf) ?? exported.declarations?.[0];
      const line = decl ? sf.getLineAndCharacterOfPosition(decl.getStart()).line + 1 : 1;
      out.push({ file, line, name, kind });
    }
  }
  for (const a of allowed) {
    if (!allowUsed.has(a)) out.push({ file: a.file, line: 0, name: 'name' in a ? a.name : '(types)', kind: 'stale-allow' });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.name.localeCompare(b.name));

  /** An interface or type alias, or a re-export of one: nothing a bundle keeps. */
  function isTypeOnly(symbol: ts.Symbol): boolean {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return (target.flags & ts.SymbolFlags.Value) === 0;
  }

  /** Whether an identifier of `sf` other than its declaration and `export { ... }` lists refers to `symbol`. */
  function usedIn(symbol: ts.Symbol, sf: ts.SourceFile): boolean {
    const name = symbol.getName();
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (ts.isIdentifier(node) && node.text === name && !isDeclarationName(node) && !ts.isExportSpecifier(node.parent)) {
        const s = ts.isShorthandPropertyAssignment(node.parent)
          ? checker.getShorthandAssignmentValueSymbol(node.parent)
          : checker.getSymbolAtLocation(node);
        if (s && aliasChain(checker, s).includes(symbol)) found = true;
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return found;
  }
}

const ADVICE: Record<UnusedExport['kind'], string> = {
  local: 'exported but used only in this file: drop `export`',
  reexport: 're-exported but nothing imports it from here: remove the re-export',
  nowhere: 'exported and used nowhere: delete it',
  'stale-allow': 'on the allow-list of scripts/unused.ts, but no such export needs it: remove the entry',
};

export function formatFinding(f: UnusedExport): string {
  return `${f.file}:${f.line} ${f.name}: ${ADVICE[f.kind]}`;
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const findings = findUnusedExports({
    root,
    tsconfig: path.join(root, 'tsconfig.json'),
    checked: ['server/src', 'client/src'],
    allowed: ALLOWED,
  });
  for (const f of findings) console.log(formatFinding(f));
  if (findings.length > 0) {
    console.log(`\n${findings.length} unused export${findings.length === 1 ? '' : 's'} (see scripts/unused.ts for the allow-list)`);
    process.exitCode = 1;
  }
}
