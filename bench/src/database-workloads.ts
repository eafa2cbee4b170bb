/**
 * The database-session workloads: GET `/session` with a stored session, on the memory adapter
 * and on PostgreSQL, and what our features on that read cost (session details kept, the refresh
 * mark, the session cache cookie).
 */
import { SESSION_COOKIE, silentLogger, USER } from "./fixtures.js"
import { openBenchSchema } from "./postgres.js"
import { openBenchRedisStore } from "./redis-store.js"
import { cookieValue, databaseConfig, expectSession, get, sessionGetRunner } from "./requests.js"
import type { Runner } from "./runner.js"
import type { AuthOptions, Target } from "./targets.js"

/** An adapter as the bench calls it: every method by name. */
type AdapterMethods = Record<string, (...args: unknown[]) => Promise<unknown>>

/** GET `/session` with a database session on the target's memory adapter. */
export async function databaseSessionRunner(target: Target): Promise<Runner> {
  const adapter = target.createAdapter() as AdapterMethods
  return databaseSessionWith(target, adapter)
}

/** GET `/session` with a database session stored through `adapter`. */
export async function databaseSessionWith(
  target: Target,
  adapter: AdapterMethods,
  store?: unknown,
): Promise<Runner> {
  const { config, cookie } = await storedSession(target, adapter, store)
  return sessionGetRunner(target, config, cookie, (response) =>
    expectSession(response, "GET /session, database"),
  )
}

/**
 * A session of {@link USER} stored through `adapter`, and the config and `Cookie` header that
 * read it (`cookieCache`: the config caches it in a cookie).
 */
async function storedSession(
  target: Target,
  adapter: AdapterMethods,
  store?: unknown,
  cookieCache?: { maxAge: number },
): Promise<{ config: AuthOptions; cookie: string }> {
  const base = databaseConfig(target, adapter, store)
  const config = cookieCache
    ? { ...base, session: { ...(base.session as object), cookieCache } }
    : base
  const user = (await adapter.createUser!({
    email: USER.email,
    name: USER.name,
    image: USER.image,
    emailVerified: null,
  })) as { id: string }
  const sessionToken = crypto.randomUUID()
  await adapter.createSession!({
    sessionToken,
    userId: user.id,
    expires: new Date(Date.now() + 30 * 24 * 3600 * 1000),
  })
  return { config, cookie: `${SESSION_COOKIE}=${sessionToken}` }
}

/**
 * GET `/session` with a database session on PostgreSQL through `@auth/pg-adapter` (`pg` Pool,
 * tables created by its `applySchema` in a schema of the bench's, dropped on `close`); `cached`:
 * with the session cache cookie (see {@link cachedDatabaseSessionWith}).
 */
export async function postgresSessionRunner(target: Target, cached = false): Promise<Runner> {
  const database = await openBenchSchema("bench_auth_pg")
  try {
    const { applySchema, PostgresAdapter } = await import("@auth/pg-adapter")
    await applySchema(database.pool, { logger: { ...silentLogger, info() {} } })
    const adapter = PostgresAdapter(database.pool, {
      logger: silentLogger,
    }) as unknown as AdapterMethods
    const runner = cached
      ? await cachedDatabaseSessionWith(target, adapter)
      : await databaseSessionWith(target, adapter)
    return { ...runner, close: database.close }
  } catch (error) {
    await database.close()
    throw error
  }
}

/**
 * GET `/session` with a database session on our memory adapter and a GitHub provider, whose
 * refresh-failure mark (`getAccessToken`) is looked up in a Redis `session.store`; the baseline
 * has `store: false`, which looks nothing up.
 */
export async function markedDatabaseRunner(target: Target): Promise<Runner> {
  const { store, close } = await openBenchRedisStore()
  const adapter = target.createAdapter() as AdapterMethods
  return { ...(await databaseSessionWith(target, adapter, store)), close }
}

/**
 * GET `/session` with a database session on our memory adapter; `tracked: false` takes away the
 * adapter's `listSessions`, so that no session details (last use, device) are kept.
 */
export async function trackedDatabaseRunner(target: Target, tracked: boolean): Promise<Runner> {
  const adapter = target.createAdapter() as AdapterMethods
  if (!tracked) delete adapter.listSessions
  return databaseSessionWith(target, adapter)
}

/** The session cache cookie's name on http (`session.cookieCache`, ours only). */
const CACHE_COOKIE = "authjs.session-cache"

/**
 * GET `/session` with a database session cached in a cookie (`session.cookieCache`, 5 minutes):
 * the first read, before timing, sets the cache cookie; every timed read sends it with the
 * session cookie and is answered without the adapter, which the check counts.
 */
export async function cachedDatabaseSessionWith(
  target: Target,
  adapter: AdapterMethods,
): Promise<Runner> {
  let reads = 0
  const counted: AdapterMethods = {
    ...adapter,
    getSessionAndUser: (...args) => {
      reads += 1
      return adapter.getSessionAndUser!(...args)
    },
  }
  const stored = await storedSession(target, counted, undefined, { maxAge: 300 })
  const first = await target.Auth(get("/session", stored.cookie), stored.config)
  const cache = cookieValue(first, CACHE_COOKIE)
  if (!cache) throw new Error("GET /session, database: no session cache cookie was set.")
  const cookie = `${stored.cookie}; ${CACHE_COOKIE}=${cache}`
  return sessionGetRunner(target, stored.config, cookie, async (response) => {
    const before = reads
    await expectSession(response, "GET /session, database, cached")
    const again = await target.Auth(get("/session", cookie), stored.config)
    await expectSession(again, "GET /session, database, cached")
    if (reads !== before) throw new Error("GET /session, database, cached: the adapter was read.")
  })
}

/** {@link cachedDatabaseSessionWith} on our memory adapter. */
export function cachedDatabaseSessionRunner(target: Target): Promise<Runner> {
  return cachedDatabaseSessionWith(target, target.createAdapter() as AdapterMethods)
}
