/**
 * `createPostgresStore` on PGlite and on PostgreSQL (`DATABASE_URL`): core's session store
 * contract (the one the Redis and memory stores pass), the rate-limit semantics of core's Redis
 * store, and what several instances sharing one database rely on: one lock of many concurrent
 * takers, one count of hits made through different pools. Time is moved by moving the rows'
 * expiries back, never waited for.
 */
import { DatabaseUnavailableError } from "@auth/core/adapters"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { describeSessionStoreContract } from "../../core/test/support/session-store-contract.js"
import type { Queryable } from "../src/queryable.js"
import { createPostgresStore, type PostgresStore } from "../src/store.js"
import { applyStoreSchema, storeSchemaSql } from "../src/store-schema.js"
import { quietLogger, randomSchemaName } from "./databases.js"
import { type StoreDatabase, storeBackends } from "./store-databases.js"

/** A key no other test uses. */
function uniqueKey(label: string): string {
  return `${label}:${crypto.randomUUID()}`
}

/** `client`, counting its `query` calls in `counter.calls`. */
function countingQueries(client: Queryable, counter: { calls: number }): Queryable {
  return {
    query(text, params) {
      counter.calls += 1
      return client.query(text, params)
    },
  }
}

for (const backend of storeBackends) {
  describe.skipIf(backend.skip)(`createPostgresStore (${backend.name})`, () => {
    let database: StoreDatabase
    let shared: PostgresStore | undefined

    beforeAll(async () => {
      database = await backend.open()
    })

    afterAll(async () => {
      await database?.close()
    })

    /** One store for the tests that need one instance only. */
    const store = (): PostgresStore => {
      shared ??= database.instance()
      return shared
    }

    describeSessionStoreContract({
      name: `PostgreSQL store on ${backend.name}`,
      store,
      elapse: (seconds) => database.elapse(seconds),
    })

    describe("across instances", () => {
      it("lets exactly one of two instances take a lock, round after round", async () => {
        const [east, west] = [database.instance(), database.instance()]
        for (let round = 0; round < 10; round++) {
          const key = uniqueKey("refresh-lock")
          const taken = await Promise.all([
            east.setIfAbsent(key, "east", 15_000),
            west.setIfAbsent(key, "west", 15_000),
          ])
          expect(taken.filter(Boolean)).toHaveLength(1)
          const holder = taken[0] ? "east" : "west"
          expect(await west.get([key])).toEqual([holder])
          // The holder releases through its own instance; the other then takes it.
          await (holder === "east" ? east : west).deleteIfEquals(key, holder)
          expect(await (holder === "east" ? west : east).setIfAbsent(key, "next", 15_000)).toBe(
            true,
          )
        }
      })

      it("counts hits made through two instances once: 50 concurrent hits are 1 to 50", async () => {
        const [east, west] = [database.instance(), database.instance()]
        const key = uniqueKey("rate")
        const counts = await Promise.all(
          Array.from({ length: 50 }, (_, index) => (index % 2 ? east : west).hit(key, 60)),
        )
        expect(counts.map(({ count }) => count).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 50 }, (_, index) => index + 1),
        )
        expect((await east.peek(key))?.count).toBe(50)
        await west.reset(key)
        expect(await east.peek(key)).toBeNull()
      })

      it("sees a revocation written by another instance on its next read", async () => {
        const [east, west] = [database.instance(), database.instance()]
        const key = `revoked:${crypto.randomUUID()}`
        expect(await west.get([key])).toEqual([null])
        await east.set(key, "1", 3600)
        expect(await west.get([key])).toEqual(["1"])
      })
    })

    describe("rate limits, as core's Redis store counts them", () => {
      it("counts hits in a window that starts with the first hit", async () => {
        const key = uniqueKey("rate")
        const before = Date.now()
        const first = await store().hit(key, 60)
        const second = await store().hit(key, 60)
        const third = await store().hit(key, 60)
        expect([first.count, second.count, third.count]).toEqual([1, 2, 3])
        expect(first.resetAt).toBeGreaterThanOrEqual(before + 59_000)
        expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 60_000)
        expect(Math.abs(third.resetAt - first.resetAt)).toBeLessThan(1_000)
        expect((await store().hit(uniqueKey("rate"), 60)).count).toBe(1)
      })

      it("peeks at a count without counting, and resets it", async () => {
        const key = uniqueKey("rate")
        expect(await store().peek(key)).toBeNull()
        await store().hit(key, 60)
        await store().hit(key, 60)
        const peeked = await store().peek(key)
        expect(peeked?.count).toBe(2)
        expect(peeked!.resetAt).toBeGreaterThan(Date.now() + 58_000)
        expect((await store().peek(key))?.count).toBe(2)
        await store().reset(key)
        expect(await store().peek(key)).toBeNull()
        expect((await store().hit(key, 60)).count).toBe(1)
      })

      it("starts counting again from one when the window has passed", async () => {
        const key = uniqueKey("rate")
        expect((await store().hit(key, 5)).count).toBe(1)
        expect((await store().hit(key, 5)).count).toBe(2)
        await database.elapse(5)
        expect(await store().peek(key)).toBeNull()
        expect((await store().hit(key, 5)).count).toBe(1)
      })

      it("runs steps in one statement, ending at the first over its limit", async () => {
        const counter = { calls: 0 }
        // The same database through a client that counts statements.
        const counted = createPostgresStore(countingQueries(database.admin, counter), {
          schema: database.schema,
        })
        const [ceiling, lock, attempts] = [uniqueKey("ceiling"), uniqueKey("lock"), uniqueKey("n")]
        const steps = [
          { type: "hit", key: ceiling, windowSeconds: 60, limit: 5 },
          { type: "peek", key: lock, limit: 1 },
          { type: "hit", key: attempts, windowSeconds: 60 },
        ] as const
        expect(await counted.run([])).toEqual([])
        const first = await counted.run(steps)
        expect(first.map((count) => count?.count ?? null)).toEqual([1, null, 1])
        expect(first[0]!.resetAt - Date.now()).toBeGreaterThan(58_000)
        await counted.hit(lock, 30)
        // The lock ends the run: the attempt after it is not counted.
        counter.calls = 0
        expect((await counted.run(steps)).map((count) => count?.count ?? null)).toEqual([2, 1])
        expect(counter.calls).toBe(1)
        expect((await counted.peek(attempts))?.count).toBe(1)
        await counted.reset(lock)
        expect((await counted.run(steps)).map((count) => count?.count ?? null)).toEqual([
          3,
          null,
          2,
        ])
        // A hit over its limit ends the run too, and is counted.
        const over = [{ type: "hit", key: ceiling, windowSeconds: 60, limit: 3 }, steps[2]] as const
        expect((await counted.run(over)).map((count) => count?.count ?? null)).toEqual([4])
        expect((await counted.peek(attempts))?.count).toBe(2)
      })
    })

    describe("applyStoreSchema", () => {
      /** Runs `body` on a fresh schema of this database, dropped after. */
      async function inFreshSchema(body: (schema: string) => Promise<void>): Promise<void> {
        const schema = randomSchemaName()
        try {
          await body(schema)
        } finally {
          await database.admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
        }
      }

      it("creates the tables once, from several instances at once, then nothing", async () => {
        await inFreshSchema(async (schema) => {
          const logged: string[] = []
          const logger = { info: (message: string) => void logged.push(message) }
          const runs = await Promise.all(
            Array.from({ length: 4 }, () => applyStoreSchema(database.admin, { schema, logger })),
          )
          expect(runs.map((run) => run.schema)).toEqual(Array(4).fill(schema))
          expect(new Set(runs.flatMap((run) => run.created))).toEqual(
            new Set(["auth_store_entries", "auth_rate_limits", "auth_rate_limit_steps"]),
          )
          expect(logged[0]).toContain(`in schema "${schema}" for the store`)
          expect(await applyStoreSchema(database.admin, { schema, logger })).toEqual({
            schema,
            created: [],
          })
          const store = createPostgresStore(database.admin, { schema })
          expect((await store.hit("key", 60)).count).toBe(1)
        })
      })

      it("finds the tables that storeSchemaSql() made, and creates nothing", async () => {
        await inFreshSchema(async (schema) => {
          const sql = storeSchemaSql(schema)
          // PGlite runs a script with `exec`; node-postgres runs one without parameters.
          const admin = database.admin as Queryable & { exec?: (sql: string) => Promise<unknown> }
          await (admin.exec ? admin.exec(sql) : admin.query(sql))
          expect((await applyStoreSchema(admin, { schema, logger: quietLogger })).created).toEqual(
            [],
          )
          const store = createPostgresStore(admin, { schema })
          expect(await store.setIfAbsent("lock", "holder", 1_000)).toBe(true)
        })
      })

      it("says what to run when the tables are missing, rather than an outage", async () => {
        await inFreshSchema(async (schema) => {
          const error = await createPostgresStore(database.admin, { schema })
            .get(["revoked:x"])
            .catch((caught: unknown) => caught)
          expect(error).toBeInstanceOf(Error)
          expect(error).not.toBeInstanceOf(DatabaseUnavailableError)
          expect((error as Error).message).toContain(
            `applyStoreSchema(client, { schema: "${schema}" })`,
          )
          expect(((error as Error).cause as { code?: string }).code).toBe("42P01")
        })
      })

      it("refuses a schema name that is not a plain identifier, and a bad timeoutMs", () => {
        expect(() => createPostgresStore(database.admin, { schema: 'x"; DROP' })).toThrow(TypeError)
        expect(() => storeSchemaSql("a-b")).toThrow(TypeError)
        expect(() => createPostgresStore(database.admin, { timeoutMs: 0 })).toThrow(/timeoutMs/)
      })
    })

    describe("expired rows", () => {
      /** How many of `keys` have a row in the store's tables, expired or not. */
      async function storedKeys(keys: string[]): Promise<number> {
        const { rows } = await database.admin.query(
          `SELECT (SELECT count(*) FROM "${database.schema}".auth_store_entries
                   WHERE key = ANY($1::text[]))
                + (SELECT count(*) FROM "${database.schema}".auth_rate_limits
                   WHERE key = ANY($1::text[])) AS n`,
          [keys],
        )
        return Number((rows[0] as { n: unknown }).n)
      }

      it("are deleted by deleteExpired, and live rows kept", async () => {
        const instance = database.instance()
        const keys = [uniqueKey("short"), uniqueKey("index"), uniqueKey("rate")]
        const live = uniqueKey("live")
        await instance.set(keys[0]!, "1", 1)
        await instance.setField(keys[1]!, "sid", "{}", 1)
        await instance.hit(keys[2]!, 1)
        await instance.set(live, "kept", 3600)
        expect(await storedKeys([...keys, live])).toEqual(4)
        await database.elapse(2)
        await instance.deleteExpired()
        // The sweep after its first write may have taken some: what counts is that they are gone.
        expect(await storedKeys([...keys, live])).toEqual(1)
        expect(await instance.get([live])).toEqual(["kept"])
      })

      it("are deleted after a write, without the write waiting for it", async () => {
        const expired = uniqueKey("expired")
        // Written as an instance gone since would have left it: expired, nobody to sweep it.
        await database.admin.query(
          `INSERT INTO "${database.schema}".auth_store_entries (key, value, expires_at)
           VALUES ($1, '1', now() - interval '1 second')`,
          [expired],
        )
        expect(await storedKeys([expired])).toBe(1)
        // A new instance's first write starts its first sweep.
        await database.instance().set(uniqueKey("write"), "1", 3600)
        await vi.waitFor(async () => expect(await storedKeys([expired])).toBe(0))
      })
    })
  })
}
