// The walkthroughs' buttons and the New File commands in the real editor. Each button's command
// is read from the extension's package.json and run as the button runs it (New Native Provider
// and New Universal Message with their answers as arguments, since a test cannot type into
// their questions). The files made open with no findings: shown by breaking one field, seeing
// its finding, putting it back and seeing none, so that "no findings" is never the server not
// having answered yet. Everything is made under walkthrough-scratch/ of the workspace copy.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, describeDiagnostics, EXTENSION_ID, SOURCE, waitForDiagnostics, waitForFinding, workspaceRoot } from './helpers';
import { pollUntil, positionIn, where } from './featureHelpers';

interface Step {
  id: string;
  description: string;
}

interface Report {
  kind: string;
  uri?: string;
  columns?: { channel: string }[];
  keys?: string[];
}

const ANSWERS = {
  label: 'Stripe payments',
  deployMode: 'hosted',
  serviceInterface: 'services.example.payment.IPayment',
  packageName: 'com.example.payment',
  project: 'stripe',
};

const scratch = () => vscode.Uri.joinPath(workspaceRoot(), 'walkthrough-scratch');
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const report = async (): Promise<Report> =>
  (await vscode.commands.executeCommand<Report | undefined>('universalMessage.preview.testReport')) ?? { kind: 'nothing drawn yet' };

/** The command and arguments of each step's button, by step id. */
function buttons(walkthrough: string): Map<string, { command: string; args: unknown[] }> {
  const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as
    { contributes: { walkthroughs: { id: string; steps: Step[] }[] } } | undefined;
  const steps = pkg?.contributes.walkthroughs.find((w) => w.id === walkthrough)?.steps ?? [];
  assert.ok(steps.length > 0, `the walkthrough ${walkthrough} is in the extension's package.json`);
  return new Map(steps.map((s) => {
    const m = /\]\(command:([\w.]+)(?:\?([^)]*))?\)/.exec(s.description);
    assert.ok(m, `step ${s.id} has a button`);
    return [s.id, { command: m[1], args: m[2] ? JSON.parse(decodeURIComponent(m[2])) as unknown[] : [] }];
  }));
}

/** Breaks the document at `from` → `to`, waits for `rule`, puts it back, and waits until umsg reports nothing. */
async function assertClean(editor: vscode.TextEditor, from: string, to: string, rule: string): Promise<void> {
  const document = editor.document;
  const at = document.getText().indexOf(from);
  assert.ok(at >= 0, `${from} in ${vscode.workspace.asRelativePath(document.uri)}`);
  const range = new vscode.Range(document.positionAt(at), document.positionAt(at + from.length));
  assert.ok(await editor.edit((b) => b.replace(range, to)));
  await waitForFinding(document, rule);
  assert.ok(await editor.edit((b) => b.replace(new vscode.Range(range.start, document.positionAt(at + to.length)), from)));
  const left = await waitForDiagnostics(document.uri, 'no finding of umsg once the field is put back',
    (all) => all.every((d) => d.source !== SOURCE));
  assert.equal(left.filter((d) => d.source === SOURCE).length, 0, describeDiagnostics(left, document));
  await document.save();
}

