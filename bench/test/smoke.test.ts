/**
 * The smoke pass CI runs: every workload of `pnpm bench`, set up, verified for correctness and
 * run a few times, for ours, for Auth.js and for better-auth where a row has it. Nothing here is
 * timed or compared.
 */
import { describe, expect, it } from "vitest"
import { BUNDLE_ENTRIES, bundleParts, bundleSize } from "../src/bundles.js"
import { COLD_IMPORT_SPECIFIERS, coldImportOnce } from "../src/cold-import.js"
import { measureHeap } from "../src/heap.js"
import {
  load,
  oursExpressUnavailable,
  type Server,
  sessionCookie,
  signInOverHttp,
  startServer,
  verifyServer,
} from "../src/http.js"
import { LIMITS, prepareLimit } from "../src/limits.js"
import { compare, percentile } from "../src/measure.js"
import { closeAll, prepareWorkload, WORKLOADS } from "../src/workloads.js"

const ITERATIONS = 3

describe("in-process workloads", () => {
  const smoke = async (_id: string, workload: (typeof WORKLOADS)[number]) => {
    const prepared = await prepareWorkload(workload)
    try {
      expect(prepared.authjs === undefined).toBe(Boolean(workload.withoutAuthjs))
      expect(prepared.betterAuth === undefined).toBe(workload.betterAuth === undefined)
      for (const runner of Object.values(prepared)) {
        await Promise.all(Array.from({ length: workload.concurrency }, () => runner.op()))
        for (let i = 0; i < ITERATIONS; i++) await runner.op()
      }
    } finally {
      await closeAll(prepared)
    }
  }
  const rows = (server: "none" | "redis" | "postgres") =>
    WORKLOADS.filter(
      (workload) =>
        (workload.needsRedis ? "redis" : workload.needsPostgres ? "postgres" : "none") === server,
    ).map((workload) => [workload.id, workload] as const)
  it.each(rows("none"))("%s: verified, then run for each implementation", smoke)
  // The rows on Redis need the server of REDIS_URL (`.ci/run` sets it when one answers).
  it.skipIf(!process.env.REDIS_URL).each(rows("redis"))("%s: verified on Redis, then run", smoke)
  // The rows on PostgreSQL need the server of DATABASE_URL, each in a schema of its own.
  it.skipIf(!process.env.DATABASE_URL).each(rows("postgres"))(
    "%s: verified on PostgreSQL, then run",
    smoke,
  )
})

describe("limit rows", () => {
  it.each(LIMITS.map((limit) => [limit.id, limit] as const))(
    "%s: the round trip decodes with Auth.js",
    async (_id, limit) => {
      const runners = await prepareLimit(limit)
      for (const runner of runners) for (let i = 0; i < ITERATIONS; i++) await runner.op()
    },
  )
})

describe("the timing harness", () => {
  it("interleaves both sides and reports every operation", async () => {
    const calls: string[] = []
    const op = (side: string) => async () => {
      calls.push(side)
    }
    const [a, b] = await compare(op("a"), op("b"), { warmupMs: 1, roundMs: 2, rounds: 2 }, 2)
    expect(a.ops).toBeGreaterThan(0)
    expect(b.ops).toBeGreaterThan(0)
    expect(calls).toContain("a")
    expect(calls).toContain("b")
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2)
    expect(percentile([1, 2, 3, 4], 0.99)).toBe(4)
  })
})

describe("HTTP through Express", () => {
  const withServer = async (side: "ours" | "authjs") => {
    const cookie = await sessionCookie()
    const server: Server = await startServer(side)
    try {
      await verifyServer(server, cookie)
      const stats = await load(server, cookie, { amount: 20 })
      expect(stats.errors).toBe(0)
      expect(stats.ops).toBe(20)
    } finally {
      await server.stop()
    }
  }

  it("Auth.js's server answers the session under load", () => withServer("authjs"))

  it.skipIf(oursExpressUnavailable() !== undefined)(
    "our server answers the session under load (needs packages/express built)",
    () => withServer("ours"),
  )

  it("better-auth's server signs in over HTTP and answers the session under load", async () => {
    const server = await startServer("better-auth")
    try {
      const { cookie, path } = await signInOverHttp(server)
      const stats = await load(server, cookie, { amount: 20 }, path)
      expect(stats.errors).toBe(0)
      expect(stats.ops).toBe(20)
    } finally {
      await server.stop()
    }
  })
})

describe("cold import", () => {
  it("imports each package in fresh processes", async () => {
    for (const specifier of Object.values(COLD_IMPORT_SPECIFIERS)) {
      expect(await coldImportOnce(specifier)).toBeGreaterThan(0)
    }
  })
})

describe("bundle sizes", () => {
  it.each(BUNDLE_ENTRIES.map((entry) => [entry.id, entry] as const))(
    "%s bundles for each package it has an entry for",
    async (_id, entry) => {
      const betterAuth = entry.betterAuth === undefined ? [] : (["better-auth"] as const)
      for (const side of ["ours", "authjs", ...betterAuth] as const) {
        const { minBytes, gzipBytes } = await bundleSize(entry, side)
        expect(gzipBytes).toBeGreaterThan(0)
        expect(gzipBytes).toBeLessThan(minBytes)
      }
    },
  )

  it.each(["bundle-session-jwt", "bundle-session-check"])(
    "says what our %s entry is made of: no pages, no OAuth client, no e-mail, no rate limits",
    async (id) => {
      const entry = BUNDLE_ENTRIES.find((candidate) => candidate.id === id)!
      const parts = (await bundleParts(entry, "ours")).map(({ part }) => part)
      expect(parts).toContain("src/internal/jwt")
      expect(
        parts.filter((part) => /preact|oauth4webapi|pages|oauth|email|rate-limit/.test(part)),
      ).toEqual([])
    },
  )
})

describe("heap", () => {
  it("runs session GETs in a child and reports the heap after each count", async () => {
    const result = await measureHeap("ours", 50, 100)
    expect(result.requests).toEqual([50, 100])
    expect(result.heapUsed[0]).toBeGreaterThan(0)
    expect(result.heapUsed[1]).toBeGreaterThan(0)
  })
})
