/**
 * Facts read from parse trees of a provider's Gradle project: the projects a settings file
 * includes, the group and version a build file sets, and the classes of Kotlin and Java
 * sources with their supertypes and the configuration keys they read. Trees come from
 * sourceParser.ts; every walk is an explicit stack (no recursion), so deep sources cannot
 * overflow it, and each node is visited once.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { BuildValue, ConfigKeyRead, SourceClass, SourceLocation } from '../core';

/** The type a provider class receives its settings in (`io.opencui.core.Configuration`). */
const CONFIGURATION_TYPE = 'Configuration';
/** Methods of Configuration that read a key given as their first argument. */
const READ_METHODS = new Set(['get', 'getOrDefault']);
/**
 * Classes nested deeper than this are not read: each nested name repeats its outer ones, so a
 * hostile file of thousands of nested classes would cost the square of its size.
 */
const MAX_NESTING = 32;
/** How much of a class's declaration hover shows, in characters. */
const DECLARATION_MAX = 600;

function locationOf(node: Node, file: string): SourceLocation {
  const { row, column } = node.startPosition;
  return { file, offset: node.startIndex, length: node.endIndex - node.startIndex, line: row, character: column };
}

/**
 * The text of a string literal without interpolation or escapes, else undefined (a computed value
 * is not compared). Groovy writes 'single-quoted' strings as character literals.
 */
function literal(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'character_literal') {
    const raw = node.text;
    return raw.length >= 2 && !raw.includes('\\') ? raw.slice(1, -1) : undefined;
  }
  if (node.type !== 'string_literal') return undefined;
  let value = '';
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type !== 'string_content' && child.type !== 'string_fragment') return undefined;
    value += child.text;
  }
  const raw = node.text;
  // Groovy's grammar keeps "${x}" inside one fragment, and a triple-quoted string is read as text too.
  if (raw.startsWith('"') && value.includes('$')) return undefined;
  if (raw.startsWith('"""') || raw.startsWith("'''")) return undefined;
  return value;
}

/** A Gradle statement as the checks need it: a call with its arguments and closure, or an assignment. */
type Statement =
  | { kind: 'call'; name: string; args: Node[]; body: Node | undefined }
  | { kind: 'assign'; name: string; value: Node };

/** The last identifier of `a`, `project.a` or `rootProject.a`; undefined for any other receiver. */
function targetName(node: Node | null): string | undefined {
  if (!node) return undefined;
  if (node.type === 'identifier') return node.text;
  if (node.type === 'field_access' || node.type === 'navigation_expression') {
    const parts = node.namedChildren.filter((c): c is Node => !!c);
    const [receiver, name] = parts;
    if (parts.length === 2 && receiver.type === 'identifier' && receiver.text === 'project' && name.type === 'identifier') return name.text;
  }
  return undefined;
}

/** The statements directly inside a Groovy or Kotlin script's root or closure. */
function statements(container: Node): Statement[] {
  const found: Statement[] = [];
  for (let node of container.namedChildren) {
    if (!node) continue;
    if (node.type === 'expression_statement' && node.namedChild(0)) node = node.namedChild(0)!;
    switch (node.type) {
      case 'juxt_function_call': { // Groovy: include 'a', 'b'
        const name = node.childForFieldName('name')?.text;
        const args = node.childForFieldName('args')?.namedChildren.filter((c): c is Node => !!c) ?? [];
        if (name) found.push({ kind: 'call', name, args, body: undefined });
        break;
      }
      case 'method_invocation': { // Groovy: include(':a'), allprojects { ... }
        if (node.childForFieldName('object')) break;
        const name = node.childForFieldName('name')?.text;
        const args = node.childForFieldName('arguments')?.namedChildren.filter((c): c is Node => !!c) ?? [];
        if (name) found.push({ kind: 'call', name, args, body: node.childForFieldName('body') ?? undefined });
        break;
      }
      case 'call_expression': { // Kotlin script: include(":a"), allprojects { ... }
        const callee = node.namedChild(0);
        if (callee?.type !== 'identifier') break;
        const args: Node[] = [];
        let body: Node | undefined;
        for (const part of node.namedChildren.slice(1)) {
          if (part?.type === 'value_arguments') {
            for (const a of part.namedChildren) if (a?.namedChild(0)) args.push(a.namedChild(0)!);
          } else if (part?.type === 'annotated_lambda') {
            body = part.namedChildren.find((c) => c?.type === 'lambda_literal') ?? undefined;
          }
        }
        found.push({ kind: 'call', name: callee.text, args, body });
        break;
      }
      case 'assignment_expression': // Groovy: group = 'x'
      case 'assignment': { // Kotlin script: group = "x"
        const name = targetName(node.childForFieldName('left'));
        const value = node.childForFieldName('right');
        if (name && value) found.push({ kind: 'assign', name, value });
        break;
      }
    }
  }
  return found;
}

