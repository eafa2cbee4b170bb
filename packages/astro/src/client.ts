/**
 * `@auth/astro/client`: signing in and out from the browser, with `auth-astro`'s calls and
 * option names (`callbackUrl`, `redirect`, `prefix`), and the signed-in user's sessions and
 * accounts, on `@auth/core/client` (CSRF token, `X-Auth-Return-Redirect`, cross-tab sync).
 * Import it in a `<script>`.
 *
 * @example
 * <button id="login">Sign in with GitHub</button>
 * <script>
 *   import { signIn } from "@auth/astro/client"
 *   document.querySelector("#login")?.addEventListener("click", () => signIn("github"))
 * </script>
 *
 * @module @auth/astro/client
 */
import {
  type AccountsResult,
  type AuthClient,
  createAuthClient,
  normalizeBasePath,
  type RevokeSessionsResult,
  type SessionStore,
  type SessionStoreOptions,
  type SessionsResult,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignInResult,
  type SignOutOptions,
  type SignOutResult,
} from "@auth/core/client"
import type { ProviderId } from "@auth/core/providers"
import type { Session } from "@auth/core/types"

export type {
  AccountInfo,
  AccountsError,
  AccountsResult,
  RevokeSessionsResult,
  SessionInfo,
  SessionState,
  SessionStatus,
  SessionStore,
  SessionStoreOptions,
  SessionsError,
  SessionsResult,
  SignInAuthorizationParams,
  SignInResult,
  SignOutResult,
} from "@auth/core/client"

/** Where the auth routes are unless `prefix` says otherwise: the integration's default. */
const DEFAULT_PREFIX = "/api/auth"

/** The base path option of every call: the integration's `prefix`. */
export interface PrefixOption {
  /**
   * Where the auth routes are: the integration's `prefix`.
   * @default "/api/auth"
   */
  prefix?: string
}

/**
 * Options of {@link signIn}: `callbackUrl` (where to go after signing in, default the current
 * page; `redirectTo` is its newer name), `redirect`, `prefix`; every other field (`email`,
 * `password`, …) goes to the provider.
 */
export interface AstroSignInOptions extends SignInOptions, PrefixOption {}

/** Options of {@link signOut}: `callbackUrl` (default the current page), `redirect`, `prefix`. */
export interface AstroSignOutParams extends SignOutOptions, PrefixOption {}

const clients = new Map<string, AuthClient>()

/** One client per prefix, so every call and store on a page shares its cross-tab channel. */
function clientFor(prefix = DEFAULT_PREFIX): AuthClient {
  const basePath = normalizeBasePath(prefix)
  let client = clients.get(basePath)
  if (!client) {
    client = createAuthClient({ basePath })
    clients.set(basePath, client)
  }
  return client
}

/**
 * Signs in with a provider, or sends the visitor to the sign-in page when there is none (or the
 * server has no such provider). With `redirect: false`, resolves with the outcome instead of
 * navigating: `{ error: "CredentialsSignin", code, ok: false, … }` for a wrong password.
 *
 * @throws {TypeError} for a WebAuthn provider
 * @example
 * await signIn("credentials", { email, password, callbackUrl: "/" })
 */
export async function signIn(
  providerId?: ProviderId,
  options?: AstroSignInOptions,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  const { prefix, ...signInOptions } = options ?? {}
  return clientFor(prefix).signIn(providerId, signInOptions, authorizationParams)
}

/**
 * Signs out and goes to `callbackUrl` (default: the current page); with `redirect: false`,
 * resolves with `{ url }` instead of navigating.
 *
 * @example
 * await signOut({ callbackUrl: "/" })
 */
export async function signOut(options?: AstroSignOutParams): Promise<SignOutResult | undefined> {
  const { prefix, ...signOutOptions } = options ?? {}
  return clientFor(prefix).signOut(signOutOptions)
}

/** The session as the browser gets it (`GET <prefix>/session`), or `null`. */
export function getSession(options: PrefixOption = {}): Promise<Session | null> {
  return clientFor(options.prefix).getSession()
}

/**
 * A session store that follows sign-ins and sign-outs in every tab: `subscribe(listener)` calls
 * `listener({ data, status })` now and on every change. Pass the session the page was rendered
 * with, so it starts known.
 *
 * @example
 * const store = createSessionStore({ session: JSON.parse(element.dataset.session ?? "null") })
 * store.subscribe(({ status }) => { element.textContent = status })
 */
export function createSessionStore(options: SessionStoreOptions & PrefixOption = {}): SessionStore {
  const { prefix, ...storeOptions } = options
  return clientFor(prefix).createSessionStore(storeOptions)
}

/**
 * `GET <prefix>/sessions`: the signed-in user's sessions, this browser's marked `current`;
 * `{ ok: false, error: "SessionRequired", status: 401 }` when nobody is signed in.
 *
 * @example
 * const result = await listSessions()
 * if (result.ok) render(result.sessions)
 */
export function listSessions(options: PrefixOption = {}): Promise<SessionsResult> {
  return clientFor(options.prefix).listSessions()
}

/**
 * Signs out the session `id` (as listed). When it is this browser's, the session stores and the
 * other tabs follow, as after `signOut({ redirect: false })`.
 */
export function revokeSession(
  id: string,
  options: PrefixOption = {},
): Promise<RevokeSessionsResult> {
  return clientFor(options.prefix).revokeSession(id)
}

/** Signs out every session of the user but this browser's. */
export function revokeOtherSessions(options: PrefixOption = {}): Promise<RevokeSessionsResult> {
  return clientFor(options.prefix).revokeOtherSessions()
}

/** Signs out every session of the user, this browser's too (the session stores follow). */
export function revokeAllSessions(options: PrefixOption = {}): Promise<RevokeSessionsResult> {
  return clientFor(options.prefix).revokeAllSessions()
}

/** `GET <prefix>/accounts`: the signed-in user's linked accounts. */
export function listAccounts(options: PrefixOption = {}): Promise<AccountsResult> {
  return clientFor(options.prefix).listAccounts()
}

/**
 * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
 * given); resolves with the accounts left, or `{ ok: false, error: "LastSignInMethod" }` when
 * it is their only way to sign in.
 */
export function unlinkAccount(
  provider: string,
  options: PrefixOption & { providerAccountId?: string } = {},
): Promise<AccountsResult> {
  return clientFor(options.prefix).unlinkAccount(provider, options.providerAccountId)
}
