import { type PreparedConfig, prepareConfig } from "@auth/core/server"
import type { AuthConfig, Session, SessionCallbackParams } from "@auth/core/types"
import type { NextRequest } from "next/server.js"
import { DEFAULT_BASE_PATH, nextBasePath, readEnv } from "./env.js"
import type { NextAuthConfig, NextAuthConfigSource } from "./types.js"

/** A config of `NextAuth`, made ready once: core's prepared config, plus what only Next.js needs. */
export interface ReadyConfig {
  /** The config as core prepared it: env applied, base path under Next.js's `basePath`. */
  readonly prepared: PreparedConfig
  /** For `auth()`: the session callback returns the server-side shape (see {@link serverSession}). */
  readonly session: AuthConfig
  /** The `basePath` of `next.config` (`""` when none). */
  readonly nextBasePath: string
  /** `callbacks.authorized`, if any. */
  readonly authorized: NonNullable<NextAuthConfig["callbacks"]>["authorized"]
}

/** Gets the ready config for a request (`undefined` where there is none: `auth()`, actions). */
export type LoadConfig = (request: NextRequest | undefined) => Promise<ReadyConfig>

const ready = new WeakMap<NextAuthConfig, ReadyConfig>()

/**
 * Turns `NextAuth`'s argument into a loader. A config object is made ready on first use and
 * then reused; a function is called with the request each time (as next-auth does), and what
 * it returns is made ready once per returned object.
 */
export function configLoader(source: NextAuthConfigSource): LoadConfig {
  // Every config the function makes shares the default stores of the function itself.
  if (typeof source === "function") {
    return async (request) => readyConfig(await source(request), source)
  }
  return async () => readyConfig(source)
}

/**
 * Makes a `NextAuth` config ready, once per config object, with core's `prepareConfig`: the
 * environment applied on a copy, the routes at `/api/auth` unless `basePath` or the path of
 * `AUTH_URL` says otherwise, all under the `basePath` of `next.config`.
 */
function readyConfig(config: NextAuthConfig, storesOwner?: object): ReadyConfig {
  const cached = ready.get(config)
  if (cached) return cached
  const prefix = nextBasePath()
  const prepared = prepareConfig(config, readEnv(), {
    defaultBasePath: DEFAULT_BASE_PATH,
    pathPrefix: prefix,
    storesOwner,
  })
  const { callbacks } = prepared.config
  const entry: ReadyConfig = {
    prepared,
    session: {
      ...prepared.config,
      callbacks: { ...callbacks, session: serverSession(config.callbacks?.session) },
    },
    nextBasePath: prefix,
    authorized: config.callbacks?.authorized,
  }
  ready.set(config, entry)
  return entry
}

/**
 * The URL core handles a request of the app as (see `PreparedConfig.requestURL`), or `null`
 * when its `Host` is no valid host. `next start` serves plain HTTP and builds `request.url`
 * from the host it listens on, so only the headers and the path count.
 *
 * @param path the path and query as the client sent them
 */
export function appURL(config: ReadyConfig, headers: Headers, path = "/"): URL | null {
  return config.prepared.requestURL({ headers, path, protocol: "http" })
}

type SessionCallback = NonNullable<AuthConfig["callbacks"]>["session"]

/**
 * The session callback of `auth()`: server code gets the whole user (next-auth 5's shape), not
 * the subset `/session` sends to browsers: `{ user, ...session }`, where `user` is the adapter's
 * user (database sessions) or the token's claims (JWT), and `session` is what the app's own
 * `session` callback returns, else the unfiltered session with `expires` as an ISO string.
 */
function serverSession(custom: SessionCallback | undefined): SessionCallback {
  return async (params: SessionCallbackParams) => {
    const shaped = (await custom?.(params)) ?? {
      ...params.session,
      expires: isoDate(params.session.expires),
    }
    const user = params.user ?? params.token
    return { user, ...shaped } as Session
  }
}

function isoDate(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value)
}
