/**
 * The open documents (openDocument.ts), and where each change event changed them. The language
 * service makes a long document's parse after a keystroke from the previous version's parse
 * (core/syntax/incremental.ts), and to do so it needs the span the keystroke changed. Without
 * being told, it compares the two texts from both ends, which reads about 9 MB of a 4.6 MB
 * document on every keystroke; the change event already says where, in line and character,
 * which the document turns into offsets as it applies it.
 */
import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import { composeEdits, type Edit } from '../core';
import { OpenDocument } from './openDocument';

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
  /** For `new TextDocuments(…)`: the open documents, their changes recorded. */
  readonly configuration: TextDocumentsConfiguration<OpenDocument>;
  /**
   * Where `doc`'s current text differs from its text at `version`; undefined when that is not
   * known (an event that replaced the whole text or changed several places, a version too far
   * back, the same version, or none).
   */
  editSince(doc: OpenDocument, version: number | undefined): Edit | undefined;
}

export function trackDocumentEdits(): TrackedDocuments {
  const steps = new WeakMap<OpenDocument, Step[]>();
  return {
    configuration: {
      create: (uri, languageId, version, content) => new OpenDocument(uri, languageId, version, content),
      update(doc, changes, version) {
        const from = doc.version;
        const oldLength = doc.getText().length;
        // One ranged change: the span it replaced (several changes in one event, for more than
        // one cursor, are each against the text the one before left: no one span).
        const edit = doc.update(changes, version);
        const list = steps.get(doc) ?? [];
        // Versions only go up (the protocol says so); a client that sends one again is not followed.
        if (edit && version > from) {
          list.push({ from, to: version, edit, oldLength });
          if (list.length > KEPT_STEPS) list.shift();
        } else {
          list.length = 0;
        }
        steps.set(doc, list);
        return doc;
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