describe('walkthroughs and New File', () => {
  afterEach(closeAllEditors);

  it('native provider: New Native Provider makes a project that opens clean, and each step\'s button runs', async () => {
    const steps = buttons('nativeProvider');
    assert.deepEqual([...steps.keys()], ['create', 'declare', 'configure', 'wire']);

    const create = steps.get('create')!;
    assert.equal(create.command, 'universalMessage.newNativeProvider');
    const made = await vscode.commands.executeCommand<string>(create.command, { answers: ANSWERS, folder: scratch().toString() });
    const descriptor = vscode.Uri.joinPath(scratch(), 'stripe', 'stripe.provider.json');
    assert.equal(made, descriptor.toString());
    const kotlin = vscode.Uri.joinPath(scratch(), 'stripe/src/main/kotlin/com/example/payment/StripePaymentsProvider.kt');
    assert.match(await read(kotlin), /^class StripePaymentsProvider\($/m);
    assert.match(await read(vscode.Uri.joinPath(scratch(), 'stripe', 'build.gradle')), /^group = 'com\.example\.payment'$/m);
    assert.equal(await read(vscode.Uri.joinPath(scratch(), 'settings.gradle')),
      "// The Gradle build of the native providers: one subproject per provider.\ninclude 'stripe'\n");

    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), descriptor.toString(), 'the descriptor is opened');
    assert.equal(editor.document.languageId, 'native-provider');
    await assertClean(editor, '"Native Provider"', '"native provider"', 'provider-type');

    // The project rules ran on the scaffold too: a version its build file does not set is found, and goes once put back.
    // build.gradle is edited and saved in an editor, as a builder would. Its folder was made with the
    // project in one go, which VS Code's file watcher on Linux may never watch: the client tells the
    // server of the save itself when the watcher stays silent (client/src/editorFileEvents.ts).
    const build = vscode.Uri.joinPath(scratch(), 'stripe', 'build.gradle');
    const buildEditor = await vscode.window.showTextDocument(build, { preview: false, viewColumn: vscode.ViewColumn.Beside });
    const setVersion = async (line: string) => {
      const at = /^version = .*$/m.exec(buildEditor.document.getText());
      assert.ok(at, 'build.gradle sets the version');
      const range = new vscode.Range(buildEditor.document.positionAt(at.index), buildEditor.document.positionAt(at.index + at[0].length));
      const original = at[0];
      assert.ok(await buildEditor.edit((b) => b.replace(range, line)));
      assert.ok(await buildEditor.document.save(), 'build.gradle is saved');
      return original;
    };
    const version = await setVersion("version = '9.9.9'");
    await waitForFinding(editor.document, 'provider-build');
    await setVersion(version);
    const after = await waitForDiagnostics(descriptor, 'no finding of umsg once build.gradle is put back',
      (all) => all.every((d) => d.source !== SOURCE));
    assert.equal(after.filter((d) => d.source === SOURCE).length, 0, describeDiagnostics(after, editor.document));
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);

    // Go to definition from providerClassName opens the class in the Kotlin file.
    const at = positionIn(editor.document, 'StripePaymentsProvider', 3, '"providerClassName"');
    const targets = await pollUntil(`a definition at ${where(at)}`,
      () => vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', descriptor, at),
      (found) => found.length > 0, (found) => JSON.stringify(found));
    assert.equal(targets.length, 1);
    const target = targets[0];
    const [uri, range] = 'targetUri' in target
      ? [target.targetUri, target.targetSelectionRange ?? target.targetRange]
      : [target.uri, target.range];
    assert.equal(uri.toString(), kotlin.toString());
    const line = (await read(kotlin)).split('\n')[range.start.line];
    assert.match(line, /^class StripePaymentsProvider\($/, `line ${range.start.line + 1} of the Kotlin file`);
    assert.ok(line.startsWith('StripePaymentsProvider', range.start.character), `the class's name at ${where(range.start)}`);

    for (const [id, field] of [['declare', 'implements'], ['configure', 'configurationMeta']]) {
      const step = steps.get(id)!;
      await vscode.commands.executeCommand(step.command, ...step.args);
      const active = vscode.window.activeTextEditor;
      assert.equal(active?.document.uri.toString(), descriptor.toString(), `${id}: the descriptor is shown`);
      assert.equal(active.document.getText(active.selection), `"${field}"`, `${id}: ${field} is selected`);
    }

    const wire = steps.get('wire')!;
    await vscode.commands.executeCommand(wire.command, ...wire.args);
    const form = await pollUntil('the Integrations form of stripe.provider.json', report,
      (r) => r.kind === 'form' && !!r.uri?.endsWith('/stripe/stripe.provider.json'), (r) => JSON.stringify(r));
    assert.deepEqual(form.keys, ['apiKey', 'sandbox', 'region']);
  });

  it('native provider: a second project is included once, beside the first; the same project again is refused', async () => {
    const settings = vscode.Uri.joinPath(scratch(), 'settings.gradle');
    const other = { ...ANSWERS, label: 'Twilio SMS', project: 'twilio', serviceInterface: 'services.example.sms.ISms' };
    const made = await vscode.commands.executeCommand<string | undefined>('universalMessage.newNativeProvider',
      { answers: other, folder: scratch().toString() });
    assert.ok(made?.endsWith('/twilio/twilio.provider.json'), String(made));
    const twice = await vscode.commands.executeCommand<string | undefined>('universalMessage.newNativeProvider',
      { answers: other, folder: scratch().toString() });
    assert.equal(twice, undefined, 'an existing project is not written over');
    const includes = (await read(settings)).split('\n').filter((l) => l.startsWith('include'));
    assert.deepEqual(includes, ["include 'stripe'", "include 'twilio'"]);
  });

  it('messages: New Universal Message opens clean, and the problems, preview, config and CI buttons run', async () => {
    const steps = buttons('universalMessages');
    assert.deepEqual([...steps.keys()], ['create', 'problems', 'preview', 'channels', 'ci']);

    const create = steps.get('create')!;
    const made = await vscode.commands.executeCommand<string>(create.command, { name: 'greeting', folder: scratch().toString() });
    assert.ok(made.endsWith('/walkthrough-scratch/greeting.umsg'), made);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), made);
    assert.equal(editor.document.languageId, 'universal-message');
    await assertClean(editor, '"rich"', '"Rich"', 'message-type');

    const problems = steps.get('problems')!;
    await vscode.commands.executeCommand(problems.command, ...problems.args);

    const preview = steps.get('preview')!;
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);
    await vscode.commands.executeCommand(preview.command, ...preview.args);
    const drawn = await pollUntil('the preview of greeting.umsg', report,
      (r) => r.kind === 'message' && !!r.uri?.endsWith('/greeting.umsg'), (r) => JSON.stringify(r));
    assert.deepEqual(drawn.columns?.map((c) => c.channel), ['messenger', 'gbm', 'whatsapp']);

    // The config and CI buttons make their files at the workspace's root; run here in the scratch folder.
    const channels = steps.get('channels')!;
    const config = await vscode.commands.executeCommand<string>(channels.command, { folder: scratch().toString() });
    assert.ok(config.endsWith('/walkthrough-scratch/umsg.config.json'), config);
    assert.deepEqual(Object.keys((JSON.parse(await read(vscode.Uri.parse(config))) as { channels: object }).channels),
      ['messenger', 'gbm', 'whatsapp', 'rcs']);
    const ci = steps.get('ci')!;
    const workflow = await vscode.commands.executeCommand<string>(ci.command, { folder: scratch().toString() });
    assert.match(await read(vscode.Uri.parse(workflow)), /^on: \[push, pull_request\]$/m);
  });
});
