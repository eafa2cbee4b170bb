/** `exampleRedis` on the machine's Redis (REDIS_URL, else 127.0.0.1:6379), and without one. */
import { createServer } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { closeExampleRedis, exampleRedis } from "./redis.js"

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"

afterEach(closeExampleRedis)

/** A port nothing listens on (a server took it a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe("exampleRedis", () => {
  it.each([undefined, "", "  "])("is undefined for REDIS_URL %j", (url) => {
    expect(exampleRedis(url)).toBeUndefined()
  })

  it("connects on its own, and is one client per URL", async () => {
    const client = exampleRedis(REDIS_URL)
    expect(exampleRedis(REDIS_URL)).toBe(client)
    const key = `example-support:test:${crypto.randomUUID()}`
    await client?.set(key, "1", { EX: 10 })
    expect(await client?.mGet([key])).toEqual(["1"])
    await client?.del(key)
  })

  it("refuses a URL that is not Redis's, naming the variable", () => {
    expect(() => exampleRedis("not a url")).toThrow(/^REDIS_URL must be a Redis URL/)
  })

  it("logs an unreachable server once, without the password", async () => {
    const url = `redis://:s3cret@127.0.0.1:${await closedPort()}`
    const logged: string[] = []
    const reported = new Promise<void>((resolve) => {
      exampleRedis(url, (message) => {
        logged.push(message)
        resolve()
      })
    })
    await reported
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/^Redis at 127\.0\.0\.1:\d+ is unreachable \(/)
    expect(logged[0]).not.toContain("s3cret")
  })
})