/** The projects a settings file includes, as Gradle paths without the leading ':' (`a`, `a:b`). */
export function includedProjects(tree: Tree): string[] {
  const projects: string[] = [];
  for (const s of statements(tree.rootNode)) {
    if (s.kind !== 'call' || s.name !== 'include') continue;
    for (const arg of s.args) {
      const value = literal(arg);
      const path = value?.startsWith(':') ? value.slice(1) : value;
      if (path) projects.push(path);
    }
  }
  return projects;
}

/** What a build file sets: its own group and version, and those of its allprojects and subprojects blocks. */
export interface BuildFacts {
  project: { group?: BuildValue; version?: BuildValue };
  allprojects: { group?: BuildValue; version?: BuildValue };
  subprojects: { group?: BuildValue; version?: BuildValue };
}

export function buildFacts(tree: Tree, file: string): BuildFacts {
  const facts: BuildFacts = { project: {}, allprojects: {}, subprojects: {} };
  const read = (container: Node, from: BuildValue['from']) => {
    const into = facts[from];
    for (const s of statements(container)) {
      if (s.kind === 'call' && (s.name === 'allprojects' || s.name === 'subprojects') && s.body && from === 'project') {
        read(s.body, s.name);
        continue;
      }
      if (s.name !== 'group' && s.name !== 'version') continue;
      const node = s.kind === 'assign' ? s.value : s.args[0];
      if (!node) continue;
      // The last assignment wins, as when Gradle runs the script.
      into[s.name] = { value: literal(node), written: node.text, at: locationOf(node, file), from };
    }
  };
  read(tree.rootNode, 'project');
  return facts;
}

/** The identifiers of a (possibly qualified) type, joined with '.': `a.b.C` for `a.b.C<T>`. */
function typeName(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'user_type': // Kotlin: identifiers, then type_arguments
      return node.namedChildren.filter((c): c is Node => c?.type === 'identifier').map((c) => c.text).join('.') || undefined;
    case 'nullable_type':
      return typeName(node.namedChild(0));
    case 'constructor_invocation':
      return typeName(node.namedChildren.find((c) => c?.type === 'user_type'));
    case 'type_identifier': // Java
      return node.text;
    case 'scoped_type_identifier':
      return node.namedChildren.map((c) => typeName(c) ?? c?.text).join('.');
    case 'generic_type':
      return typeName(node.namedChild(0));
    default:
      return undefined;
  }
}

/** Imports of a file, to resolve a simple name: by name (`import a.B`, `import a.C as B`) and by star. */
interface Imports {
  pkg: string;
  named: Map<string, string>;
  stars: string[];
}

function candidates(written: string, imports: Imports): string[] {
  const dot = written.indexOf('.');
  const head = dot < 0 ? written : written.slice(0, dot);
  const imported = imports.named.get(head);
  if (imported) return [dot < 0 ? imported : imported + written.slice(dot)];
  if (dot >= 0) return [written, `${imports.pkg}.${written}`];
  return [imports.pkg ? `${imports.pkg}.${written}` : written, ...imports.stars.map((s) => `${s}.${written}`)];
}

