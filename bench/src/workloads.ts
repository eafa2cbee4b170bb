/**
 * The in-process workloads: `Auth(request, config)` called directly, as a framework integration
 * or an edge middleware calls it. Each is set up the same way for every implementation and
 * checked once, thoroughly, before it is timed.
 */
import {
  cachedDatabaseSessionRunner,
  databaseSessionRunner,
  databaseSessionWith,
  markedDatabaseRunner,
  postgresSessionRunner,
  trackedDatabaseRunner,
} from "./database-workloads.js"
import { SESSION_COOKIE } from "./fixtures.js"
import { hasPostgres } from "./postgres.js"
import { type BenchRedisCache, openBenchRedisStore } from "./redis-store.js"
import {
  assertAuthjsDecodes,
  cookieValue,
  expectSession,
  expectStatus,
  get,
  jwtConfig,
  sessionGetRunner,
  signIn,
} from "./requests.js"
import type { Runner } from "./runner.js"
import { type AuthOptions, loadTarget, type Target, type TargetId } from "./targets.js"

export { assertAuthjsDecodes, cookiesOf, cookieValue, jwtConfig } from "./requests.js"
export type { Runner } from "./runner.js"

/** A workload timed for one of our builds against Auth.js and, where it has one, better-auth. */
export interface Workload {
  readonly id: string
  readonly title: string
  /** Operations kept in flight at once. */
  readonly concurrency: number
  /** Which of our builds runs it. */
  readonly ours: TargetId
  /** The ratio ours/Auth.js (ops/s) asked for; ours/better-auth for the rows without Auth.js. */
  readonly minRatio?: number
  setup(target: Target): Promise<Runner>
  /**
   * For a row that times what a feature of ours costs: the same operation on our build without
   * the feature, run in Auth.js's place (the "Auth.js" column then holds ours without it).
   */
  baseline?(target: Target): Promise<Runner>
  /** Needs the Redis server of `REDIS_URL`; left out without one. */
  readonly needsRedis?: boolean
  /** Needs the PostgreSQL of `DATABASE_URL`; left out without one. */
  readonly needsPostgres?: boolean
  /** better-auth's counterpart of the operation, for the rows where it does the same job. */
  betterAuth?(): Promise<Runner>
  /** No Auth.js column: the bench has no Auth.js counterpart (its PostgreSQL adapter). */
  readonly withoutAuthjs?: boolean
}

/** Why a workload cannot run here (the server it needs is not set), or `undefined` when it can. */
export function missingServer(workload: Workload): string | undefined {
  if (workload.needsRedis && !process.env.REDIS_URL) return "REDIS_URL is not set"
  if (workload.needsPostgres && !hasPostgres()) return "DATABASE_URL is not set"
  return undefined
}

/**
 * better-auth's runners, imported when a row first needs them: a process that only runs ours
 * (the heap rows' children) never loads better-auth.
 */
const betterAuthRunners = () => import("./better-auth-workloads.js")

/** GET `/session` with the JWT cookie a real sign-in set; checks the re-issued token. */
export async function jwtSessionRunner(target: Target): Promise<Runner> {
  const config = jwtConfig(target)
  const token = cookieValue(await signIn(target, config), SESSION_COOKIE)
  await assertAuthjsDecodes(token, `${target.label} sign-in`)
  const cookie = `${SESSION_COOKIE}=${token}`
  return sessionGetRunner(target, config, cookie, async (response) => {
    await expectSession(response, "GET /session")
    await assertAuthjsDecodes(cookieValue(response, SESSION_COOKIE), "GET /session re-issue")
  })
}

/**
 * GET `/session` as a polling browser sends it: each time with the session cookie the previous
 * response set, so no token is read twice (our decrypted tokens never answer). The cost of
 * reading the re-issued cookie off each response is the harness's, on both sides.
 */
async function pollingJwtSessionRunner(target: Target): Promise<Runner> {
  const config = jwtConfig(target)
  let token = cookieValue(await signIn(target, config), SESSION_COOKIE)
  const poll = async () => {
    const response = await target.Auth(get("/session", `${SESSION_COOKIE}=${token}`), config)
    expectStatus(response, 200, "GET /session")
    const reissued = cookieValue(response, SESSION_COOKIE)
    if (!reissued) throw new Error("GET /session did not re-issue the session cookie.")
    token = reissued
    return response
  }
  return {
    async op() {
      await (await poll()).arrayBuffer()
    },
    async verify() {
      await expectSession(await poll(), "GET /session")
      await assertAuthjsDecodes(token, "GET /session re-issue")
      await expectSession(await poll(), "GET /session with the re-issued cookie")
    },
  }
}

