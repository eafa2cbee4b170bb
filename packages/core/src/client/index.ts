/**
 * `@auth/core/client`: the browser side of Auth.js, once for every framework. CSRF token,
 * providers, session, `signIn` and `signOut` with next-auth/react's semantics, a reactive
 * session store kept in sync across tabs, and the signed-in user's sessions and accounts. Web
 * APIs only, no side effects on import.
 *
 * @example
 * import { createAuthClient } from "@auth/core/client"
 *
 * const client = createAuthClient({ basePath: "/auth" })
 * const result = await client.signIn("credentials", { email, password, redirect: false })
 * if (result?.error) showError(result.error)
 * const sessions = await client.listSessions() // and revoke them, list or unlink accounts
 *
 * @module @auth/core/client
 */
export { type AuthClient, createAuthClient } from "./client.js"
export { isFragmentNavigation, navigateInBrowser } from "./navigation.js"
export {
  type AuthClientOptions,
  DEFAULT_BASE_PATH,
  DEFAULT_BROADCAST_CHANNEL,
  normalizeBasePath,
} from "./options.js"
export type { SessionStore, SessionStoreOptions } from "./session-store.js"
export type {
  AccountInfo,
  AccountsError,
  AccountsResult,
  ManagementFailure,
  RevokeSessionsResult,
  SessionInfo,
  SessionsError,
  SessionsResult,
} from "./sessions.js"
export type {
  ClientSafeProvider,
  ClientSafeProviders,
  SessionBroadcastMessage,
  SessionBroadcastTrigger,
  SessionState,
  SessionStatus,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResult,
  SignOutOptions,
  SignOutResult,
} from "./types.js"
