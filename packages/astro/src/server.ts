/**
 * `@auth/astro/server`: the server side of Auth.js in Astro. `AstroAuth()` for a hand-written
 * auth endpoint, `getSession()` in pages and endpoints, `authMiddleware()` for
 * `Astro.locals.session`, `protect()` for pages only signed-in visitors may see,
 * `getCsrfToken()` for server-rendered forms that post to the auth routes, and the signed-in
 * user's sessions and accounts (`listSessions`, `revokeSession`, `revokeOtherSessions`,
 * `revokeAllSessions`, `listAccounts`, `unlinkAccount`) and their providers' access tokens
 * (`getAccessToken`). Without a config argument, each uses
 * `auth.config` (the `auth:config` module the integration provides).
 *
 * @example
 * // src/middleware.ts
 * import { authMiddleware } from "@auth/astro/server"
 * export const onRequest = authMiddleware()
 *
 * @module @auth/astro/server
 */
import type { Session } from "@auth/core/types"

export { customFetch } from "@auth/core"
export { AuthError, CredentialsSignin } from "@auth/core/errors"
export type {
  AccessTokenErrorCode,
  AccessTokenOptions,
  AccountInfo,
  AccountsResult,
  SessionInfo,
  SessionsResult,
} from "@auth/core/server"
export type { Account, DefaultSession, Profile, Session, User } from "@auth/core/types"
export {
  type AccessTokenContext,
  type AccessTokenResult,
  getAccessToken,
} from "./internal/access-token.js"
export { type CsrfTokenContext, getCsrfToken } from "./internal/csrf-token.js"
export { AstroAuth, type AuthRoute, type AuthRoutes } from "./internal/handler.js"
export {
  listAccounts,
  listSessions,
  type RequestContext,
  type RevokeContext,
  type RevokeSessionsResult,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  unlinkAccount,
} from "./internal/management.js"
export { authMiddleware } from "./internal/middleware.js"
export type { AstroAuthConfig, FullAuthConfig } from "./internal/options.js"
export { type ProtectContext, protect } from "./internal/protect.js"
export { getSession } from "./internal/session.js"

declare global {
  namespace App {
    /** `Astro.locals` of every Astro app that uses `@auth/astro/server`. */
    interface Locals {
      /**
       * The request's session, or `null`: set by `authMiddleware()` (without it, `undefined` at
       * run time, whatever the type says).
       */
      session: Session | null
    }
  }
}
