/**
 * The code lens of a document: the channel summary over its card ("2 channels with problems",
 * which lists them), and "Open Preview" above every card and form. None over maxFileSize,
 * where every feature answers empty; each is turned off by its setting.
 */
import type { CodeLens } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CheckResult, DocumentContext, LanguageService, ServiceDocument } from '../core';
import { SHOW_CHANNEL_PROBLEMS, SHOW_PREVIEW_TO_SIDE, type ChannelProblemsArgs } from '../protocol/commands';
import type { ClientSettings } from './settings';
import { rangeOf } from './toLsp';

/** What the lens needs of an open document: its text, handle and context, and its check (undefined when cancelled). */
interface LensInput {
  doc: TextDocument;
  kind: string;
  handle: ServiceDocument;
  context: DocumentContext;
}

export async function codeLenses(
  service: LanguageService,
  settings: ClientSettings,
  i: LensInput | undefined,
  check: () => Promise<(LensInput & { result: CheckResult }) | undefined>,
): Promise<CodeLens[]> {
  const previewAt = (offset: number): CodeLens[] => (i && i.kind !== 'umsg-config' && !i.handle.overSize && settings.previewLens !== false
    ? [{ range: rangeOf(i.doc, offset, 0), command: { title: 'Open Preview', command: SHOW_PREVIEW_TO_SIDE, arguments: [] } }]
    : []);
  if (settings.channelSummary === false) return previewAt(0);
  const c = await check();
  const summary = c && service.channelSummary(c.handle, c.result.diagnostics, c.context);
  if (!c || !summary) return previewAt(c?.result.doc?.root?.offset ?? 0);
  const args: ChannelProblemsArgs = [
    c.doc.uri,
    summary.problems.map((d) => ({ channel: d.channel, rule: d.rule, message: d.message, range: rangeOf(c.doc, d.offset, d.length) })),
  ];
  const root = c.result.doc?.root ?? { offset: 0 };
  return [
    { range: rangeOf(c.doc, root.offset, 1), command: { title: summary.title, command: SHOW_CHANNEL_PROBLEMS, arguments: args } },
    ...previewAt(root.offset),
  ];
}