/** The text of a declaration up to its body, for hover. */
function declarationText(node: Node, body: Node | undefined): string {
  const text = body ? node.text.slice(0, body.startIndex - node.startIndex) : node.text;
  const trimmed = text.trim();
  return trimmed.length > DECLARATION_MAX ? `${trimmed.slice(0, DECLARATION_MAX - 1)}…` : trimmed;
}

/** Whether a Kotlin type node, or a Java type, is Configuration. */
function isConfiguration(type: Node | null | undefined): boolean {
  const name = typeName(type);
  return name === CONFIGURATION_TYPE || !!name?.endsWith(`.${CONFIGURATION_TYPE}`);
}

/** A Kotlin qualified identifier as `a.b.c`, whatever white space or comments stand between its parts. */
function dotted(node: Node | null | undefined): string {
  return node?.namedChildren.filter((c): c is Node => c?.type === 'identifier').map((c) => c.text).join('.') ?? '';
}

/** The declarations at the top of a file, each with the package that prefixes its name: the start of a walk. */
function topLevel(root: Node, pkg: string): { node: Node; prefix: string; depth: number }[] {
  return root.namedChildren.filter((c): c is Node => !!c).map((node) => ({ node, prefix: pkg, depth: 0 }));
}

/** The classes of a Kotlin file. */
export function kotlinClasses(tree: Tree, file: string): SourceClass[] {
  const root = tree.rootNode;
  const imports: Imports = { pkg: '', named: new Map(), stars: [] };
  const fileConstants = new Map<string, string>();
  for (const node of root.namedChildren) {
    if (!node) continue;
    if (node.type === 'package_header') imports.pkg = dotted(node.namedChild(0));
    if (node.type === 'import') {
      const q = dotted(node.namedChildren.find((c) => c?.type === 'qualified_identifier'));
      if (!q) continue;
      const alias = node.namedChildren.find((c, i) => i > 0 && c?.type === 'identifier');
      if (node.children.some((c) => c?.type === '*')) imports.stars.push(q);
      else imports.named.set(alias ? alias.text : q.slice(q.lastIndexOf('.') + 1), q);
    }
    if (node.type === 'property_declaration') addConstant(node, fileConstants);
  }
  const classes: SourceClass[] = [];
  const stack = topLevel(root, imports.pkg);
  while (stack.length > 0) {
    const { node, prefix, depth } = stack.pop()!;
    if (node.type !== 'class_declaration' && node.type !== 'object_declaration') continue;
    const nameNode = node.childForFieldName('name') ?? node.namedChildren.find((c) => c?.type === 'identifier');
    if (!nameNode) continue;
    const qualifiedName = prefix ? `${prefix}.${nameNode.text}` : nameNode.text;
    const body = node.namedChildren.find((c) => c?.type === 'class_body') ?? undefined;
    const supertypes = (node.namedChildren.find((c) => c?.type === 'delegation_specifiers')?.namedChildren ?? [])
      .map((spec) => typeName(spec?.namedChild(0)))
      .filter((w): w is string => !!w)
      .map((written) => ({ written, candidates: candidates(written, imports) }));
    classes.push({
      qualifiedName,
      name: nameNode.text,
      language: 'kotlin',
      supertypes,
      at: locationOf(nameNode, file),
      declaration: declarationText(node, body),
      keyReads: kotlinKeyReads(node, body, fileConstants, file),
    });
    if (depth >= MAX_NESTING) continue;
    for (const member of body?.namedChildren ?? []) if (member) stack.push({ node: member, prefix: qualifiedName, depth: depth + 1 });
  }
  return classes.reverse();
}

