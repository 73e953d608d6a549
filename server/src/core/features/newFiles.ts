/**
 * New files, for the editor's New File commands and walkthroughs: a native provider's project
 * (the descriptor, its Kotlin class, the subproject's Gradle build and its `include` in the
 * settings file), a universal message, the config file and a CI workflow. Pure: answers in,
 * files out; the client asks the questions, reads what exists and writes the result.
 *
 * The provider's files are in the shape of the platform's own providers: a Gradle subproject
 * per provider, listed in the root settings file, with `group` and `version` in its own
 * build.gradle; a Kotlin class implementing the service interface and `IProvider`, built by
 * its companion object (an `ExtensionBuilder`) and reading each Configuration Meta key from
 * its `Configuration` by that key.
 */
import { DEFAULT_CONFIG } from '../findings/config';
import { nameWords } from '../model/configMeta';
import { identifierProblem, qualifiedNameProblem } from '../model/kotlinNames';
import { DEPLOY_MODES, PROVIDER_TYPE, VALUE_DOCS } from '../model/metaSchema';
import { implementationProblem } from '../model/provider';
import { CONFIG_FILE_NAME } from '../syntax/languages';
import { quote } from '../util/messageQuote';

/** What New Native Provider asks. */
export interface ProviderAnswers {
  /** The provider's label on the platform; the Kotlin class is named after it. */
  label: string;
  deployMode: string;
  /** The service interface it implements: qualified (`services.example.payment.IPayment`) or in the class's package. */
  serviceInterface: string;
  /** The Kotlin package of the class, also the Gradle group. */
  packageName: string;
  /** The Gradle subproject: its folder, and the middle of the implementation string. */
  project: string;
}

export type ProviderQuestion = keyof ProviderAnswers;

/** An answer that cannot make a working project, and why (`settings`: the settings file as it is). */
export interface AnswerProblem {
  question: ProviderQuestion | 'settings';
  message: string;
}

/** A file to write: its path relative to the Gradle build's root folder ('/'-separated), and its text. */
export interface NewFile {
  path: string;
  text: string;
}

export interface ProviderProject {
  /** The descriptor, the Kotlin class and the subproject's build file, in that order. */
  files: NewFile[];
  /** The settings file with the project included; undefined when it includes it already. */
  settings: NewFile | undefined;
  /** The class's fully qualified name. */
  className: string;
}

/** The longest file or folder name most file systems take (ext4, NTFS, APFS: 255 bytes; every name made here is ASCII). */
const MAX_NAME = 255;

/** Why `name`, a file or folder name made from an answer, is too long; undefined when it is not. */
function tooLong(name: string, shorten: string): string | undefined {
  return name.length > MAX_NAME
    ? `It makes the name ${quote(name)}, over the ${MAX_NAME} characters most file systems take for a file or folder: shorten ${shorten}.`
    : undefined;
}

/** The implementation version a new project starts at, in build.gradle and the descriptor. */
const FIRST_VERSION = '1.0-SNAPSHOT';

/** Each deploy mode and what choosing it implies, for the question. */
export const DEPLOY_MODE_CHOICES: readonly { value: string; description: string }[] =
  DEPLOY_MODES.map((value) => ({ value, description: VALUE_DOCS[value] }));

/** The starter Configuration Meta: one entry of each kind the Integrations form draws but Text. */
const STARTER_META: readonly StarterEntry[] = [
  { key: 'apiKey', label: 'API key', type: 'String', placeholder: "The key from the service's dashboard" },
  { key: 'sandbox', label: 'Use the sandbox', type: 'Boolean', default_value: 'true' },
  {
    key: 'region',
    label: 'Region',
    options: [{ value: 'us', label: 'United States' }, { value: 'eu', label: 'Europe' }],
    default_value: 'us',
  },
];

interface StarterEntry {
  key: string;
  label: string;
  type?: 'String' | 'Boolean';
  placeholder?: string;
  options?: { value: string; label: string }[];
  default_value?: string;
}

