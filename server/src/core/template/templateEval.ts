/**
 * The safe evaluator of template expressions against sample data. It understands only these:
 * dotted paths into the sample object, `it` inside a
 * dynamic list body, `it.name()` and `it.label()` (the element's `name` and `label` fields),
 * and `.size` of a list. Anything else stays unevaluated and says why. Nothing is ever run:
 * the expression is read by a small tokenizer, never handed to eval, Function or vm.
 *
 * Sample data is read by own properties only, everywhere (here, hover, completion): a key
 * such as `__proto__`, `constructor` or `toString` is an ordinary key, present when the file
 * has it and absent otherwise, never something inherited from Object.prototype.
 */
import type { Node, ParseError } from 'jsonc-parser';
import { parseJsonTree } from '../syntax/jsonTree';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type EvalResult =
  | { ok: true; value: JsonValue }
  | { ok: false; reason: string };

export interface Scope {
  /** The sample object (NAME.sample.json). */
  data: { [key: string]: JsonValue } | undefined;
  /** The current element inside a dynamic list body. */
  it?: JsonValue;
  /** True inside a dynamic list body (even without sample data). */
  inBody?: boolean;
}

type Step = { kind: 'field'; name: string } | { kind: 'call'; name: string } | { kind: 'index'; index: number };

/** `\s` as JavaScript reads it, tried on one character at a time (never on the rest of a path). */
const SPACE = /\s/;
const isWordStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95; // A-Z a-z _
const isWord = (c: number) => isWordStart(c) || (c >= 48 && c <= 57); // and 0-9

function skipSpace(s: string, i: number): number {
  while (i < s.length && SPACE.test(s[i])) i++;
  return i;
}

/** The end of the name (`[A-Za-z_]\w*`) that starts at `i`, or -1 when none starts there. */
function nameEnd(s: string, i: number): number {
  if (i >= s.length || !isWordStart(s.charCodeAt(i))) return -1;
  i++;
  while (i < s.length && isWord(s.charCodeAt(i))) i++;
  return i;
}

/**
 * Reads `a.b.c`, `it.name()`, `list.size`, `list[0].x` (white space allowed around the dots,
 * brackets and parentheses, `?.` as `.`); undefined when the expression is anything else.
 * One pass, one object per step: the cost grows linearly with the path's length
 * (scripts/growth.ts), where a regular expression per step also built a match per step.
 */
export function parsePath(expression: string): { root: string; steps: Step[] } | undefined {
  const s = expression.trim();
  const headEnd = nameEnd(s, 0);
  if (headEnd < 0) return undefined;
  const steps: Step[] = [];
  let i = headEnd;
  while (i < s.length) {
    const j = skipSpace(s, i);
    if (j >= s.length) break; // only white space is left
    const c = s.charCodeAt(j);
    if (c === 63 /* ? */ || c === 46 /* . */) {
      const dot = c === 63 ? j + 1 : j;
      if (s.charCodeAt(dot) !== 46) return undefined;
      const start = skipSpace(s, dot + 1);
      const end = nameEnd(s, start);
      if (end < 0) return undefined;
      const name = s.slice(start, end);
      const open = skipSpace(s, end);
      if (s.charCodeAt(open) === 40 /* ( */) {
        const close = skipSpace(s, open + 1);
        if (s.charCodeAt(close) === 41 /* ) */) {
          steps.push({ kind: 'call', name });
          i = close + 1;
          continue;
        }
      }
      steps.push({ kind: 'field', name });
      i = end;
      continue;
    }
    if (c === 91 /* [ */) {
      const from = skipSpace(s, j + 1);
      let to = from;
      while (to < s.length && s.charCodeAt(to) >= 48 && s.charCodeAt(to) <= 57) to++;
      if (to === from) return undefined;
      const close = skipSpace(s, to);
      if (s.charCodeAt(close) !== 93 /* ] */) return undefined;
      steps.push({ kind: 'index', index: Number(s.slice(from, to)) });
      i = close + 1;
      continue;
    }
    return undefined;
  }
  return { root: s.slice(0, headEnd), steps };
}

