/**
 * The open documents' texts, and where each change event changed them. The language service
 * makes a long document's parse after a keystroke from the previous version's parse
 * (core/syntax/incremental.ts), and to do so it needs the span the keystroke changed. Without
 * being told, it compares the two texts from both ends, which reads about 9 MB of a 4.6 MB
 * document on every keystroke; the change event already says where, in line and character,
 * which the document turns into offsets as it applies it.
 */
import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { composeEdits, type Edit } from '../core';

/** One change event: the version it made from which, and where it changed that version's text. */
interface Step {
  from: number;
  to: number;
  edit: Edit;
  /** The length of the text at `from`. */
  oldLength: number;
}

/** Change events remembered per document: enough for the versions a burst of typing makes between two requests. */
const KEPT_STEPS = 32;

interface TrackedDocuments {
  /** For `new TextDocuments(…)`: the library's text documents, their changes recorded. */
  readonly configuration: TextDocumentsConfiguration<TextDocument>;
  /**
   * Where `doc`'s current text differs from its text at `version`; undefined when that is not
   * known (an event that replaced the whole text or changed several places, a version too far
   * back, the same version, or none).
   */
  editSince(doc: TextDocument, version: number | undefined): Edit | undefined;
}

export function trackDocumentEdits(): TrackedDocuments {
  const steps = new WeakMap<TextDocument, Step[]>();
  return {
    configuration: {
      create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
      update(doc, changes, version) {
        const from = doc.version;
        const oldLength = doc.getText().length;
        // One ranged change: its offsets as the library will compute them (a range given end
        // first is taken in order), before the text changes. Several changes in one event (more
        // than one cursor) are each against the text the previous one left: not recorded.
        const change = changes.length === 1 ? changes[0] : undefined;
        const given = change && 'range' in change ? (change.range as Range | null | undefined) : undefined;
        const range = given === undefined || given === null ? undefined : ordered(given);
        const start = range && doc.offsetAt(range.start);
        const oldEnd = range && doc.offsetAt(range.end);
        const updated = TextDocument.update(doc, changes, version);
        const list = steps.get(updated) ?? [];
        // Versions only go up (the protocol says so); a client that sends one again is not followed.
        if (range && start !== undefined && oldEnd !== undefined && version > from) {
          list.push({ from, to: version, edit: { start, oldEnd, newEnd: start + (change as { text: string }).text.length }, oldLength });
          if (list.length > KEPT_STEPS) list.shift();
        } else {
          list.length = 0;
        }
        steps.set(updated, list);
        return updated;
      },
    },
    editSince(doc, version) {
      const list = steps.get(doc);
      if (!list || version === undefined) return undefined;
      let k = list.findIndex((s) => s.from === version);
      if (k < 0) return undefined;
      const oldLength = list[k].oldLength;
      let edit = list[k].edit;
      let at = list[k].to;
      for (k++; k < list.length && list[k].from === at; k++) {
        edit = composeEdits(edit, list[k].edit, oldLength);
        at = list[k].to;
      }
      // Only a chain that ends at this version and adds up to its text's length.
      if (at !== doc.version || oldLength + edit.newEnd - edit.oldEnd !== doc.getText().length) return undefined;
      return edit;
    },
  };
}

type Range = { start: { line: number; character: number }; end: { line: number; character: number } };

/** The range with its start first, as the library takes it. */
function ordered(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}
