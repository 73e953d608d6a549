/**
 * The live preview beside the editor: one webview panel that follows the active
 * universal message (or its sample, or a channel-specific sibling), or a Configuration Meta or
 * provider file, unless locked; asks the server for the drawing (`universalMessage/preview`)
 * and posts it to the page, which patches itself in place. No checking logic lives here.
 *
 * Updates are throttled (`universalMessage.preview.updateDelay`, 250 ms by default): the
 * first at once, then at most one per delay while typing, the last edit always drawn. A
 * request whose inputs did not change (same document versions, mode and list length) is
 * not sent. The panel survives a window reload through a WebviewPanelSerializer.
 */
import {
  commands,
  env,
  Range,
  Selection,
  TextEditorRevealType,
  Uri,
  ViewColumn,
  window,
  workspace,
  type Disposable,
  type ExtensionContext,
  type TextDocument,
  type WebviewPanel,
} from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SHOW_PREVIEW_TO_SIDE } from '../../../server/src/protocol/commands';
import { PREVIEW_REQUEST, type PreviewResult } from '../../../server/src/protocol/preview';
import { previewHtml } from './html';
import { drawingReads, messageOf, previewTarget } from './target';
import { Throttle } from './throttle';

const VIEW_TYPE = 'universalMessage.preview';
const REMOTE_IMAGES_KEY = 'universalMessage.preview.allowRemoteImages';

type Mode = 'template' | 'sample';

/** What the panel shows; kept in the webview's state so that a reload restores it. */
interface PanelState {
  resource: string | undefined;
  locked: boolean;
  mode: Mode;
  listLength: number | undefined;
}

/** What the page reports after each drawing (read by the editor tests). */
interface DrawnReport {
  kind: string;
  uri?: string;
  version?: number;
  columns?: { channel: string; verdict: string; title?: string; buttons: number; events: string[] }[];
  /** True while the page draws the platform's events before the card (the Events toggle). */
  events?: boolean;
  keys?: string[];
  renders?: number;
  loadId?: string;
  banner?: boolean;
}

type PreviewResponse = PreviewResult;

/** True for the files the preview can draw or follow. */
function isPreviewable(doc: { uri: Uri; languageId: string }): boolean {
  if (['universal-message', 'configuration-meta', 'native-provider'].includes(doc.languageId)) return true;
  const p = doc.uri.path;
  return p.endsWith('.umsg') || p.endsWith('.sample.json') || p.endsWith('.configmeta.json') || p.endsWith('.provider.json');
}

/** The file the preview draws for this one (see target.ts): NAME.umsg when it exists beside a sibling, else the sibling. */
async function targetOf(uri: Uri): Promise<string> {
  const message = messageOf(uri.path);
  if (message === undefined) return uri.toString();
  const candidate = uri.with({ path: message });
  const exists = workspace.textDocuments.some((d) => d.uri.toString() === candidate.toString()) ||
    await workspace.fs.stat(candidate).then(() => true, () => false);
  return uri.with({ path: previewTarget(uri.path, exists) }).toString();
}

