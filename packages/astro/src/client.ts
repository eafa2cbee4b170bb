/**
 * `@auth/astro/client`: signing in and out from the browser, with `auth-astro`'s calls and
 * option names (`callbackUrl`, `redirect`, `prefix`), on `@auth/core/client` (CSRF token,
 * `X-Auth-Return-Redirect`, cross-tab sync). Import it in a `<script>`.
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
  type AuthClient,
  createAuthClient,
  normalizeBasePath,
  type SessionStore,
  type SessionStoreOptions,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignInResult,
  type SignOutOptions,
  type SignOutResult,
} from "@auth/core/client"
import type { ProviderId } from "@auth/core/providers"
import type { Session } from "@auth/core/types"

export type {
  SessionState,
  SessionStatus,
  SessionStore,
  SessionStoreOptions,
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
