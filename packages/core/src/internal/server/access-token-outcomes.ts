/**
 * What `getAccessToken` (`access-token.ts`) shares between its two session strategies: one call,
 * the token members it hands out, when they need a refresh, and its results and failures.
 */
import { AuthError, RefreshAccessTokenError } from "../../errors.js"
import type {
  AccessToken,
  AccessTokenFailure,
  AccessTokenOptions,
} from "../../types/access-tokens.js"
import type { Cookie } from "../../types/cookies.js"
import type { ResolvedOAuthProvider } from "../oauth/provider.js"
import { oauthErrorOf, refreshStatusOf } from "../oauth/refresh.js"
import type { AuthContext } from "../request/context.js"

/** The token members handed out and refreshed, wherever they are stored. */
export interface Tokens {
  access_token?: string | null
  expires_at?: number | null
  refresh_token?: string | null
  scope?: string | null
  token_type?: string | null
}

/** One call of `getAccessToken`. */
export interface Call {
  readonly context: AuthContext
  readonly provider: ResolvedOAuthProvider
  readonly options: AccessTokenOptions
  readonly skew: number
}

/** Whether the token must be refreshed before it is handed out. */
export function needsRefresh(tokens: Tokens, call: Call): boolean {
  if (!tokens.access_token || call.options.forceRefresh) return true
  if (typeof tokens.expires_at !== "number") return false
  return tokens.expires_at - call.skew <= Date.now() / 1000
}

/** Whether a token another request got may be handed out: it has not expired. */
export function isUsable(tokens: Tokens): boolean {
  if (!tokens.access_token) return false
  return typeof tokens.expires_at !== "number" || tokens.expires_at > Date.now() / 1000
}

/** The token handed out. */
export function granted(tokens: Tokens, cookies: Cookie[]): AccessToken {
  return {
    accessToken: tokens.access_token as string,
    expiresAt: typeof tokens.expires_at === "number" ? tokens.expires_at : undefined,
    scope: tokens.scope ?? undefined,
    tokenType: tokens.token_type ?? undefined,
    cookies,
  }
}

export function signedOut(cookies: Cookie[]): AccessTokenFailure {
  return {
    code: "SessionRequired",
    error: new AuthError("getAccessToken: the request is not signed in."),
    cookies,
  }
}

export function accountNotFound(provider: string, reason: string): AccessTokenFailure {
  return {
    code: "AccountNotFound",
    error: new AuthError(
      `getAccessToken: the signed-in user has no tokens of provider "${provider}" (${reason}). Sign in with it.`,
    ),
    cookies: [],
  }
}

/**
 * A failed refresh: logged, the session marked by `mark` (which gives the cookies to set), the
 * stored tokens untouched.
 */
export async function refreshFailed(
  call: Call,
  error: RefreshAccessTokenError,
  mark: () => Promise<Cookie[]>,
): Promise<AccessTokenFailure> {
  // Callers that shared one refresh share its failure: it is logged once.
  const cause = (error.cause as { err?: unknown } | undefined)?.err
  const once = typeof cause === "object" && cause !== null ? cause : error
  if (!loggedFailures.has(once)) {
    loggedFailures.add(once)
    call.context.config.logger.error(error)
  }
  return { code: "RefreshAccessTokenError", error, cookies: await mark() }
}

/** The failures of shared refreshes already logged. */
const loggedFailures = new WeakSet<object>()

export function noRefreshToken(provider: string): RefreshAccessTokenError {
  return new RefreshAccessTokenError(
    `The access token of provider "${provider}" has expired and there is no refresh token to renew it with (ask the provider for one: some need a scope such as offline_access, or prompt=consent). Sign in with the provider again.`,
    { cause: { provider } },
  )
}

/** The error of a refresh that failed, with the provider's OAuth error code when it sent one. */
export function refreshError(provider: string, error: unknown): RefreshAccessTokenError {
  if (error instanceof RefreshAccessTokenError) return error
  const err = asError(error)
  const code = oauthErrorOf(error)
  const status = refreshStatusOf(error)
  const description = (error as { error_description?: unknown }).error_description
  const answer = code
    ? `the provider answered ${code}${typeof description === "string" ? ` (${description})` : ""}`
    : status === undefined
      ? err.message
      : `the provider answered HTTP ${status} (${err.message})`
  return new RefreshAccessTokenError(
    `Refreshing the access token of provider "${provider}" failed: ${answer}. The stored tokens are unchanged; when the refresh token was revoked or has expired, sign in with the provider again.`,
    {
      cause: {
        err,
        provider,
        ...(code ? { error: code } : {}),
        ...(status === undefined ? {} : { status }),
      },
    },
  )
}

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
