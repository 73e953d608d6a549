/**
 * Every conversion from the core's results (offsets) to LSP types (positions): diagnostics,
 * code actions, completion items, outline symbols and the rest. The server only wires.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  DiagnosticTag,
  InsertTextFormat,
  SymbolKind,
  type CodeAction,
  type CompletionItem,
  type DocumentSymbol,
  type Diagnostic as LspDiagnostic,
  type Range,
  type SelectionRange,
  type Position,
} from 'vscode-languageserver';
import type { CompletionEntry, Diagnostic, FixData, OffsetRange, OutlineSymbol, Severity, SymbolKindName, TextEdit } from '../core';

const SOURCE = 'umsg';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What a diagnostic carries in `data` for its quick fixes. */
interface DiagnosticData {
  fixes: FixData[];
}

export function rangeOf(doc: TextDocument, offset: number, length: number): Range {
  return { start: doc.positionAt(offset), end: doc.positionAt(offset + length) };
}

export function toLspEdit(doc: TextDocument, e: TextEdit) {
  return { range: rangeOf(doc, e.offset, e.length), newText: e.newText };
}

export function toCompletionItem(doc: TextDocument, e: CompletionEntry): CompletionItem {
  return {
    label: e.label,
    kind: e.kind === 'property'
      ? CompletionItemKind.Property
      : e.kind === 'snippet' ? CompletionItemKind.Snippet : CompletionItemKind.Value,
    detail: e.detail,
    documentation: { kind: 'markdown', value: e.documentation },
    filterText: e.filterText,
    sortText: e.sortText,
    insertTextFormat: e.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    textEdit: { range: rangeOf(doc, e.replace.offset, e.replace.length), newText: e.insertText },
    additionalTextEdits: e.additionalEdits?.map((a) => toLspEdit(doc, a)),
  };
}

const SYMBOL_KIND: Record<SymbolKindName, SymbolKind> = {
  object: SymbolKind.Object,
  array: SymbolKind.Array,
  string: SymbolKind.String,
  property: SymbolKind.Property,
  event: SymbolKind.Event,
  field: SymbolKind.Field,
};

/**
 * A document that can start its search for an offset's line from a line known to start at or
 * before it (OpenDocument); any other TextDocument ignores the hint.
 */
interface HintedPositions {
  positionAt(offset: number, fromLine?: number): Position;
}

/**
 * The outline as LSP's symbols. Symbols come in document order (each after its parent's start),
 * so each search for a line starts from the line of the symbol before: up to 5,000 actions of a
 * 125,000-line message each move a few lines, not a search of the whole line table.
 */
export function toDocumentSymbols(doc: HintedPositions, symbols: readonly OutlineSymbol[]): DocumentSymbol[] {
  let line = 0;
  const range = (offset: number, length: number): Range => {
    const start = doc.positionAt(offset, line);
    line = start.line;
    return { start, end: doc.positionAt(offset + length, line) };
  };
  const convert = (s: OutlineSymbol): DocumentSymbol => {
    const whole = range(s.offset, s.length);
    return {
      name: s.name,
      detail: s.detail,
      kind: SYMBOL_KIND[s.kind],
      range: whole,
      selectionRange: range(s.selectionOffset, s.selectionLength),
      // Left out when empty (it is optional): one field less on each of up to 5,000 actions.
      children: s.children.length > 0 ? s.children.map(convert) : undefined,
    };
  };
  return symbols.map(convert);
}

/** A chain from the innermost range out, as LSP's linked list; the bare position when there is none. */
export function toSelectionRange(doc: TextDocument, chain: readonly OffsetRange[], at: Position): SelectionRange {
  let result: SelectionRange | undefined;
  for (let i = chain.length - 1; i >= 0; i--) result = { range: rangeOf(doc, chain[i].offset, chain[i].length), parent: result };
  return result ?? { range: { start: at, end: at } };
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
    out.relatedInformation = d.related.map((r) => ({
      location: { uri: doc.uri, range: rangeOf(doc, r.offset, r.length) },
      message: r.message,
    }));
  }
  if (d.tags?.length) out.tags = d.tags.map((t) => (t === 'unnecessary' ? DiagnosticTag.Unnecessary : DiagnosticTag.Deprecated));
  if (d.fixes?.length) out.data = { fixes: d.fixes } satisfies DiagnosticData;
  return out;
}

export const FIX_ALL_KIND = 'source.fixAll.umsg';

/** "Create a channel-specific message for …": a refactoring that writes a new file from this one. */
export const CHANNEL_MESSAGE_KIND = 'refactor.umsg.channelMessage';

interface FixableDiagnostic {
  diagnostic: LspDiagnostic;
  fixes: FixData[];
}

function fixable(diagnostics: readonly LspDiagnostic[]): FixableDiagnostic[] {
  const out: FixableDiagnostic[] = [];
  for (const d of diagnostics) {
    if (d.source !== SOURCE || typeof d.code !== 'string') continue;
    const data = d.data as DiagnosticData | undefined;
    if (data && Array.isArray(data.fixes) && data.fixes.length > 0) out.push({ diagnostic: d, fixes: data.fixes });
  }
  return out;
}

/** The edits of one fix in the document (the language service's fixEdits). */
type FixEdits = (fix: FixData) => TextEdit[];

/**
 * Edits of many fixes together, skipping any that would overlap an edit already taken (two
 * insertions at one offset overlap too). The taken edits are kept sorted by offset, so that
 * each new edit is compared with its neighbours only: comparing it with every taken edit made
 * fix-all quadratic on files with thousands of findings.
 */