/** The problems of the answers given so far (an absent answer is not judged). */
export function providerAnswerProblems(answers: Partial<ProviderAnswers>): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const add = (question: ProviderQuestion, message: string | undefined) => {
    if (message) problems.push({ question, message });
  };
  const { label, deployMode, serviceInterface, packageName, project } = answers;
  const className = label === undefined ? undefined : classNameFromLabel(label);
  if (label !== undefined) add('label', labelProblem(label, className));
  if (deployMode !== undefined && !(DEPLOY_MODES as readonly string[]).includes(deployMode)) {
    add('deployMode', `The deploy mode is ${DEPLOY_MODES.map((m) => `"${m}"`).join(' or ')}, not ${quote(deployMode)}.`);
  }
  if (serviceInterface !== undefined) {
    const simple = serviceInterface.slice(serviceInterface.lastIndexOf('.') + 1);
    add('serviceInterface', serviceInterface.trim().length === 0
      ? 'Enter the service interface the provider implements, such as "services.example.payment.IPayment".'
      : qualifiedNameProblem(serviceInterface, 'The service interface') ?? (simple === className
        ? `The service interface ${quote(serviceInterface)} has the provider class's own name: change the label or the interface.`
        : undefined));
  }
  if (packageName !== undefined) {
    add('packageName', packageName.trim().length === 0
      ? 'Enter the Kotlin package of the provider class, such as "com.example.payment"; it is the Gradle group too.'
      : qualifiedNameProblem(packageName, 'The package') ??
        packageName.split('.').map((part) => tooLong(part, 'that part of the package')).find((p) => p !== undefined));
  }
  if (project !== undefined) add('project', projectProblem(project));
  return problems;
}

function labelProblem(label: string, className: string | undefined): string | undefined {
  if (label.trim().length === 0) return 'Enter the provider\'s label: it names the provider on the platform and its Kotlin class.';
  // A line break would end the comments the label is written into.
  if ([...label].some((c) => c.charCodeAt(0) < 0x20 || c === '\u2028' || c === '\u2029')) {
    return 'The label has a line break or another control character: write it on one line.';
  }
  if (className === undefined) {
    return `The label ${quote(label)} has no letter or digit (A to Z, 0 to 9) to name the Kotlin class after.`;
  }
  const problem = identifierProblem(className);
  return problem ? `The label ${quote(label)} makes the class name ${quote(className)}, which ${problem}: ` +
    'start the label with a letter.' : tooLong(`${className}.kt`, 'the label');
}

function projectProblem(project: string): string | undefined {
  if (project.trim().length === 0) {
    return 'Enter the project\'s name: the folder of the Gradle subproject that holds the provider\'s code, such as "stripe".';
  }
  // The project is the middle part of the implementation string: it is well formed when that string is.
  if (implementationProblem(`group:${project}:${FIRST_VERSION}`)) {
    return `The project name ${quote(project)} is a folder name of letters, digits, '.', '-' and '_', not starting with '.': ` +
      'it is the Gradle subproject and the middle part of the implementation string.';
  }
  return tooLong(`${project}.provider.json`, 'the project name');
}

/**
 * The Kotlin class name a label gives: its words (accents dropped) capitalized and joined, with
 * "Provider" after them unless the last word is that already: "Stripe payments" gives
 * StripePaymentsProvider. Undefined when the label has no ASCII letter or digit.
 */
export function classNameFromLabel(label: string): string | undefined {
  const words = nameWords(label.normalize('NFD').replace(/\p{M}/gu, ''));
  if (words.length === 0) return undefined;
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return words[words.length - 1].toLowerCase() === 'provider' ? joined : `${joined}Provider`;
}

/**
 * A native provider's project: its descriptor `PROJECT/PROJECT.provider.json`, its Kotlin class
 * under `PROJECT/src/main/kotlin/`, `PROJECT/build.gradle` with the group (the package) and the
 * version, and the settings file with the project included: `settings` is the build's settings
 * file as it is (Groovy `settings.gradle` or Kotlin `settings.gradle.kts`), undefined to make a
 * Groovy one. Problems instead when an answer cannot make a working project.
 */
