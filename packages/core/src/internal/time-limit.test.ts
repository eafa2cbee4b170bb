import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { DatabaseUnavailableError } from "./database-unavailable.js"
import { withTimeLimit } from "./time-limit.js"

const late = () => new DatabaseUnavailableError(new Error("no answer within 100 ms"))

describe("withTimeLimit", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("settles as the call does when it answers in time", async () => {
    const limit = withTimeLimit(100, { late })
    await expect(limit(async () => "answer")).resolves.toBe("answer")
    await expect(limit(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused")
  })

  it("gives up a call that does not answer within the time, and drops its late answer", async () => {
    const limit = withTimeLimit(100, { late })
    let answer!: (value: string) => void
    const call = limit(() => new Promise<string>((resolve) => (answer = resolve)))
    const outcome = expect(call).rejects.toBeInstanceOf(DatabaseUnavailableError)
    await vi.advanceTimersByTimeAsync(99)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(26)
    await outcome
    answer("too late")
    // Nothing waits any more: the one timer is gone with the last call.
    expect(vi.getTimerCount()).toBe(0)
  })

  it("keeps the calls apart: a slow one is given up, a quick one beside it is not", async () => {
    const limit = withTimeLimit(100, { late })
    const slow = limit(() => new Promise<string>(() => {}))
    const slowOutcome = expect(slow).rejects.toBeInstanceOf(DatabaseUnavailableError)
    await vi.advanceTimersByTimeAsync(60)
    let answer!: (value: string) => void
    const quick = limit(() => new Promise<string>((resolve) => (answer = resolve)))
    await vi.advanceTimersByTimeAsync(65)
    await slowOutcome
    answer("in time")
    await expect(quick).resolves.toBe("in time")
  })

  it("gives the call's error through mapError, whether it rejected or threw", async () => {
    const mapError = (error: unknown) => new DatabaseUnavailableError(error)
    const limit = withTimeLimit(100, { late, mapError })
    await expect(limit(() => Promise.reject(new Error("ECONNRESET")))).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    )
    const thrown = limit(() => {
      throw new Error("The client is closed")
    })
    await expect(thrown).rejects.toMatchObject({ cause: { message: "The client is closed" } })
    // The timer looks once more, finds nothing waiting, and stops.
    await vi.advanceTimersByTimeAsync(25)
    expect(vi.getTimerCount()).toBe(0)
  })
})
