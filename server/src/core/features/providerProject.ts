/**
 * The editing features a provider descriptor gets from its Gradle project
 * (docs/provider-projects.md): hover on `implementation` says which project and build file it was
 * compared with, or why none was; hover on `providerClassName` shows the class's declaration;
 * a link and go to definition open the class.
 */
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import { providerOf } from '../model/provider';
import { providerClass, shortLocation, shortPath, type ProviderProjectFacts, type SourceLocation } from '../model/providerProject';
import { plainString } from '../model/values';
import { codeSpan, escapeMarkdown, visibleControls } from '../util/markdownQuote';
import type { DocumentLink } from './structure';
import type { FeatureContext } from './types';

const inside = (node: Node | undefined, offset: number): node is Node =>
  !!node && offset >= node.offset && offset <= node.offset + node.length;

/** The class providerClassName names, when the project has it, with the value's node. */
function classAt(doc: JsonDocument, facts: ProviderProjectFacts | undefined) {
  const prop = providerOf(doc)?.props.get('providerClassName');
  const cls = providerClass(facts, plainString(doc, prop));
  return cls && prop?.valueNode ? { cls, node: prop.valueNode } : undefined;
}

/** More hover for `implementation` and `providerClassName`, from the project (markdown paragraphs). */
export function providerProjectHover(doc: JsonDocument, offset: number, ctx: FeatureContext): string | undefined {
  const facts = ctx.providerProject;
  const provider = providerOf(doc);
  if (!provider) return undefined;
  if (inside(provider.props.get('implementation')?.valueNode, offset)) {
    if (!facts) return undefined;
    if (!facts.found) return `**Not checked against a project**: ${escapeMarkdown(facts.reason)}`;
    const project = facts.project;
    if (!project) return `**Gradle build** ${codeSpan(shortPath(facts, facts.settingsFile))}: it does not include this project.`;
    const value = (name: string, v: typeof project.group) => (v
      ? `${name} ${v.value === undefined ? `set by ${codeSpan(v.written)}` : codeSpan(v.value)} (${codeSpan(shortLocation(facts, v.at))})`
      : `no ${name}`);
    return `**Gradle project** ${codeSpan(project.name)} in ${codeSpan(shortPath(facts, facts.settingsFile))}: ` +
      `${value('group', project.group)}, ${value('version', project.version)}.`;
  }
  const found = classAt(doc, facts);
  if (found && inside(found.node, offset)) {
    const { cls } = found;
    return `**${escapeMarkdown(cls.name)}** (${codeSpan(shortLocation(facts!, cls.at))})\n\n` +
      `\`\`\`${cls.language}\n${shownSource(cls.declaration)}\n\`\`\``;
  }
  return undefined;
}

/**
 * Source text for a fenced block: its lines and indentation kept, other control and
 * bidirectional characters shown escaped, and no run of three backticks that would close the fence.
 */
function shownSource(text: string): string {
  return text.split('\n').map((line) => visibleControls(line.split('\r').join('').split('\t').join('    ')).replace(/`{3,}/g, '``')).join('\n');
}

/** Where providerClassName's class is declared, when `offset` is on its value. */
export function providerDefinition(doc: JsonDocument, offset: number, ctx: FeatureContext): SourceLocation | undefined {
  const found = classAt(doc, ctx.providerProject);
  return found && inside(found.node, offset) ? found.cls.at : undefined;
}

/** A link from providerClassName's value to its class. */
export function providerLinks(doc: JsonDocument, ctx: FeatureContext): DocumentLink[] {
  const found = classAt(doc, ctx.providerProject);
  return found ? [{ offset: found.node.offset, length: found.node.length, target: '', at: found.cls.at }] : [];
}