export function newProviderProject(answers: ProviderAnswers, settings?: NewFile): ProviderProject | { problems: AnswerProblem[] } {
  const problems = providerAnswerProblems(answers);
  const className = classNameFromLabel(answers.label);
  if (problems.length > 0 || className === undefined) return { problems };
  const { project, packageName } = answers;
  const qualified = `${packageName}.${className}`;
  const descriptorPath = `${project}/${project}.provider.json`;
  const implementation = `${packageName}:${project}:${FIRST_VERSION}`;
  const files: NewFile[] = [
    { path: descriptorPath, text: descriptorText(answers, qualified, implementation) },
    {
      path: `${project}/src/main/kotlin/${packageName.split('.').join('/')}/${className}.kt`,
      text: kotlinClassText(answers, className, descriptorPath),
    },
    { path: `${project}/build.gradle`, text: buildFileText(answers, implementation) },
  ];
  const edited = settings ? includeProject(settings.text, project, settings.path.endsWith('.kts')) : includeProject('', project, false);
  if (typeof edited === 'object') {
    return {
      problems: [{
        question: 'settings',
        message: `${settings?.path} has a ${edited.unclosed} left open: an include added after it would be inside it. ` +
          'Close it, then make the provider again.',
      }],
    };
  }
  return {
    files,
    settings: edited === undefined ? undefined : { path: settings?.path ?? 'settings.gradle', text: edited },
    className: qualified,
  };
}

function descriptorText(answers: ProviderAnswers, className: string, implementation: string): string {
  const json = (v: unknown) => JSON.stringify(v);
  const inline = (entry: object): string => `{ ${Object.entries(entry)
    .map(([k, v]) => `${json(k)}: ${Array.isArray(v) ? `[${v.map((o: object) => inline(o)).join(', ')}]` : json(v)}`)
    .join(', ')} }`;
  return [
    '{',
    `  "label": ${json(answers.label)},`,
    `  "providerType": ${json(PROVIDER_TYPE)},`,
    `  "deployMode": ${json(answers.deployMode)},`,
    `  "implements": [${json(answers.serviceInterface)}],`,
    `  "providerClassName": ${json(className)},`,
    '  "configurationMeta": [',
    STARTER_META.map((e) => `    ${inline(e)}`).join(',\n'),
    '  ],',
    `  "implementation": ${json(implementation)}`,
    '}',
    '',
  ].join('\n');
}

/**
 * A label inside a block comment: no comment start or end in it (Kotlin's block comments nest,
 * so a `/*` would leave one open). Control characters are refused before.
 */
