/**
 * Finds and reads a native provider's Gradle project (docs/provider-projects.md): the
 * nearest settings.gradle or settings.gradle.kts at or above the descriptor, the subproject its
 * implementation string names, that subproject's build file (and the root build's
 * `allprojects`/`subprojects`), and its Kotlin and Java sources under src/main. The result is
 * plain facts for the core's rules. File access comes from the caller; every parse is kept by
 * path and text, so a check again after an edit elsewhere parses nothing.
 */
import * as path from 'node:path';
import { providerImplementationProject, type GradleSubproject, type ProviderProjectFacts, type SourceClass } from '../core';
import type { Tree } from 'web-tree-sitter';
import { isUnreadable, type ReadText } from './readOutcome';
import { buildFacts, includedProjects, javaClasses, kotlinClasses, type BuildFacts } from './sourceFacts';
import type { Grammar, SourceParsers } from './sourceParser';

/** What the finder needs of the files: their text and folder listings. */
export interface ProjectFiles {
  readText: ReadText;
  /**
   * The entries of a folder, or undefined when it cannot be listed. A symbolic link (`link`) is
   * never read: a linked source or build file could be any file of the machine, and its text
   * would be shown (hover shows declarations, messages name keys).
   */
  list(dir: string): Promise<{ name: string; folder: boolean; link?: boolean }[] | undefined>;
}

const SETTINGS_FILES = ['settings.gradle', 'settings.gradle.kts'];
const BUILD_FILES = ['build.gradle', 'build.gradle.kts'];
const SOURCE_ROOTS = [path.join('src', 'main', 'kotlin'), path.join('src', 'main', 'java')];
/** Source files read per subproject at most: a hostile tree costs a bounded walk. */
const MAX_SOURCE_FILES = 5000;

const grammarOf = (file: string): Grammar =>
  (file.endsWith('.kts') || file.endsWith('.kt') ? 'kotlin' : file.endsWith('.java') ? 'java' : 'groovy');

/** One parsed file's facts, kept with the text they were read from. */
interface Parsed<T> {
  text: string;
  facts: T | string;
}

/** Provider projects for many descriptors: one instance per server or command run, its parses cached. */
export class ProviderProjects {
  private readonly parsed = new Map<string, Parsed<unknown>>();

  constructor(private readonly files: ProjectFiles, private readonly parsers: SourceParsers) {}

  /**
   * The facts of the project the descriptor at `descriptorPath` names. `stopAt` is the project
   * root (a folder with .git or a workspace folder): the walk for a settings file stops there.
   */
  async factsFor(descriptorPath: string, descriptorText: string, stopAt?: string): Promise<ProviderProjectFacts> {
    const projectName = providerImplementationProject(descriptorText);
    if (projectName === undefined) return { found: false, reason: 'the implementation string names no project.' };
    const settings = await this.findSettings(path.dirname(descriptorPath), stopAt);
    if (!settings) {
      return {
        found: false,
        reason: 'no Gradle build (settings.gradle or settings.gradle.kts) at or above this file: ' +
          'the implementation, class name and configuration keys are checked on their own.',
      };
    }
    const problems: string[] = [];
    const included = await this.read(settings, (tree) => includedProjects(tree), problems);
    if (!included) {
      return { found: false, reason: `${problems.join('; ') || `${settings} cannot be read`}: the project checks did not run.` };
    }
    const paths = included;
    const projects = paths.map((p) => p.slice(p.lastIndexOf(':') + 1));
    const index = projects.indexOf(projectName);
    if (index < 0) return { found: true, settingsFile: settings, projects, project: undefined, problems };
    const root = path.dirname(settings);
    const dir = path.join(root, ...paths[index].split(':'));
    return { found: true, settingsFile: settings, projects, project: await this.subproject(root, dir, projectName, problems), problems };
  }

  private async findSettings(from: string, stopAt: string | undefined): Promise<string | undefined> {
    for (let dir = from; ; dir = path.dirname(dir)) {
      const names = await this.files.list(dir);
      const found = SETTINGS_FILES.find((f) => names?.some((n) => n.name === f && !n.folder && !n.link));
      if (found) return path.join(dir, found);
      if (dir === stopAt || path.dirname(dir) === dir) return undefined;
    }
  }

  private async subproject(root: string, dir: string, name: string, problems: string[]): Promise<GradleSubproject> {
    const buildFile = await this.firstFile(dir, BUILD_FILES);
    const own = buildFile ? await this.read(buildFile, (tree) => buildFacts(tree, buildFile), problems) : undefined;
    const rootBuild = await this.firstFile(root, BUILD_FILES);
    const inherited = rootBuild && rootBuild !== buildFile
      ? await this.read(rootBuild, (tree) => buildFacts(tree, rootBuild), problems)
      : undefined;
    const pick = (key: 'group' | 'version') => pickValue(key, own, inherited);
    const classes: SourceClass[] = [];
    for (const file of await this.sourceFiles(dir)) {
      const classesOf = (tree: Tree) => (file.endsWith('.java') ? javaClasses(tree, file) : kotlinClasses(tree, file));
      const found = await this.read(file, classesOf, problems);
      if (found) classes.push(...found);
    }
    return { name, dir, buildFile, group: pick('group'), version: pick('version'), classes };
  }

  private async firstFile(dir: string, names: readonly string[]): Promise<string | undefined> {
    const listed = await this.files.list(dir);
    const name = names.find((n) => listed?.some((e) => e.name === n && !e.folder && !e.link));
    return name ? path.join(dir, name) : undefined;
  }

  /** The .kt and .java files under the subproject's src/main/kotlin and src/main/java, breadth first. */
  private async sourceFiles(dir: string): Promise<string[]> {
    const found: string[] = [];
    const queue = SOURCE_ROOTS.map((r) => path.join(dir, r));
    for (let i = 0; i < queue.length && found.length < MAX_SOURCE_FILES; i++) {
      for (const entry of (await this.files.list(queue[i])) ?? []) {
        const p = path.join(queue[i], entry.name);
        if (entry.link) continue;
        if (entry.folder) queue.push(p);
        else if (entry.name.endsWith('.kt') || entry.name.endsWith('.java')) found.push(p);
      }
    }
    return found.sort();
  }

  /** A file's facts, parsed again only when its text changed; a failure is added to `problems`. */
  private async read<T>(file: string, extract: (tree: Tree) => T, problems: string[]): Promise<T | undefined> {
    const text = await this.files.readText(file);
    if (typeof text !== 'string') {
      if (isUnreadable(text)) problems.push(`${file} cannot be read (${text.unreadable})`);
      return undefined;
    }
    let entry = this.parsed.get(file) as Parsed<T> | undefined;
    if (!entry || entry.text !== text) {
      const tree = await this.parsers.parse(grammarOf(file), text);
      let facts: T | string;
      if (typeof tree === 'string') facts = tree;
      else {
        try {
          facts = extract(tree);
        } finally {
          tree.delete();
        }
      }
      entry = { text, facts };
      this.parsed.set(file, entry);
    }
    if (typeof entry.facts === 'string') {
      problems.push(`${file} was not read: ${entry.facts}`);
      return undefined;
    }
    return entry.facts;
  }
}

/** The subproject's own value first, then the root build's `subprojects`, then its `allprojects`. */
function pickValue(key: 'group' | 'version', own: BuildFacts | undefined, root: BuildFacts | undefined) {
  return own?.project[key] ?? own?.allprojects[key] ?? root?.subprojects[key] ?? root?.allprojects[key];
}
