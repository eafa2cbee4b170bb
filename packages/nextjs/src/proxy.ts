/**
 * `next-auth/proxy`: `auth` alone, for `middleware.ts` and `proxy.ts`. The same `auth` as
 * `NextAuth` from `next-auth` returns, without the route handlers and server actions, so an
 * edge middleware bundle carries only the session check (`@auth/core/session`: no pages, no
 * OAuth client, no e-mail code). `req.getAccessToken` is the one thing it lacks (it answers a
 * `Configuration` failure): refreshing a provider's token needs the OAuth client.
 *
 * @example
 * // middleware.ts (the edge runtime): the app's one config, database sessions included when
 * // they are cached in a cookie (`session.cookieCache`), or the part of a config the edge can run
 * import NextAuth from "next-auth/proxy"
 * import { authConfig } from "./auth.config"
 *
 * export const { auth: middleware } = NextAuth(authConfig)
 * export const config = { matcher: ["/dashboard/:path*"] }
 *
 * @module next-auth/proxy
 */
import { createAuth } from "./internal/auth.js"
import { configLoader } from "./internal/config.js"
import type { NextAuthAuth, NextAuthConfigSource } from "./internal/types.js"

export type {
  AuthorizedResult,
  NextAuthAuth,
  NextAuthConfig,
  NextAuthConfigSource,
  NextAuthMiddleware,
  NextAuthRequest,
} from "./internal/types.js"

/**
 * `auth` for a config: as middleware or `proxy.ts` (`callbacks.authorized` decides), as a
 * wrapper (`auth((req) => …)` with `req.auth`), and as the session getter everywhere else.
 * Give it the same config object as `NextAuth` in `auth.ts` (with `session.cookieCache`, database
 * sessions are checked from the cache cookie and, when it is stale, the app's own `/session`),
 * or the part of it the edge can run.
 */
export default function NextAuth(config: NextAuthConfigSource): { auth: NextAuthAuth } {
  return { auth: createAuth(configLoader(config)) }
}