function inComment(label: string): string {
  return label.replace(/\/\*|\*\//g, (m) => `${m[0]} ${m[1]}`);
}

function kotlinClassText(answers: ProviderAnswers, className: string, descriptorPath: string): string {
  const service = answers.serviceInterface;
  const dot = service.lastIndexOf('.');
  const serviceName = service.slice(dot + 1);
  const imports = ['io.opencui.core.Configuration', 'io.opencui.core.ExtensionBuilder', 'io.opencui.core.IProvider',
    'io.opencui.core.UserSession'];
  if (dot > 0 && service.slice(0, dot) !== answers.packageName) imports.push(service);
  imports.sort();
  const kotlinString = (s: string) => JSON.stringify(s).split('$').join('\\$');
  const reads = STARTER_META.map((e) => {
    const key = kotlinString(e.key);
    if (e.type === 'Boolean') {
      return [
        `    /** ${inComment(e.label)}: a switch on the form, ${e.default_value ?? 'false'} by default. */`,
        `    val ${e.key}: Boolean`,
        `        get() = config[${key}]?.toString()?.toBoolean() ?: ${e.default_value === 'true'}`,
      ];
    }
    if (e.options) {
      return [
        `    /** ${inComment(e.label)}: one of ${e.options.map((o) => kotlinString(o.value)).join(', ')}. */`,
        `    val ${e.key}: String`,
        `        get() = config[${key}] as String? ?: ${kotlinString(e.default_value ?? e.options[0].value)}`,
      ];
    }
    return [
      `    /** ${inComment(e.label)}: a text field on the form. */`,
      `    val ${e.key}: String?`,
      `        get() = config[${key}] as String?`,
    ];
  });
  return [
    `package ${answers.packageName}`,
    '',
    ...imports.map((i) => `import ${i}`),
    '',
    '/**',
    ` * ${inComment(answers.label)}: the native provider of ${serviceName}.`,
    ' *',
    ' * The platform builds it with the companion object, from the values entered on a chatbot\'s',
    ` * Integrations form. Each Configuration Meta key of ${descriptorPath} is read here by`,
    ' * that same key: a key read but not declared is null at run time, and a key declared but',
    ' * never read is a dead field on the form.',
    ' */',
    `class ${className}(`,
    '    val config: Configuration,',
    '    override var session: UserSession? = null',
    `) : ${serviceName}, IProvider {`,
    reads.map((lines) => lines.join('\n')).join('\n\n'),
    '',
    `    // The functions of ${serviceName} go here.`,
    '',
    `    companion object : ExtensionBuilder<${serviceName}> {`,
    `        override fun invoke(config: Configuration): ${serviceName} = ${className}(config)`,
    '    }',
    '}',
    '',
  ].join('\n');
}

function buildFileText(answers: ProviderAnswers, implementation: string): string {
  return [
    `// The Gradle project of the native provider "${answers.label}". Its group and version are`,
    `// the first and last parts of the descriptor's implementation string (${implementation}):`,
    '// change them together.',
    'plugins {',
    '    id \'org.jetbrains.kotlin.jvm\' version \'2.2.21\'',
    '    id \'java-library\'',
    '    id \'maven-publish\'',
    '}',
    '',
    'repositories {',
    '    mavenLocal()',
    '    mavenCentral()',
    '}',
    '',
    'dependencies {',
    '    // The platform\'s core library (Configuration, IProvider, ExtensionBuilder, IService), from',
    '    // an included build of the platform\'s core or a repository that has it.',
    '    implementation \'io.opencui:core\'',
    '}',
    '',
    `group = '${answers.packageName}'`,
    `version = '${FIRST_VERSION}'`,
    '',
  ].join('\n');
}

/**
 * The settings text with `include` of the project appended (a new line in the file's own
 * language: `include 'p'` in Groovy, `include("p")` in Kotlin), undefined when it includes the
 * project already, or a problem when the file has a comment or string left open: a line
 * appended after it would be inside it.
 */
export function includeProject(settingsText: string, project: string, kotlinDsl: boolean): string | undefined | { unclosed: string } {
  const { tokens, unclosed } = gradleTokens(settingsText, kotlinDsl);
  if (unclosed) return { unclosed };
  if (includesOf(tokens).includes(project)) return undefined;
  const line = kotlinDsl ? `include("${project}")` : `include '${project}'`;
  if (settingsText.length === 0) return `// The Gradle build of the native providers: one subproject per provider.\n${line}\n`;
  return `${settingsText}${settingsText.endsWith('\n') ? '' : '\n'}${line}\n`;
}

interface Token {
  kind: 'name' | 'string' | 'punct';
  text: string;
  /** For a string: true when it has a `$` template, so its value is not known. */
  dynamic?: boolean;
  /** The first token of its line. */
  first?: boolean;
}

/**
 * The projects a Gradle settings file includes with string literals (`include 'a'`,
 * `include 'a', 'b'`, `include(":a")`), as project paths without the leading ':'. Comments
 * and other calls are skipped. One pass over the text.
 */
export function settingsIncludes(text: string, kotlinDsl = false): string[] {
  return includesOf(gradleTokens(text, kotlinDsl).tokens);
}

function includesOf(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // `x.include 'a'` is another object's method, unless the line starts with it.
    if (t.kind !== 'name' || t.text !== 'include' || (i > 0 && tokens[i - 1].text === '.' && !t.first)) continue;
    let j = i + 1;
    if (tokens[j]?.text === '(') j++;
    while (tokens[j]?.kind === 'string') {
      if (!tokens[j].dynamic) out.push(tokens[j].text.replace(/^:/, ''));
      if (tokens[j + 1]?.text !== ',') break;
      j += 2;
    }
    i = j - 1 > i ? j - 1 : i;
  }
  return out;
}

/**
 * Names, string literals (their values) and punctuation of Groovy or Kotlin build text,
 * comments left out (Kotlin's block comments nest, Groovy's do not), and what was left open:
 * a block comment or a triple-quoted string at the end, or a one-line string at its line's end
 * (both languages refuse that), as "comment on line N" or "string on line N".
 */
