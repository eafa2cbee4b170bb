/**
 * `@auth/express`: Auth.js for Express 4 and 5. Mount {@link ExpressAuth} at the base path, read
 * sessions with {@link getSession}, guard routes with {@link requireAuth}, and manage the
 * signed-in user's sessions and accounts with {@link listSessions}, {@link revokeOtherSessions},
 * {@link listAccounts} and the rest, and call providers' APIs with {@link getAccessToken}.
 *
 * @example
 * import express from "express"
 * import { ExpressAuth, authSession, requireAuth } from "@auth/express"
 * import Credentials from "@auth/express/providers/credentials"
 *
 * const authConfig = { providers: [Credentials({ authorize: findUser })] }
 * const app = express()
 * app.use("/auth", ExpressAuth(authConfig))
 * app.use(authSession(authConfig))
 * app.get("/dashboard", requireAuth(authConfig), (req, res) => res.json(res.locals.session))
 *
 * @module @auth/express
 */
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
  type GetAccessTokenOptions,
  type GetAccessTokenResult,
  getAccessToken,
} from "./internal/access-token.js"
export type { ExpressAuthConfig } from "./internal/config.js"
export {
  listAccounts,
  listSessions,
  type RevokeSessionsResult,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  unlinkAccount,
} from "./internal/management.js"
export { ExpressAuth, type ExpressMiddleware } from "./internal/middleware.js"
export {
  type AuthenticatedLocals,
  authSession,
  type GetSessionResult,
  getSession,
  type RequireAuthOptions,
  requireAuth,
} from "./internal/session.js"