/** The own value of `key` in a JSON object, or undefined: never a prototype's. */
function ownValue(value: JsonValue | undefined, key: string): JsonValue | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
  return value[key];
}

/**
 * Sample data text (JSON with comments) to a value in which every key is an own property.
 * JSON.parse does that, but jsonc-parser's `parse` assigns `obj[key]`, so a `"__proto__"` key
 * replaced the object's prototype (it.name() then read a name that is not there, and
 * `${__proto__.x}` said the key was missing). Iterative: sample files may be deep.
 */
export function parseSampleJson(text: string, errors: ParseError[]): JsonValue | undefined {
  const root = parseJsonTree(text, errors);
  if (!root) return undefined;
  let result: JsonValue | undefined;
  const work: { node: Node; put: (v: JsonValue) => void }[] = [{ node: root, put: (v) => { result = v; } }];
  while (work.length > 0) {
    const { node, put } = work.pop()!;
    const children = node.children ?? [];
    if (node.type === 'object') {
      const obj: { [key: string]: JsonValue } = {};
      put(obj);
      // Pushed in reverse so that keys are defined in file order (a repeated key: the last wins).
      for (let i = children.length - 1; i >= 0; i--) {
        const [key, value] = children[i].children ?? [];
        if (!key || !value) continue;
        const name = String(key.value);
        work.push({
          node: value,
          put: (v) => { Object.defineProperty(obj, name, { value: v, enumerable: true, writable: true, configurable: true }); },
        });
      }
    } else if (node.type === 'array') {
      const arr = new Array<JsonValue>(children.length).fill(null);
      put(arr);
      for (let i = children.length - 1; i >= 0; i--) work.push({ node: children[i], put: (v) => { arr[i] = v; } });
    } else {
      put(node.value as JsonValue);
    }
  }
  return result;
}

