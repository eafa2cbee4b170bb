/**
 * The server API every integration is written on: one config preparation, one rule for a
 * request's URL (base path, `AUTH_URL`, trusted proxies), the session read, the route guard,
 * server-side sign-in and sign-out, the CSRF token for server-rendered forms, a signed-in
 * user's passkeys, sessions and accounts, and their providers' access tokens (`getAccessToken`,
 * refreshed when they expire). An integration
 * only turns its framework's request into a web `Request` (or an `IncomingRequest`) and these
 * results into its framework's response, redirect or cookies. See `docs/integrations.md`.
 *
 * @example
 * // A whole integration for a fetch-style framework.
 * import { Auth } from "@auth/core"
 * import { guard, prepareConfig } from "@auth/core/server"
 *
 * const prepared = prepareConfig(config, env, { defaultBasePath: "/api/auth" })
 * export const handler = (request: Request) => Auth(request, prepared.config)
 * export async function protect(request: Request): Promise<Response | undefined> {
 *   const result = await guard(request, prepared)
 *   return result.session ? undefined : result.response
 * }
 *
 * @module server
 */

export { attachClientAddress, clientAddress } from "./internal/http/client-address.js"
export { CONFIG_ERROR_MESSAGE } from "./internal/http/config-error.js"
export { pathOnOrigin } from "./internal/http/origin-path.js"
export { isPathUnder } from "./internal/http/path-under.js"
export { prefersJson } from "./internal/http/prefers-json.js"
export { matchesProtectedPath, type PathMatchOptions } from "./internal/http/protected-path.js"
export {
  AUTH_ROUTE_METHODS,
  type RejectionStatus,
  rejectionMessage,
  rejectionResponse,
} from "./internal/http/rejections.js"
export { setCookieHeaders } from "./internal/http/respond.js"
export { type ResponseHeaderReader, sessionCacheHeaders } from "./internal/http/session-cache.js"
export { getAccessToken } from "./internal/server/access-token.js"
export {
  type AuthActionResult,
  type OriginCheckOptions,
  type SignInOptions,
  type SignOutOptions,
  signIn,
  signOut,
  type UpdateSessionResult,
  updateSession,
} from "./internal/server/actions.js"
export { type CsrfTokenResult, getCsrfToken } from "./internal/server/csrf-token.js"
export { type GuardOptions, type GuardResult, guard } from "./internal/server/guard.js"
export type { IncomingRequest } from "./internal/server/incoming-url.js"
export {
  INVALID_HOST_RESULT,
  invalidHostAccessToken,
  invalidHostResponse,
} from "./internal/server/invalid-host.js"
export {
  type AccountsResult,
  type AppliedRevokeSessionsResult,
  applyRevocation,
  listAccounts,
  listPasskeys,
  listSessions,
  type PasskeysResult,
  type RevokeSessionsResult,
  removePasskey,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionsResult,
  unlinkAccount,
} from "./internal/server/management.js"
export {
  type PrepareConfigOptions,
  type PreparedConfig,
  prepareConfig,
} from "./internal/server/prepare-config.js"
export {
  readRequestSession as getSession,
  type SessionFailure,
  type SessionReadOptions,
  type SessionResult,
} from "./internal/server/session.js"
export { sessionAsJson } from "./internal/session/session-json.js"
export type {
  AccessToken,
  AccessTokenErrorCode,
  AccessTokenFailure,
  AccessTokenOptions,
  AccessTokenResult,
  AppliedAccessTokenResult,
} from "./types/access-tokens.js"
export type { PasskeyInfo } from "./types/passkeys.js"
export type { AccountInfo, SessionInfo, SessionStore } from "./types/sessions.js"
