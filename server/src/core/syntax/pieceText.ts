/**
 * A text kept as pieces: slices of strings read whole and the texts edits inserted, joined as V8
 * joins strings, without reading them. V8 joins strings lazily and slices a string without
 * copying it, so an edit costs a few small objects, and `text` hands out the current text at no
 * cost; the first reader of a character of that string makes V8 copy all of it. Readers that
 * need a few characters read them through `slice` instead (textSource.ts).
 *
 * The server's open documents keep their texts so (lsp/openDocument.ts), and the parse after an
 * edit keeps a templated text's masked text so (incremental.ts). After `MAX_PIECES` pieces the
 * text is read once and becomes one piece again.
 */
import type { TextSource } from './textSource';

/** Part of a text: [from, to) of `source`. */
interface Piece {
  readonly source: string;
  readonly from: number;
  readonly to: number;
}

/** Pieces of a text before it is read into one string again. */
const MAX_PIECES = 64;
/** Inserted texts up to this length join the piece before them when that is this short too. */
const JOIN_UP_TO = 4096;

export class PieceText implements TextSource {
  /** The text, joined without reading it. */
  readonly text: string;

  private constructor(readonly pieces: readonly Piece[], readonly length: number, text?: string) {
    this.text = text ?? joined(pieces);
  }

  /** `text` as one piece. */
  static of(text: string): PieceText {
    return new PieceText([{ source: text, from: 0, to: text.length }], text.length, text);
  }

  slice(start: number, end: number): string {
    start = Math.max(0, Math.min(start, this.length));
    end = Math.max(start, Math.min(end, this.length));
    let out = '';
    let at = 0;
    for (const p of this.pieces) {
      const pieceEnd = at + p.to - p.from;
      if (pieceEnd > start && at < end) {
        out += p.source.slice(p.from + Math.max(start - at, 0), p.from + Math.min(end, pieceEnd) - at);
      }
      if (pieceEnd >= end) break;
      at = pieceEnd;
    }
    return out;
  }

  /** The character code at `offset`; NaN outside the text. */
  charCodeAt(offset: number): number {
    if (offset < 0) return NaN;
    let at = 0;
    for (const p of this.pieces) {
      const length = p.to - p.from;
      if (offset < at + length) return p.source.charCodeAt(p.from + offset - at);
      at += length;
    }
    return NaN;
  }

  /** This text with [start, end) replaced by `inserted`, as a new PieceText: this one stays as it is. */
  spliced(start: number, end: number, inserted: string): PieceText {
    const kept: Piece[] = [];
    let at = 0;
    let placed = false;
    for (const p of this.pieces) {
      const length = p.to - p.from;
      const pieceEnd = at + length;
      if (pieceEnd <= start || at >= end) {
        if (!placed && at >= end) { place(kept, inserted); placed = true; }
        if (length > 0) kept.push(p);
      } else {
        // The part before the edit, the inserted text, the part after it.
        if (at < start) kept.push({ source: p.source, from: p.from, to: p.from + (start - at) });
        if (!placed) { place(kept, inserted); placed = true; }
        if (pieceEnd > end) kept.push({ source: p.source, from: p.from + (end - at), to: p.to });
      }
      at = pieceEnd;
    }
    if (!placed) place(kept, inserted);
    const length = this.length - (end - start) + inserted.length;
    if (kept.length <= MAX_PIECES) return new PieceText(kept, length);
    // Read once: the joined text becomes one piece.
    const whole = joined(kept);
    whole.charCodeAt(0);
    return PieceText.of(whole);
  }
}

/**
 * Puts the inserted text after the pieces kept before the edit. It joins the piece before it
 * when both are short (text typed there before): typing a word in one place makes one piece,
 * not a piece per character (each a step towards `MAX_PIECES`, when the whole text is copied).
 */
function place(kept: Piece[], inserted: string): void {
  if (inserted.length === 0) return;
  const last = kept[kept.length - 1];
  if (last !== undefined && last.source.length + inserted.length <= JOIN_UP_TO) {
    const text = last.source.slice(last.from, last.to) + inserted;
    kept[kept.length - 1] = { source: text, from: 0, to: text.length };
    return;
  }
  kept.push({ source: inserted, from: 0, to: inserted.length });
}

/** The pieces joined as V8 joins strings: without copying their characters. */
function joined(pieces: readonly Piece[]): string {
  let text = '';
  for (const p of pieces) text += p.from === 0 && p.to === p.source.length ? p.source : p.source.slice(p.from, p.to);
  return text;
}