function describe(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

export function evaluate(expression: string, scope: Scope): EvalResult {
  const path = parsePath(expression);
  if (!path) return { ok: false, reason: 'only paths such as user.name, it.name(), it.label() and list.size are evaluated' };
  let value: JsonValue | undefined;
  let shown = path.root;
  if (path.root === 'it') {
    if (!scope.inBody) return { ok: false, reason: '`it` is only defined inside a dynamic list body' };
    if (scope.it === undefined) return { ok: false, reason: 'no sample element for `it`' };
    value = scope.it;
  } else {
    if (!scope.data) return { ok: false, reason: 'no sample data' };
    value = ownValue(scope.data, path.root);
    if (value === undefined) return { ok: false, reason: `the sample data has no "${path.root}"` };
  }
  for (const step of path.steps) {
    if (step.kind === 'call') {
      if (step.name !== 'name' && step.name !== 'label') return {
        ok: false,
        reason: `${step.name}() is not evaluated (only name() and label())`,
      };
      // name() and label() read the element's fields; a plain string element is its own name and label.
      if (typeof value === 'string') { shown += `.${step.name}()`; continue; }
      const field = ownValue(value, step.name);
      if (field === undefined) return { ok: false, reason: `${shown} has no "${step.name}" field for ${step.name}()` };
      value = field;
      shown += `.${step.name}()`;
    } else if (step.kind === 'field') {
      if (step.name === 'size' && (Array.isArray(value) || typeof value === 'string')) {
        value = value.length;
      } else if (ownValue(value, step.name) !== undefined) {
        value = ownValue(value, step.name);
      } else {
        return { ok: false, reason: `${shown} is ${describe(value as JsonValue)} without "${step.name}"` };
      }
      shown += `.${step.name}`;
    } else {
      if (!Array.isArray(value) || step.index >= value.length) return { ok: false, reason: `${shown} has no element ${step.index}` };
      value = value[step.index];
      shown += `[${step.index}]`;
    }
  }
  return { ok: true, value: value as JsonValue };
}

/** How a value reads inside a string: strings as they are, everything else as JSON. */
export function asText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Top-level names and dotted paths of the sample data, for completion (bounded). */
export function samplePaths(data: JsonValue | undefined, limit = 200): { path: string; value: JsonValue }[] {
  const out: { path: string; value: JsonValue }[] = [];
  if (!data || typeof data !== 'object' || Array.isArray(data)) return out;
  const queue: { path: string; value: JsonValue; depth: number }[] = Object.entries(data).map(([k, v]) => ({
    path: k,
    value: v,
    depth: 1,
  }));
  while (queue.length > 0 && out.length < limit) {
    const item = queue.shift()!;
    out.push({ path: item.path, value: item.value });
    if (Array.isArray(item.value)) out.push({ path: `${item.path}.size`, value: item.value.length });
    else if (item.value && typeof item.value === 'object' && item.depth < 4) {
      for (const [k, v] of Object.entries(item.value)) queue.push({ path: `${item.path}.${k}`, value: v, depth: item.depth + 1 });
    }
  }
  return out;
}

/**
 * True when the expression uses the list element `it` itself: as a name of its own (not
 * `x.it`), outside string literals, and outside Kotlin lambdas (`items.map { it.name }`
 * has its own `it`). Linear in the expression, at any nesting depth: string literals and
 * brace blocks are dropped in one pass each (it was one pass per nesting level, up to
 * 1,000 passes per template).
 */
export function mentionsIt(expression: string): boolean {
  return /(?:^|[^.\w$])it\b/.test(withoutBlocks(withoutLiterals(expression)));
}

/**
 * Replaces each string literal "..." and character literal '...' by "". A quote that is not
 * closed (or whose backslash escapes a line break) stays as it is, and the text after it is
 * read on, as the regular expression /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g did. Where a
 * literal fails to close, every later quote of its kind up to that point fails the same way
 * (each of them is escaped), so it is not searched again: linear.
 */
function withoutLiterals(code: string): string {
  const parts: string[] = [];
  let last = 0;
  const failedUntil = { '"': -1, "'": -1 };
  for (let i = 0; i < code.length; i++) {
    const q = code[i];
    if (q !== '"' && q !== "'") continue;
    if (i < failedUntil[q]) continue;
    const end = literalEnd(code, i);
    if (end < 0) { failedUntil[q] = -end; continue; }
    parts.push(code.slice(last, i), '""');
    last = end;
    i = end - 1;
  }
  if (last === 0) return code;
  parts.push(code.slice(last));
  return parts.join('');
}

/** After the literal opening at `start`: its end, or minus the offset where it failed. */
function literalEnd(code: string, start: number): number {
  const q = code.charCodeAt(start);
  let j = start + 1;
  while (j < code.length) {
    const c = code.charCodeAt(j);
    if (c === q) return j + 1;
    if (c === 92 /* backslash */) {
      const d = code.charCodeAt(j + 1);
      if (j + 1 >= code.length || d === 10 || d === 13 || d === 0x2028 || d === 0x2029) return -(j + 1);
      j += 2;
      continue;
    }
    j++;
  }
  return -code.length;
}

/**
 * Replaces each balanced `{...}` block by one space, nested ones included; unbalanced braces
 * stay. One pass with a stack of the output positions where open blocks began.
 */
export function withoutBlocks(code: string): string {
  if (code.indexOf('{') < 0) return code;
  const out: string[] = [];
  const open: number[] = [];
  for (const ch of code) {
    if (ch === '{') { open.push(out.length); out.push(ch); continue; }
    if (ch === '}' && open.length > 0) { out.length = open.pop()!; out.push(' '); continue; }
    out.push(ch);
  }
  return out.join('');
}
