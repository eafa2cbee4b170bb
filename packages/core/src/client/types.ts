/**
 * The public types of `@auth/core/client`: what a framework's browser client (next-auth/react,
 * the SvelteKit, SolidStart and Astro clients) passes in and gets back.
 */
import type { ProviderType } from "../providers/provider-types.js"
import type { Session } from "../types.js"

/** A provider as `GET <basePath>/providers` lists it: public fields only. */
export interface ClientSafeProvider {
  id: string
  name: string
  type: ProviderType
  /** `<origin><basePath>/signin/<id>` */
  signinUrl: string
  /** `<origin><basePath>/callback/<id>` */
  callbackUrl: string
}

/** Every provider of the server, keyed by id. */
export type ClientSafeProviders = Record<string, ClientSafeProvider>

/**
 * Options of `signIn`. Every other field (`email`, `password`, …) is sent in the form body, as
 * Auth.js's clients do.
 */
export interface SignInOptions {
  /**
   * Where to go after signing in: sent as `callbackUrl`.
   * @default the `callbackUrl` option, else the current page
   */
  redirectTo?: string
  /** The older name of `redirectTo`; `redirectTo` wins when both are given. */
  callbackUrl?: string
  /**
   * `false` stays on the page and resolves with a {@link SignInResult} instead of navigating.
   * @default true
   */
  redirect?: boolean
  [field: string]: unknown
}

/** Extra query parameters for the provider's authorization request (OAuth / OIDC). */
export type SignInAuthorizationParams =
  | string
  | string[][]
  | Record<string, string>
  | URLSearchParams

/**
 * What `signIn(…, { redirect: false })` resolves with; the shape of next-auth/react's
 * `SignInResponse`.
 */
export interface SignInResult {
  /** The error type from the returned URL's `error` parameter (`"CredentialsSignin"`, …). */
  error: string | undefined
  /** The `code` parameter: the `code` of a `CredentialsSignin` thrown by `authorize`. */
  code: string | undefined
  /** The HTTP status of the sign-in response (`200` with `X-Auth-Return-Redirect`). */
  status: number
  /**
   * `true` only when signing in worked: the response was OK and carried no `error`. (Auth.js
   * reports `ok: true` for a wrong password too; see docs/compatibility.md.)
   */
  ok: boolean
  /** Where the server would have redirected; `null` on error. */
  url: string | null
}

/** Options of `signOut`. */
export interface SignOutOptions {
  /**
   * Where to go after signing out: sent as `callbackUrl`.
   * @default the `callbackUrl` option, else the current page
   */
  redirectTo?: string
  /** The older name of `redirectTo`; `redirectTo` wins when both are given. */
  callbackUrl?: string
  /**
   * `false` stays on the page and resolves with a {@link SignOutResult}.
   * @default true
   */
  redirect?: boolean
}

/** What `signOut({ redirect: false })` resolves with. */
export interface SignOutResult {
  /** Where the server would have redirected (where the page asked to go, when it did not answer). */
  url: string
  /**
   * Set when the sign-out did not happen because the server gave no answer an Auth.js server
   * gives (offline, a `503`, a proxy's error page): the JSON body's `error`, else
   * `"ClientFetchError"`. An addition: next-auth/react threw.
   */
  error?: string
}

/** Whether a session store knows the session yet, and whether there is one. */
export type SessionStatus = "loading" | "authenticated" | "unauthenticated"

/**
 * A session store's value. Each change is a new object, and an unchanged value keeps its
 * identity, so it can be a React `useSyncExternalStore` snapshot as is.
 */
export interface SessionState {
  readonly data: Session | null
  readonly status: SessionStatus
}

/** Why the tabs of a browser were told to refetch their session. */
export type SessionBroadcastTrigger = "signin" | "signout" | "getSession" | "update"

/**
 * The message posted on the broadcast channel, the same as next-auth/react's, so that tabs
 * running either client refresh each other.
 */
export interface SessionBroadcastMessage {
  event: "session"
  data: { trigger: SessionBroadcastTrigger }
}