async function noCookieRunner(target: Target): Promise<Runner> {
  return sessionGetRunner(target, jwtConfig(target), undefined, async (response) => {
    if ((await response.json()) !== null) throw new Error("GET /session: expected null.")
    // Auth.js also sets its CSRF and callback-URL cookies here; neither sets a session.
    if (cookieValue(response, SESSION_COOKIE) !== undefined) {
      throw new Error("GET /session without a cookie set a session cookie.")
    }
  })
}

/**
 * GET `/session` with a hostile 4 MB `Cookie` header of a million tiny pairs: the cost of reading
 * what an attacker sends (the unit tests check what is read; this row times it).
 */
async function hostileCookieRunner(target: Target): Promise<Runner> {
  const header = "a=b;".repeat(1_000_000)
  return sessionGetRunner(target, jwtConfig(target), header, async (response) => {
    if ((await response.json()) !== null) throw new Error("GET /session: expected null.")
  })
}

/**
 * GET `/session` with a JWT cookie, the token's revocation looked up in `store` (`false`: not
 * revocable, no lookup). The store's `close` closes the runner.
 */
async function revocableJwtRunner(
  target: Target,
  store: { store: unknown; close?(): Promise<void> } | false,
): Promise<Runner> {
  const config = { ...jwtConfig(target), session: { store: store === false ? false : store.store } }
  const token = cookieValue(await signIn(target, config), SESSION_COOKIE)
  await assertAuthjsDecodes(token, `${target.label} sign-in`)
  const runner = sessionGetRunner(target, config, `${SESSION_COOKIE}=${token}`, (response) =>
    expectSession(response, "GET /session, revocable"),
  )
  return store && store.close !== undefined ? { ...runner, close: store.close } : runner
}

/** Our in-memory session store: `@auth/core`'s default. */
function memoryStoreRunner(target: Target): Promise<Runner> {
  return revocableJwtRunner(target, { store: undefined })
}

/**
 * A store on the Redis of `REDIS_URL` through node-redis, under a key prefix of its own; with a
 * `cache` (see `BenchRedisCache`), a read of an unchanged token's keys stays in the process.
 */
async function redisStoreRunner(target: Target, cache: BenchRedisCache = "none"): Promise<Runner> {
  return revocableJwtRunner(target, await openBenchRedisStore(cache))
}

/**
 * A JWT session read without a session store whose `jwt` callback first waits for one Redis
 * round trip (a `PING` on a bench store's client): the baseline of the Redis deny-list, which
 * may cost that round trip and 10% more.
 */
async function roundTripJwtRunner(target: Target): Promise<Runner> {
  const { roundTrip, close } = await openBenchRedisStore()
  const config = {
    ...jwtConfig(target),
    session: { store: false },
    callbacks: {
      async jwt({ token }: { token: unknown }) {
        await roundTrip()
        return token
      },
    },
  }
  const token = cookieValue(await signIn(target, config), SESSION_COOKIE)
  const runner = sessionGetRunner(target, config, `${SESSION_COOKIE}=${token}`, (response) =>
    expectSession(response, "GET /session, one round trip"),
  )
  return { ...runner, close }
}

async function csrfRunner(target: Target): Promise<Runner> {
  const config = jwtConfig(target)
  return {
    async op() {
      const response = await target.Auth(get("/csrf"), config)
      expectStatus(response, 200, "GET /csrf")
      await response.arrayBuffer()
    },
    async verify() {
      const response = await target.Auth(get("/csrf"), config)
      expectStatus(response, 200, "GET /csrf")
      const { csrfToken } = (await response.json()) as { csrfToken?: unknown }
      if (typeof csrfToken !== "string" || csrfToken.length < 32) {
        throw new Error("GET /csrf: no token.")
      }
      if (!cookieValue(response, "authjs.csrf-token")) throw new Error("GET /csrf: no cookie.")
    },
  }
}

async function signInRunner(target: Target): Promise<Runner> {
  return signInWith(target, jwtConfig(target))
}

/** A credentials sign-in with the `rateLimit` option given (`false`: no limits). */
function limitedSignInRunner(target: Target, rateLimit: unknown): Promise<Runner> {
  return signInWith(target, { ...jwtConfig(target), rateLimit })
}

/** A credentials sign-in, limits counted in Redis (`REDIS_URL`) under a prefix of its own. */
async function redisLimitedSignInRunner(target: Target): Promise<Runner> {
  const { store, close } = await openBenchRedisStore()
  return { ...(await limitedSignInRunner(target, { store })), close }
}

/**
 * A credentials sign-in without limits whose `authorize` first waits for one Redis round trip (a
 * `PING` on a bench store's client, in the request as the limits' one store call is): the
 * baseline of the Redis limits, which may cost that round trip and 10% more.
 */
async function roundTripSignInRunner(target: Target): Promise<Runner> {
  const { roundTrip, close } = await openBenchRedisStore()
  return {
    ...(await signInWith(target, { ...jwtConfig(target, roundTrip), rateLimit: false })),
    close,
  }
}

