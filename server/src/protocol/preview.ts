/**
 * The preview's request, typed once for the server (server/src/lsp/preview.ts) and the VS Code
 * client (client/src/preview/): its method name, parameters and answer. Types only, plus the
 * name, so the client bundle takes nothing of the server with it.
 */
import type { FormPreview, MessagePreview, PreviewMode } from '../core';

export const PREVIEW_REQUEST = 'universalMessage/preview';

export interface PreviewParams {
  /** The document the preview follows: a message, its sample or sibling, or a Configuration Meta or provider file. */
  uri: string;
  mode?: PreviewMode;
  /** The dynamic list's length to draw (0 to 20); omitted: the sample's own. */
  listLength?: number;
}

export interface PreviewResult {
  /** The document drawn (a sample or sibling's message). */
  uri: string;
  /** Its version when open (undefined when read from disk). */
  version: number | undefined;
  preview: MessagePreview | FormPreview | { kind: 'none'; notice: string };
}
