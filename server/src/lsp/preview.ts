/**
 * The `universalMessage/preview` request: the preview panel asks for the drawing of
 * a document; the server answers from the open text (unsaved edits included) and the files
 * around it as it already reads them for the checks (config, NAME.sample.json, siblings
 * NAME.<channel>.umsg). The view model itself is `core/preview.ts`; this file is wiring.
 *
 * A sample file or a channel-specific sibling previews its message NAME.umsg, so the preview
 * can follow whichever of the three is active; a sibling with no NAME.umsg beside it (not open,
 * not on disk) previews itself.
 */
import { URI, Utils } from 'vscode-uri';
import type { Connection, TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CHANNEL_IDS, channelOfPath, languageOf, messageFormOfText, previewChannelMessage, previewForm, previewMessage,
  type ChannelId, type PreviewMode, type ResolvedConfig,
} from '../core';
import type { ReadOutcome } from '../workspace/readOutcome';
import { PREVIEW_REQUEST, type PreviewParams, type PreviewResult } from '../protocol/preview';
import type { MessageContext } from '../workspace/messageContext';

export { PREVIEW_REQUEST, type PreviewResult } from '../protocol/preview';

interface PreviewHost {
  documents: TextDocuments<TextDocument>;
  /** Reads a file: the open document's text when it is open, else the disk's. */
  readText(filePath: string): Promise<ReadOutcome>;
  /** The configuration and surroundings of a document, as the checks read them. */
  context(doc: TextDocument): Promise<{ config: ResolvedConfig; around: MessageContext | undefined }>;
  log(message: string): void;
}

/**
 * NAME.sample.json and NAME.<channel>.umsg in native form preview NAME.umsg; anything else
 * previews itself (a channel-specific message in universal form, `text`, is its channel's card).
 */
export function previewTargetUri(uri: string, text?: string): string {
  const parsed = URI.parse(uri);
  const p = parsed.path;
  if (p.endsWith('.sample.json')) return parsed.with({ path: p.slice(0, -'.sample.json'.length) + '.umsg' }).toString();
  const channel = channelOfPath(p);
  if (channel && (text === undefined || messageFormOfText(text) === 'native')) {
    return parsed.with({ path: p.slice(0, -`.${channel}.umsg`.length) + '.umsg' }).toString();
  }
  return uri;
}

export function registerPreview(connection: Connection, host: PreviewHost): void {
  connection.onRequest(PREVIEW_REQUEST, async (params: PreviewParams): Promise<PreviewResult> => {
    const target = previewTargetUri(params.uri, host.documents.get(params.uri)?.getText());
    const uri = target !== params.uri && channelOfPath(URI.parse(params.uri).path) && !(await exists(host, target))
      ? params.uri
      : target;
    try {
      return await answer(host, uri, params);
    } catch (error) {
      host.log(`Preview of ${uri} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      return {
        uri,
        version: undefined,
        preview: { kind: 'none' as const, notice: 'The preview could not be drawn: see the Universal Message output.' },
      };
    }
  });
}

async function exists(host: PreviewHost, uri: string): Promise<boolean> {
  if (host.documents.get(uri)) return true;
  const parsed = URI.parse(uri);
  return parsed.scheme === 'file' && typeof await host.readText(parsed.fsPath) === 'string';
}

async function answer(host: PreviewHost, uri: string, params: PreviewParams): Promise<PreviewResult> {
  const parsed = URI.parse(uri);
  const name = Utils.basename(parsed);
  let doc = host.documents.get(uri);
  if (!doc) {
    const text = parsed.scheme === 'file' ? await host.readText(parsed.fsPath) : undefined;
    if (typeof text !== 'string') return {
      uri,
      version: undefined,
      preview: { kind: 'none', notice: `${name} is not open and cannot be read: nothing to preview.` },
    };
    doc = TextDocument.create(uri, languageOf(parsed.path) ?? 'plaintext', 0, text);
  }
  const language = languageOf(parsed.path) ?? (['universal-message', 'configuration-meta', 'native-provider'].includes(doc.languageId)
    ? doc.languageId as 'universal-message'
    : undefined);
  if (!language || language === 'umsg-config') return {
    uri,
    version: doc.version,
    preview: { kind: 'none', notice: `${name} is not a universal message, Configuration Meta or provider file.` },
  };
  const context = await host.context(doc);
  const { around } = context;
  const version = host.documents.get(uri)?.version;
  if (language !== 'universal-message') return { uri, version, preview: previewForm(doc.getText(), language, context.config) };
  const listLength = typeof params.listLength === 'number' && Number.isFinite(params.listLength) ? params.listLength : undefined;
  const mode: PreviewMode = params.mode === 'template' ? 'template' : 'sample';
  const { config } = context;
  // A channel-specific message asked for itself is drawn on its channel alone.
  if (around?.channelSpecific) {
    const channel = around.channelSpecific;
    const preview = previewChannelMessage({ text: doc.getText(), sample: around.sample, config, mode, listLength, channel, file: name });
    return { uri, version, preview };
  }
  const overrides: Partial<Record<ChannelId, { file: string; text: string }>> = {};
  if (parsed.scheme === 'file') {
    const base = parsed.fsPath.slice(0, -'.umsg'.length);
    for (const c of around?.overriddenChannels ?? []) {
      if (!CHANNEL_IDS.includes(c)) continue;
      const refused = around?.linkedOutSiblings?.[c];
      // A sibling linked out of the project is not read: the column says so instead of showing it.
      const text = refused !== undefined ? `// ${refused}` : await host.readText(`${base}.${c}.umsg`);
      if (typeof text === 'string') overrides[c] = { file: `${name.slice(0, -'.umsg'.length)}.${c}.umsg`, text };
    }
  }
  return { uri, version, preview: previewMessage({ text: doc.getText(), sample: around?.sample, config, mode, listLength, overrides }) };
}
