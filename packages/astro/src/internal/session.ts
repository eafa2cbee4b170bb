import {
  getSession as readRequestSession,
  type SessionReadOptions,
  type SessionResult,
  sessionAsJson,
} from "@auth/core/server"
import type { AuthConfig, Session } from "@auth/core/types"
import { prepare } from "./config.js"
import type { FullAuthConfig } from "./options.js"

/** A session as `GET <basePath>/session` sends it (JSON: dates as strings), and its cookies. */
export type SessionRead = Pick<SessionResult, "session" | "cookies">

/** The session reads of the requests being handled: one per request and config. */
const reads = new WeakMap<Request, Map<AuthConfig, Promise<SessionRead>>>()

/**
 * Reads the session of a request once (later calls for the same `Request` and config get the
 * same read, whatever their `reissue`) with core's `getSession`: the middleware re-issues the
 * cookie when stale; a page, which cannot set cookies, reads only. Fails closed: any failure
 * (a config mistake, a callback that throws, a cookie option core cannot write) gives `null`,
 * with the cause logged; it never throws into the page.
 */
export function readSession(
  request: Request,
  config: AuthConfig,
  reissue: SessionReadOptions["reissue"],
): Promise<SessionRead> {
  return oncePerRequest(reads, request, config, () => readAsJson(request, config, reissue))
}

/** `compute()` once per request and key: later calls get what the first one got. */
export function oncePerRequest<K, V>(
  cache: WeakMap<Request, Map<K, V>>,
  request: Request,
  key: K,
  compute: () => V,
): V {
  let byKey = cache.get(request)
  if (!byKey) {
    byKey = new Map()
    cache.set(request, byKey)
  }
  if (!byKey.has(key)) byKey.set(key, compute())
  return byKey.get(key) as V
}

async function readAsJson(
  request: Request,
  config: AuthConfig,
  reissue: SessionReadOptions["reissue"],
): Promise<SessionRead> {
  try {
    const { session, cookies } = await readRequestSession(request, config, { reissue })
    // As `GET /session` sends it, and as `auth-astro`'s `getSession` returned it: parsed JSON.
    return { session: sessionAsJson(session), cookies }
  } catch (error) {
    logError(config, error)
    return { session: null, cookies: [] }
  }
}

/** Logs to the config's logger, as core logs its own errors. */
export function logError(config: AuthConfig, error: unknown): void {
  const cause = error instanceof Error ? error : new Error(String(error))
  if (config.logger?.error) config.logger.error(cause)
  else console.error("[auth][error]", cause)
}

/**
 * The session of a request, as `GET <basePath>/session` answers it (JSON: dates as strings), or
 * `null`. Read once per request: the middleware, the page and the `Auth` component share one
 * read. Fails closed: a config mistake or a throwing callback gives `null`, with the cause in
 * the server log, never an exception in the page.
 *
 * @param request `Astro.request` (or `context.request`)
 * @param config the auth config; by default the one of `auth.config` (`auth:config`)
 * @example
 * ---
 * import { getSession } from "@auth/astro/server"
 * const session = await getSession(Astro.request)
 * ---
 * {session ? <p>Signed in as {session.user?.email}</p> : <a href="/api/auth/signin">Sign in</a>}
 */
export async function getSession(
  request: Request,
  config?: FullAuthConfig,
): Promise<Session | null> {
  return (await readSession(request, prepare(config).config, "never")).session
}
