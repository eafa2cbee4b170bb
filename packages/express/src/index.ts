/**
 * `@auth/express`: Auth.js for Express 4 and 5. Mount {@link ExpressAuth} at the base path, read
 * sessions with {@link getSession}, and guard routes with {@link requireAuth}.
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
export type { Account, DefaultSession, Profile, Session, User } from "@auth/core/types"
export type { ExpressAuthConfig } from "./internal/config.js"
export { ExpressAuth, type ExpressMiddleware } from "./internal/middleware.js"
export {
  type AuthenticatedLocals,
  authSession,
  type GetSessionResult,
  getSession,
  type RequireAuthOptions,
  requireAuth,
} from "./internal/session.js"
