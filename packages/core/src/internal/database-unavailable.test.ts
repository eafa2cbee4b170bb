import { describe, expect, it } from "vitest"
import * as adapters from "../adapters.js"
import { AdapterError } from "../errors.js"
import {
  DATABASE_UNAVAILABLE_CODE,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
} from "./database-unavailable.js"

/** A driver error as Node's sockets give it: a message and a `code`. */
function refused(): Error {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })
}

describe("DatabaseUnavailableError", () => {
  it("is the class and code @auth/core/adapters exports", () => {
    expect(adapters.DatabaseUnavailableError).toBe(DatabaseUnavailableError)
    expect(adapters.DATABASE_UNAVAILABLE_CODE).toBe("ERR_DATABASE_UNAVAILABLE")
  })

  it("names the cause and says what happens next, keeping the cause", () => {
    const cause = refused()
    const error = new DatabaseUnavailableError(cause)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe("DatabaseUnavailableError")
    expect(error.code).toBe(DATABASE_UNAVAILABLE_CODE)
    expect(error.cause).toBe(cause)
    expect(error.message).toBe(
      "The database is unavailable (connect ECONNREFUSED 127.0.0.1:5432). Requests that need " +
        "it are answered with 503 until it is back.",
    )
  })

  it("takes the adapter's own message", () => {
    const error = new DatabaseUnavailableError(refused(), { message: "Redis is unavailable." })
    expect(error.message).toBe("Redis is unavailable.")
    expect(error.code).toBe(DATABASE_UNAVAILABLE_CODE)
  })

  it("names an error cause without a message by its name, and a string cause as it is", () => {
    expect(new DatabaseUnavailableError(new TypeError("")).message).toMatch(
      /^The database is unavailable \(TypeError\)\. /,
    )
    expect(new DatabaseUnavailableError("pool exhausted").message).toMatch(
      /^The database is unavailable \(pool exhausted\)\. /,
    )
  })

  it("needs no cause, and then has none", () => {
    const error = new DatabaseUnavailableError()
    expect(error.message).toMatch(/^The database is unavailable\. Requests that need it/)
    expect("cause" in error).toBe(false)
  })
})

describe("isDatabaseUnavailable", () => {
  /** The class as another copy of `@auth/core` defines it: same code, another identity. */
  class OtherCopyError extends Error {
    readonly code = "ERR_DATABASE_UNAVAILABLE"
  }

  it.each([
    ["a DatabaseUnavailableError", new DatabaseUnavailableError(refused())],
    ["another copy of core's class", new OtherCopyError("down")],
    [
      "any error with the code",
      Object.assign(new Error("down"), { code: DATABASE_UNAVAILABLE_CODE }),
    ],
    ["a plain object with the code", { code: DATABASE_UNAVAILABLE_CODE }],
    ["the cause of an error", new Error("query failed", { cause: new DatabaseUnavailableError() })],
    [
      "the adapter failure of an AdapterError",
      new AdapterError("The adapter's getUser failed", {
        cause: { err: new DatabaseUnavailableError() },
      }),
    ],
  ])("is true for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it.each([
    ["a driver's own network error", refused()],
    ["another code", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["the code as a message", new Error(DATABASE_UNAVAILABLE_CODE)],
    ["a string", DATABASE_UNAVAILABLE_CODE],
    ["null", null],
    ["nothing", undefined],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it("stops at a cycle of causes", () => {
    const error = new Error("first")
    error.cause = new Error("second", { cause: error })
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it("follows no deeper than five causes", () => {
    let error: unknown = new DatabaseUnavailableError()
    for (let depth = 0; depth < 6; depth += 1) error = new Error("wrapped", { cause: error })
    expect(isDatabaseUnavailable(error)).toBe(false)
  })
})