class PreviewManager implements Disposable {
  private panel: WebviewPanel | undefined;
  private state: PanelState = { resource: undefined, locked: false, mode: 'sample', listLength: undefined };
  private readonly disposables: Disposable[] = [];
  private panelDisposables: Disposable[] = [];
  private lastKey: string | undefined;
  private lastResponse: PreviewResponse | undefined;
  private readonly throttle = new Throttle(() => void this.update(), () => this.delay(), {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  /** Bumped by every edit of a file the drawing depends on (message, sample, siblings). */
  private changes = 0;
  private drawn: DrawnReport | undefined;
  private drawnWaiters: (() => void)[] = [];
  /** Where the drawn document was last shown in a text editor (to reveal source ranges there). */
  private sourceColumn: ViewColumn | undefined;

  constructor(private readonly context: ExtensionContext, private readonly client: LanguageClient) {
    this.disposables.push(
      window.onDidChangeActiveTextEditor(async (editor) => {
        if (!editor || !this.panel || this.state.locked || !isPreviewable(editor.document)) return;
        this.sourceColumn = editor.viewColumn;
        const target = await targetOf(editor.document.uri);
        if (!this.panel || this.state.locked || window.activeTextEditor !== editor) return;
        if (target !== this.state.resource) {
          this.state.resource = target;
          this.persist();
          this.refresh(true);
        }
      }),
      workspace.onDidChangeTextDocument((e) => {
        if (!this.panel || !this.state.resource || e.contentChanges.length === 0) return;
        if (!this.dependsOn(e.document)) return;
        this.changes++;
        this.refresh(false);
      }),
      workspace.onDidSaveTextDocument((doc) => {
        // A saved sample or sibling changes what the server reads from disk for closed files.
        if (this.panel && this.dependsOn(doc)) { this.changes++; this.refresh(false); }
      }),
      window.onDidChangeTextEditorSelection((e) => {
        if (!this.panel || !this.lastResponse || e.textEditor.document.uri.toString() !== this.lastResponse.uri) return;
        void this.panel.webview.postMessage({ type: 'cursor', offset: e.textEditor.document.offsetAt(e.selections[0].active) });
      }),
      workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('universalMessage') && this.panel) { this.changes++; this.refresh(true); }
      }),
      workspace.onDidGrantWorkspaceTrust(() => this.resetHtml()),
    );
  }

  /** Opens (or shows) the preview for the active editor's file. */
  async show(toSide: boolean, uri?: Uri): Promise<void> {
    const doc = uri ? await workspace.openTextDocument(uri) : window.activeTextEditor?.document;
    if (!doc || !isPreviewable(doc)) {
      void window.showInformationMessage('Open a universal message (.umsg), Configuration Meta or provider file to preview it.');
      return;
    }
    this.sourceColumn = window.activeTextEditor?.viewColumn ?? ViewColumn.One;
    this.state.resource = await targetOf(doc.uri);
    const column = toSide ? ViewColumn.Beside : (window.activeTextEditor?.viewColumn ?? ViewColumn.Active);
    if (this.panel) {
      this.panel.reveal(column, toSide);
    } else {
      const panel = window.createWebviewPanel(VIEW_TYPE, 'Preview', { viewColumn: column, preserveFocus: toSide }, this.webviewOptions());
      this.attach(panel);
    }
    this.persist();
    this.refresh(true);
  }

  async toggleLock(): Promise<void> {
    this.state.locked = !this.state.locked;
    this.persist();
    this.updateTitle();
    const editor = window.activeTextEditor;
    if (this.state.locked || !editor || !isPreviewable(editor.document)) return;
    const target = await targetOf(editor.document.uri);
    if (!this.state.locked && target !== this.state.resource) {
      this.state.resource = target;
      this.persist();
      this.refresh(true);
    }
  }

  /** https images for this workspace: never in an untrusted workspace, never http. */
  async allowRemoteImages(): Promise<void> {
    if (!workspace.isTrusted) {
      void window.showWarningMessage('Remote images are never loaded in an untrusted workspace.');
      return;
    }
    const now = !this.context.workspaceState.get<boolean>(REMOTE_IMAGES_KEY, false);
    await this.context.workspaceState.update(REMOTE_IMAGES_KEY, now);
    void window.showInformationMessage(now
      ? 'The preview now loads https images in this workspace (never http).'
      : 'The preview no longer loads remote images in this workspace.');
    this.resetHtml();
  }

  /** Restores a panel after a window reload. */
  restore(panel: WebviewPanel, saved: unknown): Promise<void> {
    // The page keeps { state, response, tab } with vscode.setState; the serializer gets that.
    const page = (saved ?? {}) as { state?: Partial<PanelState> };
    const s = page.state ?? {};
    this.state = {
      resource: typeof s.resource === 'string' ? s.resource : undefined,
      locked: !!s.locked,
      mode: s.mode === 'template' ? 'template' : 'sample',
      listLength: typeof s.listLength === 'number' ? s.listLength : undefined,
    };
    panel.webview.options = this.webviewOptions();
    this.attach(panel);
    this.refresh(true);
    return Promise.resolve();
  }

  /** For the editor tests: what the page last reported drawing. */
  report(): DrawnReport | undefined {
    return this.drawn;
  }

  /** For the editor tests: resolves at the page's next report. */
  nextReport(): Promise<DrawnReport | undefined> {
    return new Promise((resolve) => this.drawnWaiters.push(() => resolve(this.drawn)));
  }

  private webviewOptions() {
    return {
      enableScripts: true,
      enableForms: false,
      enableCommandUris: false,
      localResourceRoots: [this.mediaRoot()],
    };
  }

  private mediaRoot(): Uri {
    return Uri.joinPath(this.context.extensionUri, 'media', 'preview');
  }

  private attach(panel: WebviewPanel): void {
    this.panel = panel;
    this.resetHtml();
    this.panelDisposables.push(
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.lastKey = undefined;
        this.lastResponse = undefined;
        for (const d of this.panelDisposables) d.dispose();
        this.panelDisposables = [];
      }),
      panel.onDidChangeViewState((e) => {
        // A hidden webview may be discarded; shown again it asks for its drawing ('ready').
        if (e.webviewPanel.visible) this.updateTitle();
      }),
      panel.webview.onDidReceiveMessage((m) => this.onMessage(m)),
    );
    this.updateTitle();
  }

  private resetHtml(): void {
    if (!this.panel) return;
    const allow = workspace.isTrusted && this.context.workspaceState.get<boolean>(REMOTE_IMAGES_KEY, false);
    this.lastKey = undefined;
    this.panel.webview.html = previewHtml(
      this.panel.webview,
      (base, ...parts) => Uri.joinPath(base, ...parts),
      { mediaRoot: this.mediaRoot(), allowRemoteImages: allow },
    );
  }

  private updateTitle(): void {
    if (!this.panel) return;
    const name = this.state.resource ? Uri.parse(this.state.resource).path.split('/').pop() : undefined;
    this.panel.title = `${this.state.locked ? '[Locked] ' : ''}Preview${name ? ` ${name}` : ''}`;
  }

  private persist(): void {
    this.updateTitle();
    void this.panel?.webview.postMessage({ type: 'state', state: this.state });
  }

  /** True when the drawing of the followed file reads this document. */
  private dependsOn(doc: TextDocument): boolean {
    return !!this.state.resource && drawingReads(Uri.parse(this.state.resource).path, doc.uri.path);
  }

  private delay(): number {
    const v = workspace.getConfiguration('universalMessage').get<number>('preview.updateDelay', 250);
    return typeof v === 'number' && v >= 0 ? v : 250;
  }

  /** At once when asked or idle; otherwise at most one update per delay, the last one always drawn. */
  private refresh(now: boolean): void {
    if (this.panel) this.throttle.request(now);
  }

  private async update(): Promise<void> {
    const panel = this.panel;
    const resource = this.state.resource;
    if (!panel || !resource) return;
    const key = `${resource}|${this.state.mode}|${this.state.listLength}|${this.changes}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    try {
      await this.clientRunning();
      const response = await this.client.sendRequest<PreviewResponse>(PREVIEW_REQUEST, {
        uri: resource,
        mode: this.state.mode,
        listLength: this.state.listLength,
      });
      if (this.panel !== panel || this.lastKey !== key) return; // a newer request is on its way
      this.lastResponse = response;
      await panel.webview.postMessage({ type: 'render', response, state: this.state, sentAt: Date.now() });
    } catch (error) {
      this.lastKey = undefined;
      await panel.webview.postMessage({
        type: 'render',
        response: {
          uri: resource,
          version: undefined,
          preview: {
            kind: 'none' as const,
            notice: `The preview could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
          },
        },
        state: this.state,
      });
    }
  }

  /** A panel restored after a reload may ask before the server has started. */
  private clientRunning(): Promise<void> {
    if (this.client.isRunning()) return Promise.resolve();
    return new Promise((resolve) => {
      const sub = this.client.onDidChangeState(() => {
        if (this.client.isRunning()) { sub.dispose(); resolve(); }
      });
    });
  }

  private onMessage(m: unknown): void {
    if (!m || typeof m !== 'object') return;
    const msg = m as { type?: string; [k: string]: unknown };
    switch (msg.type) {
      case 'ready':
        // A new page (first load, reload, or shown again after being hidden): draw again.
        this.lastKey = undefined;
        if (this.lastResponse && this.panel) void this.panel.webview.postMessage({
          type: 'render',
          response: this.lastResponse,
          state: this.state,
        });
        this.refresh(true);
        break;
      case 'setMode':
        if (msg.mode === 'template' || msg.mode === 'sample') { this.state.mode = msg.mode; this.persist(); this.refresh(true); }
        break;
      case 'setListLength':
        if (
          msg.length === null ||
          (typeof msg.length === 'number' && Number.isInteger(msg.length) && msg.length >= 0 && msg.length <= 20)
        ) {
          this.state.listLength = msg.length === null ? undefined : msg.length;
          this.persist();
          this.refresh(true);
        }
        break;
      case 'reveal':
        if (typeof msg.offset === 'number' && typeof msg.length === 'number') {
          void this.reveal(msg.offset, msg.length, typeof msg.file === 'string' ? msg.file : undefined);
        }
        break;
      case 'copy':
        if (typeof msg.text === 'string') void env.clipboard.writeText(msg.text).then(
          () => window.setStatusBarMessage('Copied to the clipboard.', 2000),
        );
        break;
      case 'toggleLock':
        void this.toggleLock();
        break;
      case 'drawn':
        this.drawn = msg.report as DrawnReport;
        for (const w of this.drawnWaiters.splice(0)) w();
        break;
    }
  }

  /**
   * Shows a range of the drawn document in its editor (beside the preview, never in its place);
   * with `file`, of that channel-specific file beside it (NAME.<channel>.umsg, a column drawn from it).
   */
  private async reveal(offset: number, length: number, file?: string): Promise<void> {
    const drawn = this.lastResponse?.uri;
    if (!drawn) return;
    // Only a sibling's plain file name: never a path that leaves the folder.
    if (file !== undefined && !/^[^/\\]+\.umsg$/.test(file)) return;
    const uri = file === undefined ? drawn : Uri.joinPath(Uri.parse(drawn), '..', file).toString();
    const doc = await workspace.openTextDocument(Uri.parse(uri));
    const visible = window.visibleTextEditors.find((e) => e.document.uri.toString() === uri);
    const editor = await window.showTextDocument(doc, {
      viewColumn: visible?.viewColumn ?? this.sourceColumn ?? ViewColumn.One,
      preserveFocus: false,
    });
    const start = doc.positionAt(Math.max(0, offset));
    const end = doc.positionAt(Math.max(0, offset + length));
    editor.selection = new Selection(start, end);
    editor.revealRange(new Range(start, end), TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    this.throttle.dispose();
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** Registers the preview's commands and serializer; called once from activate. */
export function registerPreview(context: ExtensionContext, client: LanguageClient): PreviewManager {
  const manager = new PreviewManager(context, client);
  context.subscriptions.push(
    manager,
    commands.registerCommand('universalMessage.showPreview', (uri?: Uri) => manager.show(false, uri instanceof Uri ? uri : undefined)),
    commands.registerCommand(SHOW_PREVIEW_TO_SIDE, (uri?: Uri) => manager.show(true, uri instanceof Uri ? uri : undefined)),
    commands.registerCommand('universalMessage.togglePreviewLock', () => manager.toggleLock()),
    commands.registerCommand('universalMessage.preview.allowRemoteImages', () => manager.allowRemoteImages()),
    // For the editor tests: what the page reports it drew (columns and verdicts, form keys).
    commands.registerCommand('universalMessage.preview.testReport', (wait?: boolean) => (wait ? manager.nextReport() : manager.report())),
    window.registerWebviewPanelSerializer(VIEW_TYPE, { deserializeWebviewPanel: (panel, state) => manager.restore(panel, state) }),
  );
  return manager;
}
