/**
 * better-auth's side of the in-process rows it has a counterpart in: its handler called with a
 * `Request` for `GET /api/auth/get-session`, as a framework integration calls it, with the
 * cookies of a real email-and-password sign-in. Each runner is checked before it is timed.
 */
import { betterAuth } from "better-auth"
import {
  BETTER_AUTH_SESSION_DATA,
  BETTER_AUTH_SESSION_TOKEN,
  type BetterAuthInstance,
  betterAuthOptions,
  createBetterAuth,
  expectBetterAuthUser,
  readBetterAuthSession,
  setCookiesOf,
  signInToBetterAuth,
} from "./better-auth.js"
import { openBenchSchema } from "./postgres.js"
import type { Runner } from "./runner.js"

/** A runner reading the session with the same cookie every time; `check` runs in `verify`. */
function sameCookieRunner(
  auth: BetterAuthInstance,
  cookie: string,
  check: () => Promise<void> = async () => {},
): Runner {
  return {
    async op() {
      await (await readBetterAuthSession(auth, cookie)).arrayBuffer()
    },
    async verify() {
      await expectBetterAuthUser(await readBetterAuthSession(auth, cookie), "GET /get-session")
      await check()
    },
  }
}

/**
 * Its stateless session (no database), read with the cookies the sign-in set, every time the
 * same: better-auth verifies the signed session token and decrypts the JWE `session_data` on
 * every read (it keeps nothing it decrypted), and sets no cookie until the last fifth of the
 * cache's 7 days.
 */
export async function betterAuthStatelessRunner(): Promise<Runner> {
  const auth = createBetterAuth({ kind: "stateless" })
  const cookie = await signInToBetterAuth(auth)
  return sameCookieRunner(auth, cookie, async () => {
    if (!cookie.includes(`${BETTER_AUTH_SESSION_DATA}=`)) {
      throw new Error("better-auth's stateless sign-in set no session_data cookie.")
    }
    const response = await readBetterAuthSession(auth, cookie)
    await response.arrayBuffer()
    if (response.headers.getSetCookie().length > 0) {
      throw new Error("better-auth's stateless read set a cookie: the row would time a refresh.")
    }
  })
}

/**
 * Its stateless session read as a polling browser reads it: `refreshCache.updateAge` as long as
 * the cache lasts, so that every read re-issues the `session_data` (and the signed session
 * token), and each read sends the cookies the previous one set.
 */
export async function betterAuthPollingRunner(): Promise<Runner> {
  const auth = createBetterAuth({ kind: "stateless", reissueEveryRead: true })
  let cookie = await signInToBetterAuth(auth)
  const poll = async () => {
    const response = await readBetterAuthSession(auth, cookie)
    const reissued = setCookiesOf(response)
    if (!reissued.includes(`${BETTER_AUTH_SESSION_DATA}=`)) {
      throw new Error("better-auth GET /get-session did not re-issue the session_data cookie.")
    }
    cookie = reissued
    return response
  }
  return {
    async op() {
      await (await poll()).arrayBuffer()
    },
    async verify() {
      const before = cookie
      await expectBetterAuthUser(await poll(), "GET /get-session")
      if (cookie === before) throw new Error("better-auth re-issued the same session cookies.")
      await expectBetterAuthUser(await poll(), "GET /get-session with the re-issued cookies")
    },
  }
}

/** Its session read without a cookie: `null`, and no session cookie set. */
export async function betterAuthNoCookieRunner(): Promise<Runner> {
  const auth = createBetterAuth({ kind: "stateless" })
  const read = async () => {
    const response = await readBetterAuthSession(auth)
    const sets = response.headers.getSetCookie()
    if (sets.some((header) => header.startsWith(`${BETTER_AUTH_SESSION_TOKEN}=`))) {
      throw new Error("better-auth GET /get-session without a cookie set a session cookie.")
    }
    return response
  }
  return {
    async op() {
      await (await read()).arrayBuffer()
    },
    async verify() {
      if ((await (await read()).json()) !== null) {
        throw new Error("better-auth GET /get-session: expected null.")
      }
    },
  }
}

/** Its database session on its memory adapter (no cookie cache: a lookup per read). */
export async function betterAuthMemoryRunner(): Promise<Runner> {
  const auth = createBetterAuth({ kind: "memory" })
  return sameCookieRunner(auth, await signInToBetterAuth(auth))
}

/**
 * Its database session on PostgreSQL (a `pg` Pool, its tables created by its own migrations in
 * a schema of the bench's), without or with the 5-minute `session.cookieCache`. The check
 * counts the pool's checkouts: a read without the cache queries the database, a read within
 * the cache's 5 minutes does not.
 */
export async function betterAuthPostgresRunner(cookieCache: boolean): Promise<Runner> {
  const database = await openBenchSchema("bench_better_auth")
  try {
    const options = betterAuthOptions({ kind: "postgres", pool: database.pool, cookieCache })
    const { getMigrations } = await import("better-auth/db/migration")
    await (await getMigrations(options)).runMigrations()
    const auth = betterAuth(options)
    const cookie = await signInToBetterAuth(auth)
    let checkouts = 0
    database.pool.on("acquire", () => checkouts++)
    const runner = sameCookieRunner(auth, cookie, async () => {
      const before = checkouts
      await (await readBetterAuthSession(auth, cookie)).arrayBuffer()
      const queried = checkouts > before
      if (queried === cookieCache) {
        throw new Error(
          `better-auth on PostgreSQL ${cookieCache ? "with" : "without"} the cookie cache ${queried ? "queried" : "did not query"} the database.`,
        )
      }
    })
    return { ...runner, close: database.close }
  } catch (error) {
    await database.close()
    throw error
  }
}
