/**
 * Expands a VS Code snippet body the way the editor inserts it "as it is": every placeholder
 * takes its default (the first choice of a choice), tab stops are empty, `\$` `\}` `\\` are
 * literal. Nested placeholders are expanded too.
 */
export function expandSnippet(body: string): string {
  let out = '';
  let i = 0;
  // Returns the expansion of the text from i up to an unescaped '}' at depth 0 (when nested).
  const read = (nested: boolean): string => {
    let s = '';
    while (i < body.length) {
      const c = body[i];
      if (c === '\\' && i + 1 < body.length && '$}\\,|'.includes(body[i + 1])) { s += body[i + 1]; i += 2; continue; }
      if (nested && c === '}') return s;
      if (c === '$') {
        const m = /^\$(?:\d+|[A-Z_]+)/.exec(body.slice(i));
        if (m) { i += m[0].length; continue; } // $1, $0, $TM_SELECTED_TEXT: empty
        if (body[i + 1] === '{') {
          const head = /^\$\{(?:\d+|[A-Z_]+)([:|}]?)/.exec(body.slice(i));
          if (!head) throw new Error(`Bad snippet syntax at ${i}: ${body.slice(i, i + 20)}`);
          i += head[0].length;
          if (head[1] === '}' ) continue;
          if (head[1] === ':') { s += read(true); i++; continue; }
          if (head[1] === '|') {
            const end = body.indexOf('|}', i);
            s += body.slice(i, end).split(',')[0];
            i = end + 2;
            continue;
          }
          throw new Error(`Bad snippet placeholder at ${i}`);
        }
      }
      s += c;
      i++;
    }
    if (nested) throw new Error('Unclosed snippet placeholder');
    return s;
  };
  out = read(false);
  return out;
}
