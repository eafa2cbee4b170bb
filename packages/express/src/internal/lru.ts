/**
 * A map that keeps at most `capacity` entries: reading or writing an entry makes it the most
 * recently used, and a write beyond the capacity drops the least recently used one.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>()

  /** @param capacity the most entries kept; at least 1 */
  constructor(readonly capacity: number) {}

  /** The value of `key`, now the most recently used, or `undefined`. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key)
    if (value !== undefined) {
      // A Map iterates in insertion order: re-inserting moves the entry to the end.
      this.#entries.delete(key)
      this.#entries.set(key, value)
    }
    return value
  }

  /** Stores `value` as the most recently used; drops the least recently used beyond capacity. */
  set(key: K, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
  }

  /** How many entries are kept. */
  get size(): number {
    return this.#entries.size
  }
}
