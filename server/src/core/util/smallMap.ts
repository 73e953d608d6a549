/** Entries a SmallMap keeps in its two arrays before it builds a Map. */
const ARRAY_ENTRIES = 8;

/**
 * Names seen so far, each with the first value given for it: what the rules ask when they
 * look for a repeated name (a property defined twice, two buttons with one title). Most
 * objects and cards have a handful of names, and for them a search of a short array costs
 * less than a Map (a 20,000-action message made a Map per object); past ARRAY_ENTRIES the
 * names go into a Map, so that many names stay linear in all. `clear` empties it for reuse.
 */
export class SmallMap<V> {
  private readonly keys: string[] = [];
  private readonly values: V[] = [];
  private map: Map<string, V> | undefined;

  /** The value remembered for `key`; when there is none, remembers `value` and answers undefined. */
  remember(key: string, value: V): V | undefined {
    const map = this.map;
    if (map) {
      const first = map.get(key);
      if (first === undefined) map.set(key, value);
      return first;
    }
    const i = this.keys.indexOf(key);
    if (i >= 0) return this.values[i];
    this.keys.push(key);
    this.values.push(value);
    if (this.keys.length > ARRAY_ENTRIES) {
      this.map = new Map();
      for (let k = 0; k < this.keys.length; k++) this.map.set(this.keys[k], this.values[k]);
    }
    return undefined;
  }

  clear(): void {
    this.keys.length = 0;
    this.values.length = 0;
    this.map = undefined;
  }
}
