import { DatabaseUnavailableError } from "@auth/core/adapters"
import { PGlite } from "@electric-sql/pglite"
import { describe, expect, it } from "vitest"
import { isUnavailable, unavailableError } from "./unavailable.js"

/** An error as node-postgres or Node's sockets give it: a message and a `code`. */
function driverError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code })
}

describe("isUnavailable", () => {
  it.each([
    ["a refused connection", driverError("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", driverError("read ECONNRESET", "ECONNRESET")],
    ["an unknown host", driverError("getaddrinfo ENOTFOUND db", "ENOTFOUND")],
    [
      "pg_terminate_backend",
      driverError("terminating connection due to administrator command", "57P01"),
    ],
    ["a server starting up", driverError("the database system is starting up", "57P03")],
    ["too many connections", driverError("sorry, too many clients already", "53300")],
    ["statement_timeout", driverError("canceling statement due to statement timeout", "57014")],
    ["a connection exception", driverError("connection failure", "08006")],
    ["a lost connection", driverError("Connection terminated unexpectedly")],
    ["pg-pool's connect timeout", driverError("timeout exceeded when trying to connect")],
    ["pg's query_timeout", driverError("Query read timeout")],
    [
      "a broken client",
      driverError("Client has encountered a connection error and is not queryable"),
    ],
    ["an ended pool", driverError("Cannot use a pool after calling end on the pool")],
    [
      "a wrapped cause",
      new Error("Connection terminated due to connection timeout", {
        cause: driverError("timeout expired"),
      }),
    ],
    [
      "every address refused",
      new AggregateError([driverError("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "x"),
    ],
    ["our own error", unavailableError(driverError("read ECONNRESET", "ECONNRESET"))],
    ["core's error", new DatabaseUnavailableError(driverError("read ECONNRESET", "ECONNRESET"))],
  ])("is true for %s", (_, error) => {
    expect(isUnavailable(error)).toBe(true)
  })

  it.each([
    ["a unique violation", driverError("duplicate key value violates unique constraint", "23505")],
    ["a wrong id type", driverError('invalid input syntax for type integer: "x"', "22P02")],
    ["a missing table", driverError('relation "users" does not exist', "42P01")],
    ["a permission error", driverError("permission denied for table users", "42501")],
    ["a mapping error", new TypeError('Column "email" holds number where text was expected.')],
    ["a string", "Connection terminated"],
    ["nothing", undefined],
  ])("is false for %s", (_, error) => {
    expect(isUnavailable(error)).toBe(false)
  })

  it("stops at a cycle of causes", () => {
    const error = new Error("first")
    error.cause = new Error("second", { cause: error })
    expect(isUnavailable(error)).toBe(false)
  })

  it("is true for a closed PGlite database", async () => {
    const db = new PGlite()
    await db.close()
    const error = await db.query("SELECT 1").catch((thrown: unknown) => thrown)
    expect(isUnavailable(error)).toBe(true)
  })
})

describe("unavailableError", () => {
  it("says what failed and what happens next, keeps the cause, and carries the code core reads", () => {
    const cause = driverError("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")
    const error = unavailableError(cause)
    expect(error).toBeInstanceOf(DatabaseUnavailableError)
    expect(error.name).toBe("DatabaseUnavailableError")
    expect(error.code).toBe("ERR_DATABASE_UNAVAILABLE")
    expect(error.cause).toBe(cause)
    expect(error.message).toBe(
      "PostgreSQL is unavailable (connect ECONNREFUSED 127.0.0.1:5432). Requests that need it " +
        "are answered with 503 until it is back; the pool reconnects by itself.",
    )
  })
})
