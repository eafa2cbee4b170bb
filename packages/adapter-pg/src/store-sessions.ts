/**
 * The `SessionStore` half of the PostgreSQL store: JWT sessions' deny-list and per-user stamps
 * (values), the per-user session index (maps of fields) and the access-token refresh lock
 * (`setIfAbsent` / `deleteIfEquals`), in `auth_store_entries`. Times are the database's
 * (`now()`), so instances whose clocks differ agree on what has expired.
 */
import type { SessionStore } from "@auth/core/types"
import type { StoreNames } from "./store-schema.js"

/** Runs one statement of the store (time-limited, errors mapped) and returns its rows. */
export type StoreQuery = (text: string, params: unknown[]) => Promise<unknown[]>

/** `now()` plus `$n` milliseconds, as SQL. */
function expiresIn(parameter: number): string {
  return `now() + $${parameter}::float8 * interval '1 millisecond'`
}

/** A time to live as the Redis store counts it: whole seconds, at least one, in milliseconds. */
function wholeSecondsMs(ttlSeconds: number): number {
  return Math.max(1, Math.ceil(ttlSeconds)) * 1000
}

/** The error of a map read or written at a key that holds a value (Redis's `WRONGTYPE`). */
function holdsValueError(): Error {
  return new Error(
    "A key of the PostgreSQL store holds a value where a map of fields was expected: two " +
      "uses of one key clash.",
  )
}

/** One row of a map read: whether the key holds a value instead, and one field. */
interface FieldRow {
  holds_value: boolean
  field: string | null
  text: string | null
}

/** The session store's methods on the entries table of `t`. */
export function sessionStoreMethods(
  t: StoreNames,
  query: StoreQuery,
): Required<Omit<SessionStore, "ping">> {
  return {
    async get(keys) {
      if (keys.length === 0) return []
      const rows = (await query(
        `SELECT key, value FROM ${t.entries}
         WHERE key = ANY($1::text[]) AND value IS NOT NULL AND expires_at > now()`,
        [[...keys]],
      )) as Array<{ key: string; value: string }>
      const values = new Map(rows.map((row) => [row.key, row.value]))
      return keys.map((key) => values.get(key) ?? null)
    },

    async set(key, value, ttlSeconds) {
      await query(
        `INSERT INTO ${t.entries} (key, value, fields, expires_at)
         VALUES ($1, $2, NULL, ${expiresIn(3)})
         ON CONFLICT (key) DO UPDATE
         SET value = EXCLUDED.value, fields = NULL, expires_at = EXCLUDED.expires_at`,
        [key, value, wholeSecondsMs(ttlSeconds)],
      )
    },

    async setField(key, field, value, ttlSeconds) {
      // A live map gains the field and keeps the longer of its time and this one; an expired
      // row (a map or a value) is replaced; a live value is left, and the call fails.
      const rows = await query(
        `INSERT INTO ${t.entries} AS e (key, value, fields, expires_at)
         VALUES ($1, NULL, jsonb_build_object($2::text, $3::text), ${expiresIn(4)})
         ON CONFLICT (key) DO UPDATE SET
           value = NULL,
           fields = CASE WHEN e.expires_at <= now() THEN EXCLUDED.fields
                    ELSE e.fields || EXCLUDED.fields END,
           expires_at = CASE WHEN e.expires_at <= now() THEN EXCLUDED.expires_at
                        ELSE greatest(e.expires_at, EXCLUDED.expires_at) END
         WHERE e.value IS NULL OR e.expires_at <= now()
         RETURNING 1`,
        [key, field, value, wholeSecondsMs(ttlSeconds)],
      )
      if (rows.length === 0) throw holdsValueError()
    },

    async getFields(key) {
      // Fields as text rows, not the driver's JSON parsing (which a pool's type parsers change).
      const rows = (await query(
        `SELECT e.value IS NOT NULL AS holds_value, f.field, f.text FROM ${t.entries} e
         LEFT JOIN LATERAL jsonb_each_text(e.fields) AS f(field, text) ON true
         WHERE e.key = $1 AND e.expires_at > now()`,
        [key],
      )) as FieldRow[]
      if (rows.some((row) => row.holds_value)) throw holdsValueError()
      // `fromEntries` defines each field, so that one named `__proto__` stays a field.
      return Object.fromEntries(
        rows.flatMap((row) => (row.field === null ? [] : [[row.field, row.text ?? ""]])),
      )
    },

    async deleteFields(key, fields) {
      if (fields.length === 0) return
      // A map left without fields expires at once, as Redis drops an empty hash.
      await query(
        `UPDATE ${t.entries} SET fields = fields - $2::text[],
           expires_at = CASE WHEN fields - $2::text[] = '{}'::jsonb THEN '-infinity'
                        ELSE expires_at END
         WHERE key = $1 AND value IS NULL AND expires_at > now()`,
        [key, [...fields]],
      )
    },

    async setIfAbsent(key, value, ttlMs) {
      // One statement: of concurrent calls for a key, the first insert (or the first update of
      // an expired row) wins; the others wait for its row lock, then find it live.
      const rows = await query(
        `INSERT INTO ${t.entries} AS e (key, value, fields, expires_at)
         VALUES ($1, $2, NULL, ${expiresIn(3)})
         ON CONFLICT (key) DO UPDATE
         SET value = EXCLUDED.value, fields = NULL, expires_at = EXCLUDED.expires_at
         WHERE e.expires_at <= now()
         RETURNING 1`,
        [key, value, Math.max(1, Math.ceil(ttlMs))],
      )
      return rows.length === 1
    },

    async deleteIfEquals(key, value) {
      await query(`DELETE FROM ${t.entries} WHERE key = $1 AND value = $2`, [key, value])
    },
  }
}
