/**
 * What the host found of a native provider's Gradle project (docs/provider-projects.md):
 * facts read from the settings file, the subproject's build file and its Kotlin or Java sources,
 * handed to the check as plain data, as sample data is. The core reads no file: the host finds
 * and parses them (server/src/workspace/providerProject.ts) and the rules compare the
 * descriptor with these facts.
 */
import { parseJsonDocument, type JsonDocument, type Node } from '../syntax/jsonDocument';
import { plainString } from './values';
import { providerOf } from './provider';

/** A place in a file of the project: offsets and the line and character (0-based, UTF-16) where it starts. */
export interface SourceLocation {
  /** The file's path as the host names it. */
  file: string;
  offset: number;
  length: number;
  line: number;
  character: number;
}

/** A `group` or `version` a build file sets. */
export interface BuildValue {
  /** The value, when it is a plain string; undefined when an expression computes it (then it is not compared). */
  value: string | undefined;
  /** The expression as written, for messages. */
  written: string;
  at: SourceLocation;
  /** Where it comes from: the subproject's own build file, or the root build's `allprojects` or `subprojects`. */
  from: 'project' | 'allprojects' | 'subprojects';
}

/** A key a class reads from its `Configuration`, and where. */
export interface ConfigKeyRead {
  key: string;
  at: SourceLocation;
}

/** A class declared in the project's sources. */
export interface SourceClass {
  /** `package.Name` (a nested class: `package.Outer.Name`). */
  qualifiedName: string;
  name: string;
  language: 'kotlin' | 'java';
  /**
   * Its supertypes as written, each with the qualified names it may stand for: one when the
   * source names it in full or imports it by name, else one per star import and the class's
   * own package.
   */
  supertypes: { written: string; candidates: string[] }[];
  /** The class's name in its declaration. */
  at: SourceLocation;
  /** Its declaration up to the body, for hover. */
  declaration: string;
  /** The keys it reads from its Configuration (constructor parameter, property or builder parameter of that type). */
  keyReads: ConfigKeyRead[];
}

/** The subproject the implementation names, as the build declares it. */
export interface GradleSubproject {
  name: string;
  /** Its folder. */
  dir: string;
  /** Its build.gradle or build.gradle.kts, when it has one. */
  buildFile: string | undefined;
  group: BuildValue | undefined;
  version: BuildValue | undefined;
  /** Every class of its Kotlin and Java sources. */
  classes: SourceClass[];
}

/** What the host found above a descriptor. */
export type ProviderProjectFacts =
  | {
    found: true;
    /** The settings.gradle or settings.gradle.kts of the nearest Gradle build. */
    settingsFile: string;
    /** The projects the settings file includes, by name (the last part of `:a:b`). */
    projects: string[];
    /** The subproject named by the implementation string, when the build includes it. */
    project: GradleSubproject | undefined;
    /** Files that could not be read or parsed, in words; the checks go on without them. */
    problems: string[];
  }
  | {
    found: false;
    /** Why no project was checked, for hover on `implementation`. */
    reason: string;
  };

/** The parts of an implementation string `<group>:<project>:<version>` with their offsets in the document. */
interface ImplementationParts {
  node: Node;
  group: string;
  project: string;
  version: string;
  /** Ranges of each part in the document: the part itself when the string has no escape, else the whole value. */
  ranges: Record<'group' | 'project' | 'version', { offset: number; length: number }>;
}

/** The descriptor's implementation string split into its three parts, when it is well formed enough to have them. */
export function implementationParts(doc: JsonDocument): ImplementationParts | undefined {
  const prop = providerOf(doc)?.props.get('implementation');
  const value = plainString(doc, prop);
  const node = prop?.valueNode;
  if (value === undefined || !node) return undefined;
  const parts = value.split(':');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return undefined;
  const raw = doc.text.slice(node.offset, node.offset + node.length);
  const exact = raw === `"${value}"`;
  const whole = { offset: node.offset, length: node.length };
  let start = node.offset + 1;
  const at = (part: string) => {
    const r = exact ? { offset: start, length: part.length } : whole;
    start += part.length + 1;
    return r;
  };
  const [group, project, version] = parts;
  return { node, group, project, version, ranges: { group: at(group), project: at(project), version: at(version) } };
}

/** The class the descriptor names, among the subproject's classes. */
export function providerClass(facts: ProviderProjectFacts | undefined, className: string | undefined): SourceClass | undefined {
  if (!facts?.found || !facts.project || className === undefined) return undefined;
  return facts.project.classes.find((c) => c.qualifiedName === className);
}

/** A location as `file:line` for messages, the path relative to the settings file's folder when inside it. */
export function shortLocation(facts: ProviderProjectFacts, at: SourceLocation): string {
  return `${shortPath(facts, at.file)}:${at.line + 1}`;
}

/** A path relative to the build's folder (the settings file's), when inside it. */
export function shortPath(facts: ProviderProjectFacts, file: string): string {
  if (!facts.found) return file;
  const cut = Math.max(facts.settingsFile.lastIndexOf('/'), facts.settingsFile.lastIndexOf('\\'));
  const root = facts.settingsFile.slice(0, cut + 1);
  return file.startsWith(root) ? file.slice(root.length) : file;
}

/** The `<project>` of a descriptor's implementation string, for the host to find; undefined when there is none. */
export function providerImplementationProject(text: string): string | undefined {
  return implementationParts(parseJsonDocument(text))?.project;
}
