/**
 * `next-auth/proxy`: `auth` alone, for `middleware.ts` and `proxy.ts`. The same `auth` as
 * `NextAuth` from `next-auth` returns, without the route handlers and server actions, so an
 * edge middleware bundle carries only the session check (`@auth/core/session`: no pages, no
 * OAuth client, no e-mail code).
 *
 * @example
 * // middleware.ts (the edge runtime): a config without a database adapter
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
 * Give it the same config object as `NextAuth` in `auth.ts`, or the part of it the edge can
 * run (no database adapter: JWT sessions).
 */
export default function NextAuth(config: NextAuthConfigSource): { auth: NextAuthAuth } {
  return { auth: createAuth(configLoader(config)) }
}
