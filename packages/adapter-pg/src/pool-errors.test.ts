import { EventEmitter } from "node:events"
import { describe, expect, it } from "vitest"
import { PostgresAdapter } from "./adapter.js"
import { handlePoolErrors } from "./pool-errors.js"

/** What `pg.Pool` emits when PostgreSQL terminates an idle connection. */
function terminated(): Error {
  return Object.assign(new Error("terminating connection due to administrator command"), {
    code: "57P01",
  })
}

/** A pool stand-in: emits `error` like `pg.Pool`, queries nothing. */
class FakePool extends EventEmitter {
  query(): Promise<{ rows: unknown[] }> {
    return Promise.resolve({ rows: [] })
  }
}

function recorder() {
  const warnings: string[] = []
  return { warnings, logger: { warn: (message: string) => void warnings.push(message) } }
}

describe("handlePoolErrors", () => {
  it("turns the error of an idle connection into a warning instead of a crash", () => {
    const pool = new FakePool()
    const { warnings, logger } = recorder()
    handlePoolErrors(pool, logger)
    expect(() => pool.emit("error", terminated())).not.toThrow()
    expect(warnings).toEqual([
      "[@auth/pg-adapter] An idle PostgreSQL connection failed (terminating connection due to " +
        "administrator command, 57P01); the pool dropped it and opens a new one when needed.",
    ])
  })

  it("leaves the warning to the app's own listener", () => {
    const pool = new FakePool()
    const { warnings, logger } = recorder()
    const seen: Error[] = []
    handlePoolErrors(pool, logger)
    pool.on("error", (error: Error) => void seen.push(error))
    pool.emit("error", terminated())
    expect(seen).toHaveLength(1)
    expect(warnings).toEqual([])
  })

  it("listens once per pool; a later call replaces the logger", () => {
    const pool = new FakePool()
    const first = recorder()
    const second = recorder()
    handlePoolErrors(pool, first.logger)
    handlePoolErrors(pool, second.logger)
    expect(pool.listenerCount("error")).toBe(1)
    pool.emit("error", terminated())
    expect(first.warnings).toEqual([])
    expect(second.warnings).toHaveLength(1)
  })
})

describe("PostgresAdapter and pool errors", () => {
  it("handles the errors of a client that emits them, once however many adapters share it", () => {
    const pool = new FakePool()
    const { warnings, logger } = recorder()
    PostgresAdapter(pool, { logger })
    PostgresAdapter(pool)
    expect(pool.listenerCount("error")).toBe(1)
    expect(() => pool.emit("error", terminated())).not.toThrow()
    expect(warnings).toHaveLength(1)
  })
})