function gradleTokens(text: string, kotlinDsl: boolean): { tokens: Token[]; unclosed?: string } {
  const tokens: Token[] = [];
  let lineStart = true;
  const push = (token: Token) => {
    tokens.push(lineStart ? { ...token, first: true } : token);
    lineStart = false;
  };
  const lineAt = (offset: number) => {
    let line = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    return line;
  };
  let k = 0;
  const n = text.length;
  while (k < n) {
    const c = text[k];
    if (c === '/' && text[k + 1] === '/') {
      const end = text.indexOf('\n', k);
      k = end < 0 ? n : end;
    } else if (c === '/' && text[k + 1] === '*') {
      const start = k;
      let depth = 1;
      k += 2;
      while (k < n && depth > 0) {
        if (text[k] === '*' && text[k + 1] === '/') { depth--; k += 2; }
        else if (kotlinDsl && text[k] === '/' && text[k + 1] === '*') { depth++; k += 2; }
        else k++;
      }
      if (depth > 0) return { tokens, unclosed: `comment on line ${lineAt(start)}` };
    } else if (c === '"' || c === '\'') {
      const start = k;
      const triple = text.startsWith(c.repeat(3), k);
      const close = triple ? c.repeat(3) : c;
      let value = '';
      let dynamic = false;
      k += close.length;
      while (k < n && !text.startsWith(close, k) && (triple || text[k] !== '\n')) {
        if (text[k] === '\\' && k + 1 < n && (triple || text[k + 1] !== '\n')) {
          value += text[k + 1];
          k += 2;
          continue;
        }
        if (text[k] === '$' && (c === '"' || kotlinDsl)) dynamic = true;
        value += text[k];
        k++;
      }
      if (!text.startsWith(close, k)) return { tokens, unclosed: `string on line ${lineAt(start)}` };
      k += close.length;
      push({ kind: 'string', text: value, dynamic });
    } else if (/[a-z_$]/i.test(c)) {
      const start = k;
      while (k < n && /[\w$]/.test(text[k])) k++;
      push({ kind: 'name', text: text.slice(start, k) });
    } else {
      if (c === '\n') lineStart = true;
      else if (!/\s/.test(c)) push({ kind: 'punct', text: c });
      k++;
    }
  }
  return { tokens };
}

/** A universal message's name: the file is NAME.umsg. Undefined when the name will do. */
export function messageNameProblem(name: string): string | undefined {
  if (name.trim().length === 0) return 'Enter the message\'s name: the file is NAME.umsg.';
  if (!/^[a-z0-9][\w-]*$/i.test(name)) {
    return `The name ${quote(name)} is letters, digits, '-' and '_', starting with a letter or digit ` +
      '(a \'.\' would make NAME.umsg a channel-specific message).';
  }
  return tooLong(`${name}.umsg`, 'the name');
}

/** A new universal message: a rich card every channel takes as it is. */
export function newMessageText(): string {
  return [
    '{',
    '  // A rich card: a title and a description, then actions inside the card or floating replies (not both).',
    '  "type": "rich",',
    '  "title": "Welcome",',
    '  "description": "How can we help you today?",',
    '  "insideActions": [',
    '    { "type": "reply", "display": "Opening hours", "payload": "OPENING_HOURS" },',
    '    { "type": "reply", "display": "Talk to us", "payload": "TALK_TO_US" }',
    '  ]',
    '}',
    '',
  ].join('\n');
}

/** The config file's name, and its text with every channel at its default severity. */
export function newConfigFile(): NewFile {
  const channels = Object.entries(DEFAULT_CONFIG.channels).map(([c, s]) => `${JSON.stringify(c)}: ${JSON.stringify(s)}`);
  return {
    path: CONFIG_FILE_NAME,
    text: `{\n  "channels": { ${channels.join(', ')} },\n  "rules": {}\n}\n`,
  };
}

/**
 * A GitHub Actions workflow that runs `umsg check` on every push and pull request, through this
 * repository's action. Where the action is hosted is the user's to fill in.
 */
export function newCiWorkflow(): NewFile {
  return {
    path: '.github/workflows/umsg.yml',
    text: [
      '# Checks the universal messages, Configuration Meta and native provider files on every push and',
      '# pull request: findings are annotations on the pull request, and errors fail the job.',
      'name: umsg',
      'on: [push, pull_request]',
      'jobs:',
      '  umsg:',
      '    runs-on: ubuntu-latest',
      '    permissions:',
      '      contents: read',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - uses: your-org/umsg@v0.1.0  # where the umsg action is hosted, at a ref you trust',
      '        with:',
      '          paths: .',
      '',
    ].join('\n'),
  };
}
