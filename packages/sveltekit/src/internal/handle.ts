import { Auth, type AuthConfig, isAuthAction } from "@auth/core"
import { attachClientAddress } from "@auth/core/server"
import type { Session } from "@auth/core/types"
import type { RequestEvent } from "@sveltejs/kit"
import type { ConfigLookup, ConfigResult } from "./config.js"
import { isBuilding } from "./kit-env.js"
import { logError } from "./log.js"
import { readSession, uncachedWithAuthCookies } from "./session.js"

/**
 * SvelteKit's `Handle`, written out so one declaration fits SvelteKit 2 (which exports it from
 * `@sveltejs/kit`) and 3 (from `@sveltejs/kit/hooks`).
 */
export type Handle = (input: {
  event: RequestEvent
  resolve: (event: RequestEvent, opts?: never) => Response | Promise<Response>
}) => Response | Promise<Response>

/**
 * The `handle` hook: requests under the base path go to core; every other request gets
 * `locals.auth()` (and its older name `locals.getSession()`), unless an earlier hook set them.
 *
 * Under the base path, a path whose first segment is an action is core's, and so is any path
 * the app has no route for (core answers it `400`); the app's own routes there (a custom page
 * at `/auth/welcome`, say) stay the app's.
 */
export function createHandle(lookupConfig: ConfigLookup): Handle {
  return ({ event, resolve }) => {
    if (isBuilding()) {
      // Prerendering: there is no user, and no auth route may become a static file.
      setLocals(event, async () => null)
      return resolve(event)
    }
    const result = lookupConfig(event)
    return result instanceof Promise
      ? result.then((settled) => route(event, resolve, settled))
      : route(event, resolve, result)
  }
}

/**
 * Answers an auth route through core, or sets `locals.auth()` and lets the app answer; a response
 * that then carries a session cookie (SvelteKit adds `event.cookies` in `resolve`) is made
 * non-storable by shared caches.
 */
function route(
  event: RequestEvent,
  resolve: Parameters<Handle>[0]["resolve"],
  result: ConfigResult,
): Response | Promise<Response> {
  if (!result.ok) {
    logError(undefined, result.error)
    if (isAuthRoute(event, result.basePath)) return configFailureResponse(event, result.basePath)
    setLocals(event, async () => null)
    return resolve(event)
  }
  const { prepared } = result
  if (isAuthRoute(event, prepared.basePath)) {
    return Auth(attachClientAddress(event.request, clientAddressOf(event)), prepared.config)
  }
  setLocals(event, () => readSession(event, prepared))
  return resolveUncached(event, resolve)
}

async function resolveUncached(
  event: RequestEvent,
  resolve: Parameters<Handle>[0]["resolve"],
): Promise<Response> {
  return uncachedWithAuthCookies(event, await resolve(event))
}

function setLocals(event: RequestEvent, auth: () => Promise<Session | null>): void {
  event.locals.auth ??= auth
  event.locals.getSession ??= event.locals.auth
}

/** Whether core answers this request: see {@link createHandle}. */
function isAuthRoute(event: RequestEvent, basePath: string): boolean {
  const { pathname } = event.url
  if (!pathname.startsWith(`${basePath}/`)) return false
  const action = pathname.slice(basePath.length + 1).split("/", 1)[0] ?? ""
  return isAuthAction(action) || !event.route.id
}

/** Configs core refuses (no secret, no provider), one per base path. */
const unusable = new Map<string, AuthConfig>()

/** Base paths remembered before new ones get a fresh config each time. */
const MAX_BASE_PATHS = 8

const SILENT = { error: () => {}, warn: () => {}, debug: () => {} }

/**
 * The answer to an auth request whose config function threw: core's configuration error (the
 * error page for pages, `500` JSON for the rest), from a config core refuses, with a silent
 * logger: the real cause is already logged, and core's complaint about that config would only
 * mislead.
 */
function configFailureResponse(event: RequestEvent, basePath: string): Promise<Response> {
  let config = unusable.get(basePath)
  if (!config) {
    config = { providers: [], basePath, trustHost: true, logger: SILENT }
    if (unusable.size < MAX_BASE_PATHS) unusable.set(basePath, config)
  }
  return Auth(event.request, config)
}

/** The peer address SvelteKit's adapter reports; some adapters have none (then it throws). */
function clientAddressOf(event: RequestEvent): string | undefined {
  try {
    return event.getClientAddress()
  } catch {
    return undefined
  }
}
