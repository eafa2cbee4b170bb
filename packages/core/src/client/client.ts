/** `createAuthClient`: the options resolved once, and every function bound to them. */
import type { Session } from "../types.js"
import { linkActionContext } from "./client-context.js"
import { type AuthClientOptions, resolveClientOptions } from "./options.js"
import { parseCsrfToken, parseProviders } from "./parse.js"
import { fetchSession, getJson, postSessionUpdate } from "./requests.js"
import { createSessionHub } from "./session-hub.js"
import { createSessionStore, type SessionStore, type SessionStoreOptions } from "./session-store.js"
import {
  type AccountsResult,
  listAccounts,
  listSessions,
  type RevokeSessionsResult,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionsResult,
  unlinkAccount,
} from "./sessions.js"
import { type ActionContext, signIn } from "./sign-in.js"
import { signOut } from "./sign-out.js"
import type {
  ClientSafeProviders,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResult,
  SignOutOptions,
  SignOutResult,
} from "./types.js"

/** A browser client of one Auth.js server (one `basePath`). */
export interface AuthClient {
  /** The normalised base path (`/api/auth`; `""` for the root). */
  readonly basePath: string
  /** The URL of an action: `<baseUrl><basePath>/<action>`. */
  url(action: string): string
  /**
   * `GET <basePath>/csrf`: the token to send as `csrfToken` with a form; `""` when the request
   * failed (reported to the logger).
   */
  getCsrfToken(): Promise<string>
  /** `GET <basePath>/providers`: the providers by id; `null` when the request failed. */
  getProviders(): Promise<ClientSafeProviders | null>
  /**
   * `GET <basePath>/session`: the session, `null` when nobody is signed in or the request
   * failed. `broadcast: true` also tells the other tabs to refetch (next-auth/react's
   * `getSession` does, by default).
   */
  getSession(options?: { broadcast?: boolean }): Promise<Session | null>
  /**
   * Signs in with `provider` (see the README for the steps). Resolves with a
   * {@link SignInResult} only with `redirect: false` (else it navigates and resolves with
   * `undefined`).
   *
   * @throws {TypeError} for a WebAuthn provider
   */
  signIn(
    provider?: string,
    options?: SignInOptions,
    authorizationParams?: SignInAuthorizationParams,
  ): Promise<SignInResult | undefined>
  /** Signs out; with `redirect: false` resolves with `{ url }` instead of navigating. */
  signOut(options?: SignOutOptions): Promise<SignOutResult | undefined>
  /**
   * `POST <basePath>/session` with `data` (the new session data the callbacks receive); on
   * success every store of this client takes the new session and the other tabs refetch.
   * Resolves with the session, `null` when the request failed.
   */
  updateSession(data: unknown): Promise<Session | null>
  /** A reactive session store bound to this client. */
  createSessionStore(options?: SessionStoreOptions): SessionStore
  /**
   * `GET <basePath>/sessions`: the signed-in user's sessions (this browser's marked `current`),
   * or `{ ok: false, error: "SessionRequired", status: 401 }` when nobody is signed in.
   */
  listSessions(): Promise<SessionsResult>
  /**
   * Signs out the session `id` (as listed). When it was this browser's, every store of this
   * client becomes signed out and the other tabs refetch, as after `signOut`.
   */
  revokeSession(id: string): Promise<RevokeSessionsResult>
  /** Signs out every session of the user but this browser's (after a password change). */
  revokeOtherSessions(): Promise<RevokeSessionsResult>
  /**
   * Signs out every session of the user, this browser's too: every store of this client
   * becomes signed out and the other tabs refetch.
   */
  revokeAllSessions(): Promise<RevokeSessionsResult>
  /** `GET <basePath>/accounts`: the signed-in user's linked accounts (provider and id). */
  listAccounts(): Promise<AccountsResult>
  /**
   * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
   * given) and resolves with the ones left. The user's last way to sign in stays: `{ ok: false,
   * error: "LastSignInMethod", status: 409 }`.
   */
  unlinkAccount(provider: string, providerAccountId?: string): Promise<AccountsResult>
}

/**
 * Creates the browser client of an Auth.js server. Frameworks wrap it: they pass their default
 * `basePath` and expose `signIn`, `signOut` and a store in their own idiom.
 *
 * @example
 * import { createAuthClient } from "@auth/core/client"
 *
 * const client = createAuthClient({ basePath: "/api/auth" })
 * await client.signIn("credentials", { email, password, redirectTo: "/dashboard" })
 * const store = client.createSessionStore({ refetchOnWindowFocus: true })
 * const stop = store.subscribe(({ status, data }) => render(status, data))
 * const list = await client.listSessions()
 * if (list.ok) render(list.sessions)
 */
export function createAuthClient(options: AuthClientOptions = {}): AuthClient {
  const resolved = resolveClientOptions(options)
  const hub = createSessionHub(resolved.broadcastChannel)
  const logError = (error: Error): void => resolved.logger.error(error)

  const getCsrfToken = async (): Promise<string> => {
    const outcome = await getJson(resolved, "csrf")
    if (!outcome.ok) logError(outcome.error)
    return outcome.ok ? parseCsrfToken(outcome.value) : ""
  }
  const getProviders = async (): Promise<ClientSafeProviders | null> => {
    const outcome = await getJson(resolved, "providers")
    if (!outcome.ok) logError(outcome.error)
    return outcome.ok ? parseProviders(outcome.value) : null
  }
  const updateSession = async (data: unknown): Promise<Session | null> => {
    const outcome = await postSessionUpdate(resolved, await getCsrfToken(), data)
    if (!outcome.ok) {
      logError(outcome.error)
      return null
    }
    if (outcome.value !== null) {
      hub.receiveAll(outcome.value)
      hub.broadcast("update")
    }
    return outcome.value
  }
  const context: ActionContext = { options: resolved, hub, getProviders, getCsrfToken }
  const source = { hub, fetchSession: () => fetchSession(resolved), updateSession, logError }

  return linkActionContext(
    {
      basePath: resolved.basePath,
      url: (action) => `${resolved.apiUrl}/${action}`,
      getCsrfToken,
      getProviders,
      async getSession(getOptions) {
        const outcome = await fetchSession(resolved)
        if (!outcome.ok) logError(outcome.error)
        if (getOptions?.broadcast) hub.broadcast("getSession")
        return outcome.ok ? outcome.value : null
      },
      signIn: (provider, signInOptions, authorizationParams) =>
        signIn(context, provider, signInOptions, authorizationParams),
      signOut: (signOutOptions) => signOut(context, signOutOptions),
      updateSession,
      createSessionStore: (storeOptions) => createSessionStore(source, storeOptions),
      listSessions: () => listSessions(context),
      revokeSession: (id) => revokeSession(context, id),
      revokeOtherSessions: () => revokeOtherSessions(context),
      revokeAllSessions: () => revokeAllSessions(context),
      listAccounts: () => listAccounts(context),
      unlinkAccount: (provider, providerAccountId) =>
        unlinkAccount(context, provider, providerAccountId),
    } satisfies AuthClient,
    context,
  )
}
