/**
 * The preview page's HTML: a shell that loads `media/preview/preview.js` and `preview.css`.
 * The message is untrusted input, so the page is locked down (docs/preview.md, "Security"):
 * Content-Security-Policy `default-src 'none'`, the one script only with a fresh nonce, styles
 * only from the extension, no inline script, forms and frames disabled, and images only from
 * the extension unless the builder allowed https images for this workspace. Every text from
 * the message is set by preview.js with textContent, never as HTML.
 */
import { randomBytes } from 'node:crypto';
import type { Uri, Webview } from 'vscode';

interface PageOptions {
  /** `media/preview/` of the extension. */
  mediaRoot: Uri;
  /** https images may be fetched (allowed per workspace, never in an untrusted one). */
  allowRemoteImages: boolean;
}

export function previewHtml(webview: Webview, joinPath: (base: Uri, ...parts: string[]) => Uri, options: PageOptions): string {
  const nonce = randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(joinPath(options.mediaRoot, 'preview.js'));
  const style = webview.asWebviewUri(joinPath(options.mediaRoot, 'preview.css'));
  const images = options.allowRemoteImages ? `${webview.cspSource} https:` : webview.cspSource;
  const csp = [
    "default-src 'none'",
    `img-src ${images}`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "form-action 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>Universal Message Preview</title>
</head>
<body data-remote-images="${options.allowRemoteImages ? 'https' : 'off'}">
<div id="app" role="main" aria-live="polite"><p class="loading">Drawing the preview…</p></div>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}
