import { expect } from "vitest"

/**
 * Whether `value` is an id as an adapter may return one: a non-empty string (text or UUID keys)
 * or a finite number (integer keys, such as the `SERIAL` ids of Auth.js's SQL tables, which its
 * adapters return as numbers). Core never parses ids, so the suite accepts both and converts
 * neither.
 */
export function isId(value: unknown): boolean {
  return (typeof value === "string" && value !== "") || Number.isFinite(value)
}

/** Expects `value` to be an id (see {@link isId}). */
export function expectId(value: unknown): void {
  expect(isId(value), `${JSON.stringify(value)} is not an id: a non-empty string or a number`).toBe(
    true,
  )
}

/**
 * The row's own `id` of a returned session or account, when the store keeps one (Auth.js's
 * tables do, and its adapters return it); checked to be an id. `undefined` when there is none.
 */
function rowIdOf(record: unknown): unknown {
  if (typeof record !== "object" || record === null) return undefined
  const { id } = record as { id?: unknown }
  if (id !== undefined) expectId(id)
  return id
}

/**
 * Expects `actual` to be `input` as it was stored: every field of `input` with the same value
 * and type (a `userId` of `1` is not `"1"`), nothing else, except the row's own `id` when the
 * store keeps one. The shape Auth.js's adapter tests expect of a stored session or account.
 */
export function expectStored(actual: unknown, input: object): void {
  const id = rowIdOf(actual)
  expect(actual).toEqual(id === undefined ? input : { ...input, id })
}

/**
 * How far a store's clock (a database server's) may be from the test's, and how much a store
 * that keeps whole seconds may round down.
 */
const CLOCK_TOLERANCE_MS = 60_000

/** Expects `value` to be a `Date` between `startedMs` and `endedMs`, within the tolerance. */
export function expectTimeOfCall(value: unknown, startedMs: number, endedMs: number): void {
  expect(value).toBeInstanceOf(Date)
  const time = (value as Date).getTime()
  expect(time).toBeGreaterThanOrEqual(startedMs - CLOCK_TOLERANCE_MS)
  expect(time).toBeLessThanOrEqual(endedMs + CLOCK_TOLERANCE_MS)
}