export function combine(fixToEdits: FixEdits, fixes: readonly FixData[]): TextEdit[] {
  const taken: TextEdit[] = [];
  const sorted: TextEdit[] = [];
  const seen = new Set<string>();
  for (const fix of fixes) {
    const edits = fixToEdits(fix);
    const key = JSON.stringify(edits);
    if (edits.length === 0 || seen.has(key)) continue;
    if (edits.some((e) => overlapsTaken(sorted, e))) continue;
    seen.add(key);
    taken.push(...edits);
    for (const e of edits) sorted.splice(firstAtOrAfter(sorted, e.offset, e.length), 0, e);
  }
  return taken;
}

function overlaps(e: TextEdit, t: TextEdit): boolean {
  return (e.offset < t.offset + t.length && t.offset < e.offset + e.length) || (e.offset === t.offset && e.length === 0 && t.length === 0);
}

/** The index of the first edit in `sorted` (by offset, then length) not before (offset, length). */
function firstAtOrAfter(sorted: readonly TextEdit[], offset: number, length: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = sorted[mid];
    if (m.offset < offset || (m.offset === offset && m.length < length)) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/**
 * True when `e` overlaps an edit of `sorted`. Taken edits do not overlap one another, so only
 * the last one starting before `e` and those starting inside it (or at its offset) can.
 */
function overlapsTaken(sorted: readonly TextEdit[], e: TextEdit): boolean {
  const i = firstAtOrAfter(sorted, e.offset, 0);
  for (let k = i - 1; k >= 0; k--) {
    if (overlaps(e, sorted[k])) return true;
    if (sorted[k].length > 0) break; // the last non-empty one before e: earlier ones end before it starts
  }
  for (let k = i; k < sorted.length && (sorted[k].offset < e.offset + e.length || sorted[k].offset === e.offset); k++) {
    if (overlaps(e, sorted[k])) return true;
  }
  return false;
}

function toWorkspaceEdit(doc: TextDocument, edits: readonly TextEdit[]) {
  return { changes: { [doc.uri]: edits.map((e) => ({ range: rangeOf(doc, e.offset, e.length), newText: e.newText })) } };
}

/**
 * The diagnostics a code action request names (`context.diagnostics`, the client's), each with
 * the fixes of the same finding in the version now open: the same rule at the same range. A
 * client sends the diagnostics it shows, and right after an edit those are still the last
 * version's, their ranges moved by the client, their fixes' offsets not: a fix taken from them
 * would edit the wrong characters. A diagnostic with no such finding now gets no fix. (The
 * server passes only diagnostics with a range; `fixable` keeps umsg's own.)
 */
function withCurrentFixes(asked: readonly LspDiagnostic[], current: readonly LspDiagnostic[]): LspDiagnostic[] {
  const key = (d: LspDiagnostic) =>
    `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;
  const byKey = new Map<string, LspDiagnostic[]>();
  for (const d of current) {
    const same = byKey.get(key(d));
    if (same) same.push(d); else byKey.set(key(d), [d]);
  }
  return asked.map((d) => {
    // Two findings of one rule on one range: the one that says the same.
    const same = byKey.get(key(d));
    const now = same?.find((c) => c.message === d.message) ?? same?.[0];
    return { ...d, data: now?.data as DiagnosticData | undefined };
  });
}

/**
 * The quick fixes of the diagnostics a request names, from the findings of the version open now
 * (`all`, its diagnostics), and for a rule with several safe fixes in the file, one to fix them all.
 */
export function quickFixes(
  doc: TextDocument,
  fixToEdits: FixEdits,
  asked: readonly LspDiagnostic[],
  all: readonly LspDiagnostic[],
  uriOf?: (filePath: string) => string,
): CodeAction[] {
  const diagnostics = withCurrentFixes(asked, all);
  const actions: CodeAction[] = [];
  const kinds = new Set<string>();
  for (const { diagnostic: d, fixes } of fixable(diagnostics)) {
    fixes.forEach((fix) => {
      if (fix.kind === 'other-file') {
        // A token on one line of another file (a build file's value), edited there.
        const { line, character, length } = fix.at;
        const range = { start: { line, character }, end: { line, character: character + length } };
        const edit = uriOf && { changes: { [uriOf(fix.at.file)]: [{ range, newText: fix.text }] } };
        if (edit) actions.push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [d], edit });
        return;
      }
      const edits = fixToEdits(fix);
      if (edits.length === 0) return;
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: fix.preferred === true || fixes.length === 1,
        edit: toWorkspaceEdit(doc, edits),
      });
    });
    const code = d.code as string;
    if (kinds.has(code) || !fixes[0].preferred) continue;
    kinds.add(code);
    const same = fixable(all).filter((x) => x.diagnostic.code === code && x.fixes[0].preferred);
    if (same.length < 2) continue;
    const edits = combine(fixToEdits, same.map((x) => x.fixes[0]));
    actions.push({
      title: `Fix all ${code} problems in this file`,
      kind: CodeActionKind.QuickFix,
      diagnostics: same.map((x) => x.diagnostic),
      edit: toWorkspaceEdit(doc, edits),
    });
  }
  return actions;
}

/** One source action applying every safe (preferred) fix in the document, for "fix all" on save. */
export function fixAll(doc: TextDocument, fixToEdits: FixEdits, all: readonly LspDiagnostic[]): CodeAction | undefined {
  const fixes = fixable(all).filter((x) => x.fixes[0].preferred).map((x) => x.fixes[0]);
  if (fixes.length === 0) return undefined;
  return { title: 'Fix all safe problems in this file (umsg)', kind: FIX_ALL_KIND, edit: toWorkspaceEdit(doc, combine(fixToEdits, fixes)) };
}
