/**
 * The default `session.store`: values and maps of fields with an expiry, in this process's memory.
 * It keeps the contract of a shared store (`createRedisStore` of `@auth/core/redis`) so that the
 * two can replace each other, down to Redis's rule that a key holds either a value or a map.
 */
import type { SessionStore } from "../../types/sessions.js"

/** At most this many keys are held by a memory session store; expired ones go first. */
export const SESSION_STORE_MAX_KEYS = 50_000

/** What one key holds, and when it expires (milliseconds since the epoch). */
type Entry =
  | { kind: "value"; value: string; expiresAt: number }
  | { kind: "fields"; fields: Map<string, string>; expiresAt: number }

/**
 * A session store in this process's memory: right for one server process, and bounded, so that a
 * flood of distinct keys cannot grow it without limit (beyond {@link SESSION_STORE_MAX_KEYS},
 * expired keys are dropped, then session indexes, then the least recently written revocations).
 *
 * A time to live is counted in whole seconds, at least one (`Math.ceil`), as Redis's `EX` does;
 * a lock's (`setIfAbsent`) in milliseconds, as `PX` does.
 *
 * @param now the clock, in milliseconds since the epoch (injected in tests)
 */
export function createMemorySessionStore(now: () => number = Date.now): SessionStore {
  const entries = new Map<string, Entry>()

  /** The entry at `key` if it has not expired; an expired one is dropped. */
  const read = (key: string): Entry | undefined => {
    const entry = entries.get(key)
    if (entry === undefined || entry.expiresAt > now()) return entry
    entries.delete(key)
    return undefined
  }

  /** Stores `entry` at `key` as the most recently written, making room when full. */
  const write = (key: string, entry: Entry): void => {
    entries.delete(key)
    if (entries.size >= SESSION_STORE_MAX_KEYS) evict(entries, now())
    entries.set(key, entry)
  }

  return {
    async get(keys) {
      return keys.map((key) => {
        const entry = read(key)
        return entry?.kind === "value" ? entry.value : null
      })
    },
    async set(key, value, ttlSeconds) {
      write(key, { kind: "value", value, expiresAt: now() + ttlMilliseconds(ttlSeconds) })
    },
    async setField(key, field, value, ttlSeconds) {
      const entry = fieldsEntry(key, read(key))
      const fields = entry?.fields ?? new Map<string, string>()
      fields.set(field, value)
      // The map is kept at least `ttlSeconds`: a shorter time never cuts a longer one.
      const expiresAt = Math.max(entry?.expiresAt ?? 0, now() + ttlMilliseconds(ttlSeconds))
      write(key, { kind: "fields", fields, expiresAt })
    },
    async getFields(key) {
      const entry = fieldsEntry(key, read(key))
      return entry === undefined ? {} : Object.fromEntries(entry.fields)
    },
    async deleteFields(key, fields) {
      const entry = fieldsEntry(key, read(key))
      if (entry === undefined) return
      for (const field of fields) entry.fields.delete(field)
      // As in Redis, a map without fields is no key at all.
      if (entry.fields.size === 0) entries.delete(key)
    },
    async setIfAbsent(key, value, ttlMs) {
      // Read and write with no `await` in between: of concurrent calls, one sets it.
      if (read(key) !== undefined) return false
      write(key, { kind: "value", value, expiresAt: now() + Math.max(1, Math.ceil(ttlMs)) })
      return true
    },
    async deleteIfEquals(key, value) {
      const entry = read(key)
      if (entry?.kind === "value" && entry.value === value) entries.delete(key)
    },
  }
}

/**
 * The entry at `key` as a map of fields, `undefined` when there is none.
 *
 * @throws {TypeError} when the key holds a value, as Redis answers `WRONGTYPE`
 */
function fieldsEntry(
  key: string,
  entry: Entry | undefined,
): Extract<Entry, { kind: "fields" }> | undefined {
  if (entry?.kind === "value") {
    throw new TypeError(`The session store's key "${key}" holds a value, not a map of fields.`)
  }
  return entry
}

/** A time to live in milliseconds: whole seconds, at least one, like Redis's `EX`. */
function ttlMilliseconds(ttlSeconds: number): number {
  return Math.max(1, Math.ceil(ttlSeconds)) * 1000
}

/**
 * Drops expired entries; still full, the least recently written maps (session indexes: losing
 * one only shortens a list of sessions); still full, the least recently written values. Values
 * (revocations) go last: a dropped one would let a revoked session back in.
 */
function evict(entries: Map<string, Entry>, time: number): void {
  for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key)
  // Map iterates in insertion order, and `write` re-inserts: the first keys are the oldest.
  for (const kind of ["fields", "value"] as const) {
    for (const [key, entry] of entries) {
      if (entries.size < SESSION_STORE_MAX_KEYS) return
      if (entry.kind === kind) entries.delete(key)
    }
  }
}
