import { describe, expect, it } from "vitest"
import { createMemorySessionStore } from "../session-store/memory.js"
import { singleFlight } from "./refresh-flight.js"

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe("singleFlight", () => {
  it("runs once for concurrent callers of one key in one scope, and again once it settled", async () => {
    const scope = {}
    let runs = 0
    const gate = deferred<string>()
    const flight = {
      key: "k",
      settled: async () => undefined,
      run: () => {
        runs += 1
        return gate.promise
      },
    }
    const calls = [singleFlight(scope, undefined, flight), singleFlight(scope, undefined, flight)]
    // Another scope (another config) has its own.
    const other = singleFlight({}, undefined, { ...flight, run: async () => "other" })
    gate.resolve("token")
    expect(await Promise.all(calls)).toEqual(["token", "token"])
    expect(await other).toBe("other")
    expect(runs).toBe(1)
    await singleFlight(scope, undefined, flight)
    expect(runs).toBe(2)
  })

  it("gives every caller the failure, and lets the next call try again", async () => {
    const scope = {}
    const failing = {
      key: "k",
      settled: async () => undefined,
      run: async () => Promise.reject(new Error("down")),
    }
    const results = await Promise.allSettled([
      singleFlight(scope, undefined, failing),
      singleFlight(scope, undefined, failing),
    ])
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"])
    expect(await singleFlight(scope, undefined, { ...failing, run: async () => "ok" })).toBe("ok")
  })

  it("takes another instance's result while it holds the store's lock, and releases the lock after a failure", async () => {
    const store = createMemorySessionStore()
    let published: string | undefined
    const gate = deferred<string>()
    let runs = 0
    const flight = (name: string) => ({
      key: "account",
      settled: async () => published,
      run: async () => {
        runs += 1
        published = await gate.promise
        return `${published} (${name})`
      },
    })
    const winner = singleFlight({}, store, flight("a"))
    await new Promise((resolve) => setTimeout(resolve, 10))
    const loser = singleFlight({}, store, flight("b"))
    gate.resolve("new token")
    expect(await winner).toBe("new token (a)")
    expect(await loser).toBe("new token")
    expect(runs).toBe(1)

    // A failed refresh gives the lock back at once: the next instance refreshes itself.
    await expect(
      singleFlight({}, store, {
        key: "other",
        settled: async () => undefined,
        run: async () => Promise.reject(new Error("x")),
      }),
    ).rejects.toThrow("x")
    expect(
      await singleFlight({}, store, {
        key: "other",
        settled: async () => undefined,
        run: async () => "mine",
      }),
    ).toBe("mine")
  })
})
