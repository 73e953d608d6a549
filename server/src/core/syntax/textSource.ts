/**
 * A text whose parts can be read without reading it whole. An editor's long document is kept as
 * pieces (lsp/openDocument.ts): its current text is a string V8 has joined but not yet copied,
 * and the first read of any character of it copies all of it, 4.6 MB for the largest document
 * of the bench, on every keystroke, which fills V8's old generation with texts that died
 * (docs/performance.md, "A text read in windows"). The re-read after an edit (incremental.ts)
 * and the editing features that read near the cursor read through a source instead: each
 * `slice` makes a string of those characters alone.
 */
export interface TextSource {
  readonly length: number;
  /** The characters [start, end) of the text, clamped to it, as a string of their own. */
  slice(start: number, end: number): string;
}

/** A string as a source: its slices are V8's (they share the string's characters, if it is read already). */
export function sourceOf(text: string): TextSource {
  return new StringSource(text);
}

class StringSource implements TextSource {
  constructor(private readonly text: string) {}
  get length(): number {
    return this.text.length;
  }
  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }
}
