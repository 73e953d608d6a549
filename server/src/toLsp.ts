/** Maps the core's findings (offsets) to LSP diagnostics and code actions (positions). */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind,
  DiagnosticSeverity,
  DiagnosticTag,
  type CodeAction,
  type Diagnostic as LspDiagnostic,
  type Range,
} from 'vscode-languageserver';
import type { Diagnostic } from './core/check';
import { fixToEdits } from './core/fixes';
import type { JsonDocument } from './core/jsonDocument';
import type { FixData, Severity } from './core/rule';

export const SOURCE = 'umsg';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What a diagnostic carries in `data` for its quick fixes. */
export interface DiagnosticData {
  fixes: FixData[];
}

export function rangeOf(doc: TextDocument, offset: number, length: number): Range {
  return { start: doc.positionAt(offset), end: doc.positionAt(offset + length) };
}

/** `docsBase` ends with a slash; the rule's page is `<docsBase><rule>.md`. */
export function toLspDiagnostic(doc: TextDocument, d: Diagnostic, docsBase: string): LspDiagnostic {
  const out: LspDiagnostic = {
    range: rangeOf(doc, d.offset, d.length),
    severity: SEVERITY[d.severity],
    code: d.rule,
    codeDescription: { href: `${docsBase}${d.rule}.md` },
    source: SOURCE,
    message: d.message,
  };
  if (d.related?.length) {
    out.relatedInformation = d.related.map((r) => ({ location: { uri: doc.uri, range: rangeOf(doc, r.offset, r.length) }, message: r.message }));
  }
  if (d.tags?.length) out.tags = d.tags.map((t) => (t === 'unnecessary' ? DiagnosticTag.Unnecessary : DiagnosticTag.Deprecated));
  if (d.fixes?.length) out.data = { fixes: d.fixes } satisfies DiagnosticData;
  return out;
}

/** Quick fixes for the diagnostics in a code action request, from their code and data only. */
export function quickFixes(doc: TextDocument, parsed: JsonDocument | undefined, diagnostics: readonly LspDiagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  if (!parsed) return actions;
  for (const d of diagnostics) {
    if (d.source !== SOURCE || typeof d.code !== 'string') continue;
    const data = d.data as DiagnosticData | undefined;
    if (!data || !Array.isArray(data.fixes)) continue;
    data.fixes.forEach((fix, i) => {
      const edits = fixToEdits(parsed, fix);
      if (edits.length === 0) return;
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: i === 0 && data.fixes.length === 1,
        edit: { changes: { [doc.uri]: edits.map((e) => ({ range: rangeOf(doc, e.offset, e.length), newText: e.newText })) } },
      });
    });
  }
  return actions;
}
