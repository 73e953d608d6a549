/**
 * The safe evaluator of template expressions against sample data (DESIGN: Templates). It
 * understands only what the design names: dotted paths into the sample object, `it` inside a
 * dynamic list body, `it.name()` and `it.label()` (the element's `name` and `label` fields),
 * and `.size` of a list. Anything else stays unevaluated and says why. Nothing is ever run:
 * the expression is read by a small tokenizer, never handed to eval, Function or vm.
 *
 * Sample data is read by own properties only, everywhere (here, hover, completion): a key
 * such as `__proto__`, `constructor` or `toString` is an ordinary key, present when the file
 * has it and absent otherwise, never something inherited from Object.prototype.
 */
import type { Node, ParseError } from 'jsonc-parser';
import { parseJsonTree } from './jsonTree';

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

/** Reads `a.b.c`, `it.name()`, `list.size`, `list[0].x`; undefined when the expression is anything else. */
export function parsePath(expression: string): { root: string; steps: Step[] } | undefined {
  const s = expression.trim();
  const re = /^([A-Za-z_][A-Za-z0-9_]*)/;
  const head = re.exec(s);
  if (!head) return undefined;
  const steps: Step[] = [];
  let i = head[0].length;
  while (i < s.length) {
    const rest = s.slice(i);
    let m = /^\s*\??\.\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*\)/.exec(rest);
    if (m) { steps.push({ kind: 'call', name: m[1] }); i += m[0].length; continue; }
    m = /^\s*\??\.\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
    if (m) { steps.push({ kind: 'field', name: m[1] }); i += m[0].length; continue; }
    m = /^\s*\[\s*(\d+)\s*\]/.exec(rest);
    if (m) { steps.push({ kind: 'index', index: Number(m[1]) }); i += m[0].length; continue; }
    if (/^\s*$/.test(rest)) break;
    return undefined;
  }
  return { root: head[1], steps };
}

/** The own value of `key` in a JSON object, or undefined: never a prototype's. */
export function ownValue(value: JsonValue | undefined, key: string): JsonValue | undefined {
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
        work.push({ node: value, put: (v) => { Object.defineProperty(obj, name, { value: v, enumerable: true, writable: true, configurable: true }); } });
      }
    } else if (node.type === 'array') {
      const arr: JsonValue[] = new Array(children.length).fill(null);
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
      if (step.name !== 'name' && step.name !== 'label') return { ok: false, reason: `${step.name}() is not evaluated (only name() and label())` };
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
  const queue: { path: string; value: JsonValue; depth: number }[] = Object.entries(data).map(([k, v]) => ({ path: k, value: v, depth: 1 }));
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
 * has its own `it`).
 */
export function mentionsIt(expression: string): boolean {
  let code = expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  // Drop lambda blocks, innermost first (bounded: each pass removes at least one).
  for (let guard = 0; guard < 1000 && /\{[^{}]*\}/.test(code); guard++) code = code.replace(/\{[^{}]*\}/g, ' ');
  return /(^|[^.\w$])it\b/.test(code);
}
