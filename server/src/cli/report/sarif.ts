/**
 * `umsg check --format sarif`: a SARIF 2.1.0 log (OASIS), which GitHub code scanning and other
 * review tools read. One run; one result per finding; the driver lists every rule of the
 * catalogue, so `ruleIndex` is the rule's position in ALL_RULES. It passes Microsoft's SARIF
 * validator (`sarif-multitool validate`) without errors: test/cli/reports.test.ts runs it.
 *
 * Columns are counted in UTF-16 code units, as everywhere in the command line (positionsOf in locate.ts) and
 * as SARIF counts by default; the run says so in `columnKind`. End columns are exclusive (one
 * past the last character), as SARIF defines them.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALL_RULES, type Severity } from '../../core';
import type { LocatedReport, Position, ReportWriter } from './locate';
import type { PackageInfo } from '../packageInfo';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** The base that artifact URIs are relative to: the working directory of the run. */
const SRCROOT = '%SRCROOT%';

/** Something that stopped part of the check: a file that could not be read, a rule that failed. */
export interface ToolNotification {
  message: string;
  /** The file concerned, when there is one. */
  filePath?: string;
  /** The rule that failed, when it was a rule. */
  rule?: string;
}

interface SarifOptions {
  cwd: string;
  tool: PackageInfo;
  notifications: ToolNotification[];
}

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

/**
 * A file's location: relative to %SRCROOT% (each path segment percent-encoded, so spaces, `%`,
 * `#` and `:` stay part of the name) when it lies under the working directory, an absolute
 * file URI otherwise.
 */
function artifactLocation(filePath: string, cwd: string): ArtifactLocation {
  const rel = path.relative(cwd, filePath);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return { uri: pathToFileURL(filePath).href };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

/**
 * JSON.stringify escapes C0 controls but leaves DEL, the C1 controls (U+009B is a CSI on some
 * terminals), the line and paragraph separators and the bidirectional controls as they are. In
 * the JSON text they can only occur inside strings, where `\uXXXX` means the same character, so
 * escaping them keeps the log identical to a reader and inert in a terminal. One class: linear.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function inertJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A rule's page (docs/rules/<id>.md) as the rule's `help`, and its first paragraph as the
 * `fullDescription`: GitHub code scanning shows both in an alert's details, where the file
 * URL of `helpUri` would lead nowhere. Without the page, the catalogue's description stands in.
 */
function ruleHelp(
  docsDir: string,
  id: string,
  description: string,
): { fullDescription: { text: string }; help: { text: string; markdown?: string } } {
  let page: string;
  try {
    page = readFileSync(path.join(docsDir, `${id}.md`), 'utf8');
  } catch {
    return { fullDescription: { text: description }, help: { text: description } };
  }
  // The paragraph after the `# id` heading: the page's one-paragraph statement of the rule.
  const paragraphs = page.replace(/\r\n/g, '\n').split('\n\n').map((p) => p.trim());
  const first = paragraphs.find((p) => p !== '' && !p.startsWith('#')) ?? description;
  return { fullDescription: { text: first }, help: { text: page, markdown: page } };
}

/**
 * The SARIF log is written whole at the end, not file by file: the parts that come before
 * `results` depend on the whole run (`tool.driver.rules` gains an entry for any rule id a
 * finding names that is not in the catalogue, and `invocations` says whether every file could
 * be read), and the log must be one JSON object in that order. The writer keeps only the
 * located findings (no file texts) until then. `options.notifications` is read at the end.
 */
export function sarifWriter(options: SarifOptions): ReportWriter {
  const located: LocatedReport[] = [];
  return {
    file(r) {
      if (r.findings.length > 0) located.push(r);
      return '';
    },
    end: () => sarifLog(located, options) + '\n',
  };
}

function sarifLog(reports: LocatedReport[], options: SarifOptions): string {
  const { cwd, tool } = options;
  // No `name` ("friendly name") per rule: the validator warns (SARIF1001) when it equals the
  // id but for case, as it would for `syntax` and `config`, and the ids are readable already.
  const rules = ALL_RULES.map((r) => ({
    id: r.id,
    shortDescription: { text: r.description },
    ...ruleHelp(tool.docsDir, r.id, r.description),
    helpUri: `${tool.docsBase}${r.id}.md`,
    defaultConfiguration: { level: LEVEL[r.defaultSeverity] },
  }));
  const ruleIndex = new Map(ALL_RULES.map((r, i) => [r.id, i]));
  // A finding whose id is not in the catalogue still gets a rule entry, so every result has one.
  const indexOf = (id: string): number => {
    let i = ruleIndex.get(id);
    if (i === undefined) {
      i = rules.length;
      rules.push({
        id,
        shortDescription: { text: id },
        fullDescription: { text: id },
        help: { text: id },
        helpUri: `${tool.docsBase}README.md`,
        defaultConfiguration: { level: 'warning' },
      });
      ruleIndex.set(id, i);
    }
    return i;
  };

  const results = [];
  for (const r of reports) {
    if (r.findings.length === 0) continue;
    const artifact = artifactLocation(r.filePath, cwd);
    const region = (start: Position, end: Position) => ({
      startLine: start.line,
      startColumn: start.column,
      endLine: end.line,
      endColumn: end.column,
    });
    for (const f of r.findings) {
      const result: Record<string, unknown> = {
        ruleId: f.rule,
        ruleIndex: indexOf(f.rule),
        level: LEVEL[f.severity],
        message: { text: f.message },
        locations: [{ physicalLocation: { artifactLocation: artifact, region: region(f.start, f.end) } }],
      };
      if (f.related?.length) {
        result.relatedLocations = f.related.map((rel, i) => ({
          id: i + 1,
          message: { text: rel.message },
          physicalLocation: { artifactLocation: artifact, region: region(rel.start, rel.end) },
        }));
      }
      results.push(result);
    }
  }

  const toolExecutionNotifications = options.notifications.map((n) => {
    const out: Record<string, unknown> = { level: 'error', message: { text: n.message } };
    if (n.filePath) out.locations = [{ physicalLocation: { artifactLocation: artifactLocation(n.filePath, cwd) } }];
    if (n.rule) out.associatedRule = { id: n.rule, index: indexOf(n.rule) };
    return out;
  });

  const log = {
    $schema: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            semanticVersion: tool.version,
            informationUri: tool.informationUri,
            rules,
          },
        },
        invocations: [
          {
            // False when a file could not be read or a rule failed: the results are incomplete.
            executionSuccessful: toolExecutionNotifications.length === 0,
            ...(toolExecutionNotifications.length ? { toolExecutionNotifications } : {}),
          },
        ],
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(cwd + (cwd.endsWith(path.sep) ? '' : path.sep)).href } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return inertJson(log);
}
