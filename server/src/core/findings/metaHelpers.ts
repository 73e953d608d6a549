/** Fix data shared by the Configuration Meta and provider rules. */
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import type { FixData } from './rule';
import { jsonString } from '../model/values';

/** A number or boolean written where a string belongs: quote it. */
export function quoteFix(doc: JsonDocument, v: Node): FixData[] | undefined {
  if (v.type !== 'number' && v.type !== 'boolean') return undefined;
  const raw = doc.text.slice(v.offset, v.offset + v.length);
  return [{
    kind: 'replace',
    offset: v.offset,
    length: v.length,
    text: jsonString(raw),
    title: `Write "${raw}" in quotes`,
    preferred: true,
  }];
}

/** Replaces a value node with a string; `preferred` when it is the one obvious correction (fix all may apply it). */
export function replaceWith(v: Node, value: string, preferred?: boolean): FixData {
  return {
    kind: 'replace',
    offset: v.offset,
    length: v.length,
    text: jsonString(value),
    title: `Change to ${jsonString(value)}`,
    preferred,
  };
}

/** Adds `"name": "value"` to an object (value plain text: no snippet placeholders in it). */
export function insertString(object: Node, name: string, value: string): FixData {
  const text = `"${name}": ${jsonString(value)}`;
  return { kind: 'insert-property', objectOffset: object.offset, name, snippet: text, title: `Add ${text}` };
}