/** Credentials sign-ins (GET csrf, POST callback) with `config`, each checked by Auth.js's decode. */
async function signInWith(target: Target, config: AuthOptions): Promise<Runner> {
  return {
    async op() {
      await signIn(target, config)
    },
    async verify() {
      const response = await signIn(target, config)
      await assertAuthjsDecodes(cookieValue(response, SESSION_COOKIE), "credentials sign-in")
    },
  }
}

export const WORKLOADS: readonly Workload[] = [
  {
    id: "session-jwt",
    title: "session GET, JWT, one at a time (Node)",
    concurrency: 1,
    ours: "ours",
    minRatio: 10,
    setup: jwtSessionRunner,
    betterAuth: async () => (await betterAuthRunners()).betterAuthStatelessRunner(),
  },
  {
    id: "session-jwt-16",
    title: "session GET, JWT, 16 in flight (Node)",
    concurrency: 16,
    ours: "ours",
    minRatio: 5,
    setup: jwtSessionRunner,
    betterAuth: async () => (await betterAuthRunners()).betterAuthStatelessRunner(),
  },
  {
    id: "session-jwt-webcrypto",
    title: "session GET, JWT, WebCrypto build",
    concurrency: 1,
    ours: "ours-webcrypto",
    minRatio: 2,
    setup: jwtSessionRunner,
  },
  {
    id: "session-jwt-polling",
    title:
      "session GET, JWT, each with the cookie the previous one set, as a polling browser (Node)",
    concurrency: 1,
    ours: "ours",
    setup: pollingJwtSessionRunner,
    betterAuth: async () => (await betterAuthRunners()).betterAuthPollingRunner(),
  },
  {
    id: "session-none",
    title: "session GET, no cookie",
    concurrency: 1,
    ours: "ours",
    setup: noCookieRunner,
    betterAuth: async () => (await betterAuthRunners()).betterAuthNoCookieRunner(),
  },
  {
    id: "session-database",
    title: "session GET, database, in-memory adapter",
    concurrency: 1,
    ours: "ours",
    minRatio: 3,
    setup: databaseSessionRunner,
    betterAuth: async () => (await betterAuthRunners()).betterAuthMemoryRunner(),
  },
  {
    id: "session-database-postgres",
    title: "session GET, database, PostgreSQL (better-auth: no cookie cache)",
    concurrency: 1,
    ours: "ours",
    minRatio: 2.5,
    setup: (target) => postgresSessionRunner(target),
    betterAuth: async () => (await betterAuthRunners()).betterAuthPostgresRunner(false),
    withoutAuthjs: true,
    needsPostgres: true,
  },
  {
    id: "session-database-postgres-cookie-cache",
    title: "session GET, database, PostgreSQL, both with a 5-minute session.cookieCache",
    concurrency: 1,
    ours: "ours",
    minRatio: 1.5,
    setup: (target) => postgresSessionRunner(target, true),
    betterAuth: async () => (await betterAuthRunners()).betterAuthPostgresRunner(true),
    withoutAuthjs: true,
    needsPostgres: true,
  },
  {
    id: "session-database-cookie-cache",
    title: "session GET, database, in-memory adapter, `session.cookieCache` (vs without)",
    concurrency: 1,
    ours: "ours",
    setup: cachedDatabaseSessionRunner,
    baseline: databaseSessionRunner,
  },
  {
    id: "session-database-postgres-cached",
    title: "session GET, database, PostgreSQL, `session.cookieCache` (vs without)",
    concurrency: 1,
    ours: "ours",
    setup: (target) => postgresSessionRunner(target, true),
    baseline: (target) => postgresSessionRunner(target, false),
    needsPostgres: true,
  },
  {
    id: "session-hostile-cookie",
    title: "session GET, a 4 MB Cookie header of a million pairs",
    concurrency: 1,
    ours: "ours",
    setup: hostileCookieRunner,
  },
  {
    id: "revocation-memory",
    title: "session GET, JWT, revocation checked in memory (vs `store: false`)",
    concurrency: 1,
    ours: "ours",
    minRatio: 0.9,
    setup: memoryStoreRunner,
    baseline: (target) => revocableJwtRunner(target, false),
  },
  {
    id: "revocation-redis",
    title: "session GET, JWT, revocation checked in Redis (vs `store: false`)",
    concurrency: 16,
    ours: "ours",
    setup: redisStoreRunner,
    baseline: (target) => revocableJwtRunner(target, false),
    needsRedis: true,
  },
  {
    // The target: a read may make one Redis round trip, and cost 10% more.
    id: "revocation-redis-round-trip",
    title:
      "session GET, JWT, revocation checked in Redis (vs `store: false` and one Redis round trip in the `jwt` callback)",
    concurrency: 16,
    ours: "ours",
    minRatio: 0.9,
    setup: redisStoreRunner,
    baseline: roundTripJwtRunner,
    needsRedis: true,
  },

  {
    id: "revocation-redis-cached",
    title:
      "session GET, JWT, revocation checked in Redis with node-redis client-side caching (vs `store: false`)",
    concurrency: 16,
    ours: "ours",
    setup: (target) => redisStoreRunner(target, "client-side"),
    baseline: (target) => revocableJwtRunner(target, false),
    needsRedis: true,
  },
  {
    // Issue 27's target: within 10% of the read without the feature.
    id: "revocation-redis-cache",
    title:
      "session GET, JWT, revocation checked in Redis with the store's revocation cache (vs `store: false`)",
    concurrency: 16,
    ours: "ours",
    minRatio: 0.9,
    setup: (target) => redisStoreRunner(target, "revocations"),
    baseline: (target) => revocableJwtRunner(target, false),
    needsRedis: true,
  },
  {
    id: "signin-limits-memory",
    title: "credentials sign-in, rate limits in memory (vs `rateLimit: false`)",
    concurrency: 1,
    ours: "ours",
    minRatio: 0.9,
    setup: (target) => limitedSignInRunner(target, undefined),
    baseline: (target) => limitedSignInRunner(target, false),
  },
  {
    id: "signin-limits-redis",
    title: "credentials sign-in, rate limits in Redis (vs `rateLimit: false`)",
    concurrency: 1,
    ours: "ours",
    setup: redisLimitedSignInRunner,
    baseline: (target) => limitedSignInRunner(target, false),
    needsRedis: true,
  },
  {
    // The target: the one store call the limits make may cost a round trip, and 10% more.
    id: "signin-limits-redis-round-trip",
    title:
      "credentials sign-in, rate limits in Redis (vs `rateLimit: false` and one Redis round trip in `authorize`)",
    concurrency: 1,
    ours: "ours",
    minRatio: 0.9,
    setup: redisLimitedSignInRunner,
    baseline: roundTripSignInRunner,
    needsRedis: true,
  },
  {
    id: "session-database-tracked",
    title: "session GET, database, last use and device kept (vs an adapter without listSessions)",
    concurrency: 1,
    ours: "ours",
    minRatio: 0.9,
    setup: (target) => trackedDatabaseRunner(target, true),
    baseline: (target) => trackedDatabaseRunner(target, false),
  },
  {
    id: "session-database-refresh-mark-redis",
    title:
      "session GET, database, refresh-failure mark in a Redis session store (vs `store: false`)",
    concurrency: 1,
    ours: "ours",
    minRatio: 0.9,
    setup: markedDatabaseRunner,
    baseline: (target) =>
      databaseSessionWith(
        target,
        target.createAdapter() as Record<string, (...args: unknown[]) => Promise<unknown>>,
        false,
      ),
    needsRedis: true,
  },
  { id: "csrf", title: "csrf GET", concurrency: 1, ours: "ours", setup: csrfRunner },
  {
    id: "signin-credentials",
    title: "credentials sign-in (csrf GET + callback POST)",
    concurrency: 1,
    ours: "ours",
    minRatio: 5,
    setup: signInRunner,
  },
]

