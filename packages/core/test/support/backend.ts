/**
 * The stores the flow suites run on: core runs them on {@link memoryBackend}; `@auth/pg-adapter`
 * runs the same suites on PGlite and on a real PostgreSQL server.
 */
import type { Adapter, VerificationToken } from "../../src/adapters.js"
import { MemoryAdapter } from "../../src/memory-adapter.js"

/** The tables a store can count rows of. */
export type TableName = "users" | "accounts" | "sessions" | "verification_token"

/** One open, empty store. */
export interface TestStore {
  adapter: Adapter
  /** Rows in a table, when the store can be inspected directly (SQL). */
  count?(table: TableName): Promise<number>
  /** Every stored verification token row as stored, when the store can be inspected directly. */
  storedTokens?(): Promise<VerificationToken[]>
  close(): Promise<void>
}

/** A kind of store, opened once per suite (`beforeAll`) and closed afterwards (`afterAll`). */
export interface TestBackend {
  name: string
  open(): Promise<TestStore>
  /**
   * The store is not there on this machine (no `DATABASE_URL`): the suite is registered as
   * skipped, so the totals say what did not run.
   */
  skip?: boolean
}

/** The in-memory adapter of core. */
export const memoryBackend: TestBackend = {
  name: "MemoryAdapter",
  async open() {
    return { adapter: MemoryAdapter(), close: async () => {} }
  },
}

/** One adapter call, as {@link recordAdapter} saw it. */
export interface AdapterCall {
  method: string
  args: unknown[]
}

/** An adapter that records its calls and can be made to fail. */
export interface RecordedAdapter {
  adapter: Adapter
  calls: AdapterCall[]
  /** The arguments of every call of `method`. */
  argsOf(method: keyof Adapter): unknown[][]
  /** Methods that throw (a simulated outage) while listed. */
  failing: Set<keyof Adapter>
}

/**
 * Wraps an adapter so that every call is recorded, in order, in `calls` and, when `log` is
 * given, in that shared log too (to check the order of adapter calls and events together).
 */
export function recordAdapter(inner: Adapter, log?: string[]): RecordedAdapter {
  const calls: AdapterCall[] = []
  const failing = new Set<keyof Adapter>()
  const adapter: Record<string, unknown> = {}
  for (const [method, fn] of Object.entries(inner)) {
    if (typeof fn !== "function") continue
    adapter[method] = async (...args: unknown[]) => {
      calls.push({ method, args })
      log?.push(`adapter.${method}`)
      if (failing.has(method as keyof Adapter)) {
        throw new Error(`simulated outage in ${method}`)
      }
      return fn.apply(inner, args)
    }
  }
  return {
    adapter: adapter as Adapter,
    calls,
    failing,
    argsOf: (method) => calls.filter((call) => call.method === method).map((call) => call.args),
  }
}

/** A unique address for one test, so that suites can share a store and an SMTP server. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`
}
