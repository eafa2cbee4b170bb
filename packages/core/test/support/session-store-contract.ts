/**
 * The contract every `SessionStore` keeps (`session.store`: JWT sessions' revocations and the
 * per-user session index), whatever holds the data. Registered by `test/redis-store.test.ts` on
 * node-redis, ioredis and the in-memory store; a store of your own can run it too.
 */
import { describe, expect, it } from "vitest"
import type { SessionStore } from "../../src/types/sessions.js"

/** A store under test, and how its time passes. */
export interface SessionStoreSubject {
  /** Names the store in the test titles. */
  name: string
  /** The store. Keys are unique per test, so one store may serve them all. */
  store: () => SessionStore
  /**
   * Lets `seconds` pass for the store's expiries: a fake clock moved forward, or (for a server)
   * a real wait a little longer than that.
   */
  elapse: (seconds: number) => Promise<void>
}

/** A key no other test uses, readable in a failure: `<label>:<random>`. */
function uniqueKey(label: string): string {
  return `${label}:${crypto.randomUUID()}`
}

/** Registers the session store contract on `subject`. */
export function describeSessionStoreContract(subject: SessionStoreSubject): void {
  describe(`SessionStore contract (${subject.name})`, () => {
    it("answers null for keys never set, in the order asked, and nothing for no keys", async () => {
      const store = subject.store()
      expect(await store.get([uniqueKey("missing"), uniqueKey("missing")])).toEqual([null, null])
      expect(await store.get([])).toEqual([])
    })

    it("gets the values of several keys in one call, null where there is none", async () => {
      const store = subject.store()
      const [first, missing, second] = [uniqueKey("a"), uniqueKey("missing"), uniqueKey("b")]
      await store.set(first, "1", 60)
      await store.set(second, "2", 60)
      expect(await store.get([first, missing, second, first])).toEqual(["1", null, "2", "1"])
    })

    it("replaces a value set again", async () => {
      const store = subject.store()
      const key = uniqueKey("revoked")
      await store.set(key, "old", 60)
      await store.set(key, "new", 60)
      expect(await store.get([key])).toEqual(["new"])
    })

    it("keeps keys, fields and values exactly: separators, spaces, unicode, JSON, empty", async () => {
      const store = subject.store()
      const key = uniqueKey("user:ådå 🔑:{tag}*?")
      const json = JSON.stringify({ sid: "ß∂", at: "2024-01-01T00:00:00.000Z" })
      await store.set(key, json, 60)
      await store.set(`${key}:empty`, "", 60)
      expect(await store.get([key, `${key}:empty`])).toEqual([json, ""])
      await store.setField(`${key}:map`, "field:with spaces 🔑", json, 60)
      expect(await store.getFields(`${key}:map`)).toEqual({ "field:with spaces 🔑": json })
    })

    it("keeps a map of fields: added one by one, replaced, {} when there is none", async () => {
      const store = subject.store()
      const key = uniqueKey("index")
      expect(await store.getFields(key)).toEqual({})
      await store.setField(key, "session-1", "a", 60)
      await store.setField(key, "session-2", "b", 60)
      await store.setField(key, "session-1", "c", 60)
      expect(await store.getFields(key)).toEqual({ "session-1": "c", "session-2": "b" })
    })

    it("keeps a field named __proto__ as a field", async () => {
      const store = subject.store()
      const key = uniqueKey("index")
      await store.setField(key, "__proto__", "value", 60)
      const fields = await store.getFields(key)
      expect(Object.keys(fields)).toEqual(["__proto__"])
      expect(Object.getPrototypeOf(fields)).toBe(Object.prototype)
    })

    it("deletes only the named fields; unknown fields, missing maps and no fields are fine", async () => {
      const store = subject.store()
      const key = uniqueKey("index")
      await store.setField(key, "a", "1", 60)
      await store.setField(key, "b", "2", 60)
      await store.setField(key, "c", "3", 60)
      await store.deleteFields(key, ["a", "unknown"])
      await store.deleteFields(key, [])
      await store.deleteFields(uniqueKey("missing"), ["a"])
      expect(await store.getFields(key)).toEqual({ b: "2", c: "3" })
    })

    it("drops a map whose last field is deleted; a new field starts a new map", async () => {
      const store = subject.store()
      const key = uniqueKey("index")
      await store.setField(key, "a", "1", 60)
      await store.deleteFields(key, ["a"])
      expect(await store.getFields(key)).toEqual({})
      await store.setField(key, "b", "2", 60)
      expect(await store.getFields(key)).toEqual({ b: "2" })
    })

    it("holds a value or a map at a key, as Redis does", async () => {
      const store = subject.store()
      const [map, value] = [uniqueKey("map"), uniqueKey("value")]
      await store.setField(map, "a", "1", 60)
      await store.set(value, "v", 60)
      expect(await store.get([map])).toEqual([null])
      await expect(store.getFields(value)).rejects.toThrow()
      await expect(store.setField(value, "a", "1", 60)).rejects.toThrow()
      // `set` replaces whatever the key held.
      await store.set(map, "v", 60)
      expect(await store.get([map])).toEqual(["v"])
    })

    it("drops values and maps after their time to live, and never cuts a map's shorter", async () => {
      const store = subject.store()
      const keys = {
        shortValue: uniqueKey("short"),
        longValue: uniqueKey("long"),
        shortMap: uniqueKey("short-map"),
        longMap: uniqueKey("long-map"),
        renewedValue: uniqueKey("renewed"),
      }
      await store.set(keys.shortValue, "1", 1)
      await store.set(keys.longValue, "2", 60)
      await store.set(keys.renewedValue, "3", 60)
      await store.set(keys.renewedValue, "4", 1)
      await store.setField(keys.shortMap, "a", "1", 1)
      await store.setField(keys.longMap, "a", "1", 60)
      // A field set for less time than the map has left keeps the map's longer time.
      await store.setField(keys.longMap, "b", "2", 1)

      await subject.elapse(1)

      expect(
        await store.get([keys.shortValue, keys.longValue, keys.renewedValue, keys.shortMap]),
      ).toEqual([null, "2", null, null])
      expect(await store.getFields(keys.shortMap)).toEqual({})
      expect(await store.getFields(keys.longMap)).toEqual({ a: "1", b: "2" })
    })

    it("takes a lock once of many concurrent setIfAbsent calls, and gives it back to its holder only", async () => {
      const store = subject.store()
      if (!store.setIfAbsent || !store.deleteIfEquals) return // optional: in-process refreshes only
      const key = uniqueKey("lock")
      const taken = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          store.setIfAbsent!(key, `holder-${index}`, 60_000),
        ),
      )
      expect(taken.filter(Boolean)).toHaveLength(1)
      const holder = `holder-${taken.indexOf(true)}`
      expect(await store.get([key])).toEqual([holder])
      // Another caller's release leaves it; the holder's frees it.
      await store.deleteIfEquals(key, "someone-else")
      expect(await store.setIfAbsent(key, "late", 60_000)).toBe(false)
      await store.deleteIfEquals(key, holder)
      expect(await store.get([key])).toEqual([null])
      expect(await store.setIfAbsent(key, "next", 60_000)).toBe(true)
      await store.deleteIfEquals(uniqueKey("missing"), "anyone")
    })

    it("lets a lock go after its time to live, in milliseconds", async () => {
      const store = subject.store()
      if (!store.setIfAbsent) return
      const key = uniqueKey("lock")
      expect(await store.setIfAbsent(key, "first", 300)).toBe(true)
      expect(await store.setIfAbsent(key, "second", 300)).toBe(false)
      await subject.elapse(1)
      expect(await store.setIfAbsent(key, "third", 300)).toBe(true)
      expect(await store.get([key])).toEqual(["third"])
    })
  })
}