/** A workload's runners, set up and verified: ours, Auth.js's (or our baseline), better-auth's. */
export interface PreparedWorkload {
  readonly ours: Runner
  /** Auth.js's runner, or ours without the feature for a row with a `baseline`. */
  readonly authjs?: Runner
  readonly betterAuth?: Runner
}

/**
 * Sets up and verifies a workload for one of our builds, for Auth.js (unless the row has none)
 * and for better-auth (where it has a counterpart). What was set up is closed when a check fails.
 */
export async function prepareWorkload(workload: Workload): Promise<PreparedWorkload> {
  const ours = await loadTarget(workload.ours)
  const prepared: { ours?: Runner; authjs?: Runner; betterAuth?: Runner } = {}
  try {
    prepared.ours = await workload.setup(ours)
    if (workload.baseline) {
      prepared.authjs = await workload.baseline(ours)
    } else if (!workload.withoutAuthjs) {
      prepared.authjs = await workload.setup(await loadTarget("authjs"))
    }
    if (workload.betterAuth) prepared.betterAuth = await workload.betterAuth()
    for (const runner of Object.values(prepared)) await runner.verify()
  } catch (error) {
    await closeAll(prepared)
    throw error
  }
  return prepared as PreparedWorkload
}

/** Closes every runner of a workload that holds something. */
export async function closeAll(prepared: Partial<PreparedWorkload>): Promise<void> {
  await Promise.all(Object.values(prepared).map((runner) => runner?.close?.()))
}
