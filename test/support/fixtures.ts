/**
 * Fixture files that carry their expectations (markdownlint style). In a fixture, a comment line
 *
 *   // expect [severity] <rule-id> [(line N)] [at "<exact text of the range>"] [: <part of the message>]
 *
 * expects one diagnostic of that rule starting on the next line that is not itself an
 * expectation, or with `(line N)` on line N (1-based) of the file: for a finding on the first
 * line, which no expectation can precede when it is the config line (file-size reports at offset 0).
 * A first line `// config: {...}` gives the fixture's umsg.config.json content. A line
 * `// sample: {...}` among the leading comment lines gives its sample data (NAME.sample.json).
 * A line `// project: <folder under test/fixtures>` checks a provider descriptor as if it lay in
 * that folder: against the Gradle project found from there.
 * Every diagnostic must be expected and every expectation met: a valid fixture has none.
 */
import { resolveConfig, type ResolvedConfig } from '../../server/src/core/findings/config';
import { parseConfig } from '../../server/src/core/rules/config';
import { ALL_RULES } from '../../server/src/core/rules';
import type { SampleData } from '../../server/src/core/template/render';
import { parseSample } from '../../server/src/workspace/messageContext';
import { nodeProviderProjects } from '../../server/src/node/providerProjects';
import type { ProviderProjectFacts } from '../../server/src/core/model/providerProject';
import { join } from 'node:path';

export interface Expectation {
  line: number; // 0-based line the diagnostic must start on
  rule: string;
  severity?: string;
  at?: string;
  message?: string;
  source: string; // the expectation text, for failure messages
}

const EXPECT = /^\s*\/\/\s*expect\s+(?:(error|warning|information|hint)\s+)?([a-z][a-z0-9-]*)(?:\s+\(line\s+([1-9]\d*)\))?(?:\s+at\s+("(?:[^"\\]|\\.)*"))?\s*(?::\s*(.*))?$/;

export function readExpectations(text: string): Expectation[] {
  const lines = text.split(/\r?\n/);
  const out: Expectation[] = [];
  let pending: Omit<Expectation, 'line'>[] = [];
  lines.forEach((line, i) => {
    const m = EXPECT.exec(line);
    if (m) {
      const e = {
        severity: m[1],
        rule: m[2],
        at: m[4] !== undefined ? JSON.parse(m[4]) : undefined,
        message: m[5]?.trim() || undefined,
        source: line.trim(),
      };
      if (m[3] !== undefined) out.push({ ...e, line: Number(m[3]) - 1 });
      else pending.push(e);
      return;
    }
    for (const p of pending) out.push({ ...p, line: i });
    pending = [];
  });
  if (pending.length > 0) throw new Error(`Expectation at end of file has no line to apply to: ${pending[0].source}`);
  return out;
}

export function fixtureConfig(text: string): ResolvedConfig {
  const m = /^\/\/\s*config:\s*(.*)$/m.exec(text.split(/\r?\n/, 1)[0] ?? '');
  if (!m) return resolveConfig(undefined);
  const parsed = parseConfig(m[1], ALL_RULES.map((r) => r.id));
  if (parsed.findings.length > 0) throw new Error(`Bad fixture config: ${parsed.findings[0].message}`);
  return resolveConfig(parsed.config);
}

/**
 * The sample data of a fixture, from a `// sample: {...}` line among its leading comment
 * lines, read as NAME.sample.json would be (a broken one gives the sample-data problem).
 */
export function fixtureSample(text: string): { sample?: SampleData; sampleProblem?: string } {
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim().startsWith('//')) break;
    const m = /^\s*\/\/\s*sample:\s*(.*)$/.exec(line);
    if (m) {
      const parsed = parseSample(m[1], 'card.sample.json');
      return { sample: parsed.sample, sampleProblem: parsed.problem };
    }
  }
  return {};
}

/** 0-based line of an offset. */
export function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

interface Found {
  rule: string;
  message: string;
  offset: number;
  length: number;
  severity?: string;
}

/**
 * Matches findings with a fixture's expectations, one to one: what no finding met (missing)
 * and what no expectation named (unexpected), each as a line a person can read.
 */
export function compareWithExpectations(
  text: string,
  expectations: readonly Expectation[],
  findings: readonly Found[],
): { missing: string[]; unexpected: string[] } {
  const unmatched = [...findings];
  const missing: string[] = [];
  for (const e of expectations) {
    const k = unmatched.findIndex((d) =>
      d.rule === e.rule &&
      lineOf(text, d.offset) === e.line &&
      (e.severity === undefined || d.severity === e.severity) &&
      (e.at === undefined || text.slice(d.offset, d.offset + d.length) === e.at) &&
      (e.message === undefined || d.message.includes(e.message)));
    if (k < 0) missing.push(`line ${e.line + 1}: ${e.source}`);
    else unmatched.splice(k, 1);
  }
  const unexpected = unmatched.map(
    (d) => `line ${lineOf(text, d.offset) + 1}: ${d.severity} ${d.rule} ` +
      `at ${JSON.stringify(text.slice(d.offset, d.offset + d.length))}: ${d.message}`,
  );
  return { missing, unexpected };
}

const projects = nodeProviderProjects();

/** The Gradle project of a fixture with a `// project: <folder>` line among its leading comment lines. */
export async function fixtureProject(text: string): Promise<ProviderProjectFacts | undefined> {
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim().startsWith('//')) break;
    const m = /^\s*\/\/\s*project:\s*(\S+)\s*$/.exec(line);
    if (m) return projects.factsFor(join(__dirname, '..', 'fixtures', m[1], 'fixture.provider.json'), text);
  }
  return undefined;
}
