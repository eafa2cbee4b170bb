/**
 * Two processes of one app sharing one Redis (`REDIS_URL`), as instances behind a balancer: a
 * rate limit is counted once across them, and a session revoked on one is refused by the other
 * on its next request. Each process runs core's build (test/support/redis-instance.mjs); keys
 * live under this file's own prefix and are deleted afterwards.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { fileURLToPath } from "node:url"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"

/** Set by `.ci/run` when a Redis server answers; without it the suite is reported skipped. */
const REDIS_URL = process.env.REDIS_URL ?? ""
const PREFIX = `test:two-instances:${crypto.randomUUID()}:`
const SECRET = "two-instances-secret-that-is-long-enough-for-the-check"
const INSTANCE = fileURLToPath(new URL("./support/redis-instance.mjs", import.meta.url))

/** What each instance keeps of what it read: nothing, node-redis's cache, or the store's own. */
type Cache = "none" | "client-side" | "revocations"

interface Instance {
  readonly url: string
  readonly child: ChildProcess
}

/** Starts one instance and waits for the line that says it listens. */
async function startInstance(cache: Cache): Promise<Instance> {
  const child = spawn(process.execPath, [INSTANCE], {
    env: {
      ...process.env,
      REDIS_URL,
      PREFIX: `${PREFIX}${cache}:`,
      SECRET,
      CLIENT_SIDE_CACHE: cache === "client-side" ? "1" : "",
      REVOCATION_CACHE: cache === "revocations" ? "1" : "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  })
  let output = ""
  for await (const chunk of child.stdout!) {
    output += String(chunk)
    const port = /listening (\d+)/.exec(output)?.[1]
    if (port) return { url: `http://127.0.0.1:${port}`, child }
  }
  throw new Error(`The instance exited before it listened (code ${child.exitCode}).`)
}

/** A browser's cookies for one site, whichever instance answers. */
class CookieJar {
  readonly #cookies = new Map<string, string>()

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";")
      const separator = pair.indexOf("=")
      const name = pair.slice(0, separator)
      const value = pair.slice(separator + 1)
      if (value === "" || /max-age=0/i.test(line)) this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }
}

async function request(
  base: string,
  path: string,
  jar: CookieJar,
  form?: Record<string, string>,
): Promise<Response> {
  const response = await fetch(`${base}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      cookie: jar.header(),
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      "x-auth-return-redirect": "1",
    },
    body: form ? new URLSearchParams(form) : undefined,
  })
  jar.store(response)
  return response
}

async function csrfToken(base: string, jar: CookieJar): Promise<string> {
  const response = await request(base, "/auth/csrf", jar)
  return ((await response.json()) as { csrfToken: string }).csrfToken
}

async function signIn(base: string, jar: CookieJar, email: string, password: string) {
  const csrf = await csrfToken(base, jar)
  return request(base, "/auth/callback/credentials", jar, { csrfToken: csrf, email, password })
}

async function sessionUser(base: string, jar: CookieJar): Promise<string | undefined> {
  const response = await request(base, "/auth/session", jar)
  const session = (await response.json()) as { user?: { email?: string } } | null
  return session?.user?.email
}

describe.skipIf(REDIS_URL === "").each<{ name: string; cache: Cache }>([
  { name: "each read a round trip", cache: "none" },
  { name: "node-redis client-side caching", cache: "client-side" },
  { name: "the store's revocation cache", cache: "revocations" },
])("two instances sharing Redis (REDIS_URL), $name", ({ cache }) => {
  let instances: Instance[] = []

  beforeAll(async () => {
    instances = await Promise.all([startInstance(cache), startInstance(cache)])
  }, scaled(60_000))

  afterAll(async () => {
    await Promise.all(
      instances.map(async ({ child }) => {
        if (child.exitCode !== null) return
        const exited = once(child, "exit")
        child.kill("SIGTERM")
        await exited
      }),
    )
    const admin = await createClient({ url: REDIS_URL }).connect()
    for await (const keys of admin.scanIterator({ MATCH: `${PREFIX}*` })) {
      if (keys.length > 0) await admin.del(keys)
    }
    await admin.close()
  })

  it("counts a credentials limit once across them: 200 concurrent guesses, 10 tried", async () => {
    const jar = new CookieJar()
    // Either instance accepts the other's CSRF cookie: they share the secret.
    const token = await csrfToken(instances[0]!.url, jar)
    const guesses = Array.from({ length: 200 }, async (_, index) => {
      const { url } = instances[index % 2]!
      const response = await request(url, "/auth/callback/credentials", jar, {
        csrfToken: token,
        email: " Grace@Example.test",
        password: `guess-${index}`,
      })
      return response.status
    })
    const statuses = await Promise.all(guesses)
    const stats = await Promise.all(
      instances.map(async ({ url }) => (await (await fetch(`${url}/stats`)).json()) as never),
    )
    const tried = stats.reduce((sum, { authorized }: { authorized: number }) => sum + authorized, 0)
    // At most the default `perIdentifier` limit, 10 attempts in 15 minutes, counted in one
    // place. Fewer when the first failures lock the identifier (from 5 in a row) before the
    // last guesses are counted: how many is a matter of timing, never more than 10.
    expect(tried).toBeGreaterThanOrEqual(5)
    expect(tried).toBeLessThanOrEqual(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - tried)
  })

  it("refuses a session revoked on one instance on the other's next request", async () => {
    const [first, second] = instances.map(({ url }) => url) as [string, string]
    const laptop = new CookieJar()
    const phone = new CookieJar()
    expect((await signIn(first, laptop, "ada@example.test", "right")).status).toBe(200)
    expect((await signIn(second, phone, "ada@example.test", "right")).status).toBe(200)
    expect(await sessionUser(second, laptop)).toBe("ada@example.test")

    const listed = await request(second, "/auth/sessions", phone)
    const { sessions } = (await listed.json()) as { sessions: { current: boolean }[] }
    expect(sessions).toHaveLength(2)

    const csrf = await csrfToken(first, phone)
    const revoked = await request(first, "/auth/sessions/revoke", phone, {
      csrfToken: csrf,
      scope: "others",
    })
    expect(await revoked.json()).toEqual({ revoked: 1 })
    if (cache === "revocations") {
      // The other instance hears of it when the revocation's message arrives: soon, not at once.
      await vi.waitFor(async () => expect(await sessionUser(second, laptop)).toBeUndefined(), {
        timeout: scaled(5000),
        interval: 5,
      })
    }
    expect(await sessionUser(second, laptop)).toBeUndefined()
    expect(await sessionUser(first, laptop)).toBeUndefined()
    expect(await sessionUser(second, phone)).toBe("ada@example.test")
  })
})