/** `val NAME = "text"` (const or not): a name the code may read a key through. */
function addConstant(node: Node, into: Map<string, string>) {
  const name = node.namedChildren.find((c) => c?.type === 'variable_declaration')?.namedChild(0)?.text;
  const value = literal(node.namedChildren.find((c) => c?.type === 'string_literal'));
  if (name && value !== undefined) into.set(name, value);
}

/**
 * The keys a Kotlin class reads from its Configuration: `config["key"]`, `config[KEY]`,
 * `config.get("key")`, where `config` is a constructor parameter, property or function
 * parameter of type Configuration (whatever its name) and KEY a string constant of the class,
 * its companion object or the file. A key in a comment or a log line is no read.
 */
function kotlinKeyReads(cls: Node, body: Node | undefined, fileConstants: Map<string, string>, file: string): ConfigKeyRead[] {
  const names = new Set<string>();
  const constants = new Map(fileConstants);
  const nodes: Node[] = [];
  const stack: Node[] = [cls];
  while (stack.length > 0) {
    const node = stack.pop()!;
    // A nested class is a class of its own: its reads are its own.
    if (node !== cls && (node.type === 'class_declaration' || node.type === 'object_declaration')) continue;
    nodes.push(node);
    const parameter = node.type === 'class_parameter' || node.type === 'parameter';
    if (parameter && isConfiguration(node.namedChildren.find((c) => c?.type.endsWith('_type')))) {
      const id = node.namedChildren.find((c) => c?.type === 'identifier');
      if (id) names.add(id.text);
    }
    if (node.type === 'property_declaration') {
      const declaration = node.namedChildren.find((c) => c?.type === 'variable_declaration');
      if (declaration && isConfiguration(declaration.namedChildren.find((c) => c?.type.endsWith('_type')))) {
        const id = declaration.namedChild(0);
        if (id) names.add(id.text);
      }
      if (body && (node.parent === body || node.parent?.parent?.type === 'companion_object')) addConstant(node, constants);
    }
    for (let i = node.namedChildCount - 1; i >= 0; i--) {
      const child = node.namedChild(i);
      if (child) stack.push(child);
    }
  }
  const isConfig = (receiver: Node | null | undefined) => {
    if (!receiver) return false;
    if (receiver.type === 'identifier') return names.has(receiver.text);
    if (receiver.type === 'navigation_expression') {
      const [self, id] = receiver.namedChildren;
      return self?.type === 'this_expression' && id?.type === 'identifier' && names.has(id.text);
    }
    return false;
  };
  const keyOf = (arg: Node | null | undefined): string | undefined => {
    if (!arg) return undefined;
    const text = literal(arg);
    if (text !== undefined) return text;
    if (arg.type === 'identifier') return constants.get(arg.text);
    if (arg.type === 'navigation_expression') {
      const last = arg.namedChild(arg.namedChildCount - 1);
      return last?.type === 'identifier' ? constants.get(last.text) : undefined;
    }
    return undefined;
  };
  const reads: ConfigKeyRead[] = [];
  for (const node of nodes) {
    let key: string | undefined;
    if (node.type === 'index_expression' && isConfig(node.namedChild(0))) {
      key = keyOf(node.namedChild(1));
    } else if (node.type === 'call_expression') {
      const callee = node.namedChild(0);
      const method = callee?.type === 'navigation_expression' ? callee.namedChild(callee.namedChildCount - 1) : undefined;
      if (callee && method && READ_METHODS.has(method.text) && isConfig(callee.namedChild(0))) {
        const args = node.namedChildren.find((c) => c?.type === 'value_arguments');
        key = keyOf(args?.namedChild(0)?.namedChild(0));
      }
    }
    if (key !== undefined) reads.push({ key, at: locationOf(node, file) });
  }
  return reads;
}

/** The classes of a Java file. */
export function javaClasses(tree: Tree, file: string): SourceClass[] {
  const root = tree.rootNode;
  const imports: Imports = { pkg: '', named: new Map(), stars: [] };
  for (const node of root.namedChildren) {
    if (node?.type === 'package_declaration') imports.pkg = node.namedChild(0)?.text ?? '';
    if (node?.type === 'import_declaration') {
      const q = node.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier')?.text;
      if (!q) continue;
      if (node.namedChildren.some((c) => c?.type === 'asterisk')) imports.stars.push(q);
      else imports.named.set(q.slice(q.lastIndexOf('.') + 1), q);
    }
  }
  const classes: SourceClass[] = [];
  const stack = topLevel(root, imports.pkg);
  while (stack.length > 0) {
    const { node, prefix, depth } = stack.pop()!;
    if (node.type !== 'class_declaration') continue;
    const nameNode = node.childForFieldName('name');
    if (!nameNode) continue;
    const qualifiedName = prefix ? `${prefix}.${nameNode.text}` : nameNode.text;
    const body = node.childForFieldName('body') ?? undefined;
    const written: string[] = [];
    const superclass = typeName(node.childForFieldName('superclass')?.namedChild(0));
    if (superclass) written.push(superclass);
    const list = node.childForFieldName('interfaces')?.namedChildren.find((c) => c?.type === 'type_list');
    for (const t of list?.namedChildren ?? []) {
      const name = typeName(t);
      if (name) written.push(name);
    }
    classes.push({
      qualifiedName,
      name: nameNode.text,
      language: 'java',
      supertypes: written.map((w) => ({ written: w, candidates: candidates(w, imports) })),
      at: locationOf(nameNode, file),
      declaration: declarationText(node, body),
      keyReads: javaKeyReads(node, file),
    });
    if (depth >= MAX_NESTING) continue;
    for (const member of body?.namedChildren ?? []) if (member) stack.push({ node: member, prefix: qualifiedName, depth: depth + 1 });
  }
  return classes.reverse();
}

/** The keys a Java class reads: `config.get("key")` or `config.get(KEY)` on a Configuration parameter or field. */
function javaKeyReads(cls: Node, file: string): ConfigKeyRead[] {
  const names = new Set<string>();
  const constants = new Map<string, string>();
  const nodes: Node[] = [];
  const stack: Node[] = [cls];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== cls && node.type === 'class_declaration') continue;
    nodes.push(node);
    if (node.type === 'formal_parameter' && isConfiguration(node.childForFieldName('type'))) {
      const id = node.childForFieldName('name');
      if (id) names.add(id.text);
    }
    if (node.type === 'field_declaration' || node.type === 'local_variable_declaration') {
      const typed = isConfiguration(node.childForFieldName('type'));
      for (const d of node.namedChildren) {
        if (d?.type !== 'variable_declarator') continue;
        const id = d.childForFieldName('name');
        const value = literal(d.childForFieldName('value'));
        if (id && typed) names.add(id.text);
        if (id && value !== undefined && node.type === 'field_declaration') constants.set(id.text, value);
      }
    }
    for (let i = node.namedChildCount - 1; i >= 0; i--) {
      const child = node.namedChild(i);
      if (child) stack.push(child);
    }
  }
  const reads: ConfigKeyRead[] = [];
  for (const node of nodes) {
    if (node.type !== 'method_invocation' || !READ_METHODS.has(node.childForFieldName('name')?.text ?? '')) continue;
    const receiver = node.childForFieldName('object');
    const ofThis = receiver?.type === 'field_access' && receiver.childForFieldName('object')?.type === 'this';
    const receiverName = receiver?.type === 'identifier' ? receiver.text : ofThis ? receiver.childForFieldName('field')?.text : undefined;
    if (!receiverName || !names.has(receiverName)) continue;
    const arg = node.childForFieldName('arguments')?.namedChild(0);
    const key = literal(arg) ?? (arg?.type === 'identifier' ? constants.get(arg.text) : undefined);
    if (key !== undefined) reads.push({ key, at: locationOf(node, file) });
  }
  return reads;
}
