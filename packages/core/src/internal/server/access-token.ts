/**
 * `getAccessToken`: the signed-in user's access token with one provider, refreshed with the
 * provider's refresh token when it has expired or is about to. The token manager every app wrote
 * by hand in Auth.js's `jwt` callback, without its races: concurrent calls for one account make
 * one refresh request (see `refresh-flight.ts`), and a caller that arrives with the tokens the
 * refresh just replaced gets the new ones instead of spending the old refresh token again.
 *
 * - Database sessions: the tokens are the account row's, read with `listAccounts` (or
 *   `getAccount`) and written back with `updateAccount`.
 * - JWT sessions: the tokens are in the session token (`session.storeTokens`), which is
 *   re-sealed after a refresh: set the returned `cookies`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 Refreshing an access token
 */
import { sha256Base64url } from "#crypto"
import { AdapterError, AuthError, InvalidProvider } from "../../errors.js"
import type { OAuthConfig } from "../../providers/oauth.js"
import type {
  AccessTokenErrorCode,
  AccessTokenFailure,
  AccessTokenOptions,
  AccessTokenResult,
} from "../../types/access-tokens.js"
import type { Cookie } from "../../types/cookies.js"
import type { JWT } from "../../types/jwt.js"
import type { Profile, TokenSet } from "../../types/user.js"
import type { AuthConfig } from "../../types.js"
import { type ResolvedConfig, resolveConfig } from "../config/resolve-config.js"
import { isDatabaseUnavailable } from "../database-unavailable.js"
import { decode, encode } from "../jwt/token.js"
import { type ResolvedOAuthProvider, resolveOAuthProvider } from "../oauth/provider.js"
import { refreshTokenGrant } from "../oauth/refresh.js"
import { parseSessionRequest } from "../request/auth-request.js"
import { type AuthContext, createContext } from "../request/context.js"
import { decodeSessionToken, writeSessionToken } from "../session/jwt-session.js"
import {
  providerTokensOf,
  REFRESH_ERROR,
  type StoredProviderTokens,
  storedTokensOf,
  withProviderTokens,
} from "../session/provider-tokens.js"
import { clearSessionCookies } from "../session/session-cookie.js"
import { fromDatabase } from "./access-token-database.js"
import {
  accountNotFound,
  asError,
  type Call,
  granted,
  isUsable,
  needsRefresh,
  noRefreshToken,
  refreshError,
  refreshFailed,
  signedOut,
  type Tokens,
} from "./access-token-outcomes.js"
import type { PreparedConfig } from "./prepare-config.js"
import { singleFlight } from "./refresh-flight.js"

/** The default of {@link AccessTokenOptions.skew}: one minute. */
export const DEFAULT_ACCESS_TOKEN_SKEW_SECONDS = 60

/**
 * How long the result of a JWT session's refresh stays in the session store for requests with the
 * tokens it replaced, when the session has no id (a token issued before sessions had one): then
 * the result is named by the refresh token it spent, and one is kept per refresh. A session with
 * an id keeps one result per provider, replaced by each refresh, for as long as the session lives.
 */
const RESULT_SECONDS_WITHOUT_SESSION_ID = 30
/** The key prefix of those results in the session store. */
const RESULT_PREFIX = "access-token:"
/** Salts the encryption of those results: they hold tokens, and the store is not trusted with them. */
const RESULT_SALT = "authjs.access-token-result"

/**
 * The signed-in user's access token with `provider`, refreshed first (RFC 6749 §6, with the
 * provider's token endpoint, client authentication and `customFetch`) when it has expired or
 * expires within `skew` seconds. Concurrent calls for one account share one refresh, across
 * instances too when they share a session store that can lock (`createRedisStore`). A failed
 * refresh leaves the stored tokens as they were and marks the session with
 * `error: "RefreshAccessTokenError"`. Never throws: a failure is in `code` and `error` (logged
 * when it is one).
 *
 * Database sessions read the account row and write a refreshed token set back
 * (`listAccounts` or `getAccount`, and `updateAccount`); JWT sessions need
 * `session: { storeTokens: true }` and are re-sealed: set `cookies`, also after a failure.
 *
 * @param request the incoming request, with its cookies
 * @param config the app's config, or the integration's prepared config
 * @param provider the provider's id, or options naming it (`providerAccountId`, `skew`, …)
 * @example
 * const result = await getAccessToken(request, config, { provider: "github" })
 * if (result.error) return new Response(null, { status: result.code === "SessionRequired" ? 401 : 502 })
 * const repos = await fetch("https://api.github.com/user/repos", {
 *   headers: { Authorization: `Bearer ${result.accessToken}` },
 * })
 * // then set result.cookies on the response
 */
export async function getAccessToken(
  request: Request,
  config: AuthConfig | PreparedConfig,
  provider: AccessTokenOptions | string,
): Promise<AccessTokenResult> {
  const options = typeof provider === "string" ? { provider } : provider
  const resolved = resolveConfig(isPrepared(config) ? config.config : config)
  if (resolved.error) return failure(resolved, "Configuration", resolved.error)
  const oauthProvider = oauthProviderOf(resolved, options.provider)
  if (oauthProvider instanceof AuthError) {
    return failure(resolved, "Configuration", oauthProvider)
  }
  const origin = resolved.origin ?? options.origin
  const context = createContext(resolved, parseSessionRequest(request, origin))
  const call: Call = {
    context,
    provider: oauthProvider,
    options,
    skew: validSkew(options.skew),
  }
  try {
    return resolved.session.strategy === "database"
      ? await fromDatabase(call)
      : await fromSessionToken(call)
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      return failure(resolved, "DatabaseUnavailable", asError(error), [], !isLogged(error))
    }
    return failure(resolved, "Configuration", asError(error), [], !isLogged(error))
  }
}

/** JWT sessions: the tokens stored in the session token, re-sealed after a refresh. */
async function fromSessionToken(call: Call): Promise<AccessTokenResult> {
  const { context, provider } = call
  const { config } = context
  if (!config.session.storeTokens) {
    return failure(
      config,
      "Configuration",
      new AuthError(
        `getAccessToken with JWT sessions needs the provider tokens in the session token: set \`session: { storeTokens: true }\` (users then sign in again once), or use database sessions.`,
      ),
    )
  }
  const token = await decodeSessionToken(context)
  if (token === undefined) return signedOut([])
  if (token === null) return signedOut(clearSessionCookies(context))
  const entry = providerTokensOf(token)[provider.id]
  const wanted = call.options.providerAccountId
  if (!entry || (wanted !== undefined && entry.providerAccountId !== wanted)) {
    return accountNotFound(provider.id, "the session token holds no tokens for it")
  }
  if (!needsRefresh(entry, call)) return granted(entry, [])
  if (!entry.refresh_token) {
    return refreshFailed(call, noRefreshToken(provider.id), () => markToken(context, token, entry))
  }
  // A refresh by another request of this session (another tab, another instance, a response
  // whose older cookie overwrote the refreshed one) left newer tokens in the store: use them.
  const results = await sessionResults(context, token, entry)
  const latest = await results.read(entry)
  const current = latest ?? entry
  if (latest && !needsRefresh(latest, call)) {
    const cookies = await reseal(context, withProviderTokens(token, provider.id, latest))
    return granted(latest, cookies)
  }
  try {
    const refreshed = await singleFlight(config, config.session.store, {
      key: results.key,
      async settled() {
        const newer = await results.read(current)
        return newer && isUsable(newer) ? newer : undefined
      },
      async run() {
        // The newest refresh token of the session: another request may have spent `current`'s.
        const base = (await results.read(current)) ?? current
        if (!base.refresh_token) throw noRefreshToken(provider.id)
        const tokens = await refreshTokenGrant(provider, base.refresh_token)
        const next = storedTokensOf({ ...base, ...mergedTokens(base, tokens) })
        await results.publish(next)
        return next
      },
    })
    const cookies = await reseal(context, withProviderTokens(token, provider.id, refreshed))
    return granted(refreshed, cookies)
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error
    return refreshFailed(call, refreshError(provider.id, error), () =>
      markToken(context, token, entry),
    )
  }
}

/** Where a JWT session's refreshed tokens for one provider are kept in the session store. */
interface SessionResults {
  /** The hash naming them in the store (also the refresh's lock and in-process key). */
  readonly key: string
  /**
   * The newest tokens of the session when they are not `held` (another request refreshed since
   * `held` was sealed): `undefined` when there are none, or they are `held`'s.
   */
  read(held: StoredProviderTokens): Promise<StoredProviderTokens | undefined>
  /** Keeps a refresh's result. A store that fails leaves this request's result standing. */
  publish(tokens: StoredProviderTokens): Promise<void>
}

/**
 * The refreshed tokens of a JWT session for `entry`'s provider, kept in `session.store`,
 * encrypted with the app's secret and named by a hash: per session id and provider (replaced by
 * each refresh, kept as long as the session), or, for a session without an id, per refresh token
 * spent (kept 30 seconds).
 */
async function sessionResults(
  context: AuthContext,
  token: JWT,
  entry: StoredProviderTokens,
): Promise<SessionResults> {
  const { config } = context
  const { store } = config.session
  const sid = typeof token.sid === "string" && token.sid !== "" ? token.sid : undefined
  const name = JSON.stringify(
    sid === undefined
      ? [entry.provider, entry.providerAccountId, entry.refresh_token ?? ""]
      : [sid, entry.provider, entry.providerAccountId],
  )
  const ttl = sid === undefined ? RESULT_SECONDS_WITHOUT_SESSION_ID : config.session.maxAge
  const key = await sha256Base64url(name)
  const secret = [...config.secrets]
  return {
    key,
    async read(held) {
      if (!store) return undefined
      const [value] = await store.get([`${RESULT_PREFIX}${key}`])
      if (!value) return undefined
      let result: { tokens?: unknown } | null
      try {
        result = (await decode({ token: value, secret, salt: RESULT_SALT })) as typeof result
      } catch {
        // Another secret (rotated), or expired: as if there were none.
        return undefined
      }
      const tokens = result?.tokens as StoredProviderTokens | undefined
      if (typeof tokens?.access_token !== "string" || tokens.access_token === held.access_token) {
        return undefined
      }
      return storedTokensOf({
        ...tokens,
        provider: entry.provider,
        providerAccountId: entry.providerAccountId,
      })
    },
    async publish(tokens) {
      if (!store) return
      try {
        const value = await encode({
          token: { tokens } as JWT,
          secret,
          salt: RESULT_SALT,
          maxAge: ttl,
        })
        await store.set(`${RESULT_PREFIX}${key}`, value, ttl)
      } catch (error) {
        // The refresh stands: this request and those sharing it get the new tokens; requests
        // with the replaced cookie elsewhere miss them (and refresh again).
        config.logger.debug("ACCESS_TOKEN_RESULT_UNSTORED", {
          reason: error instanceof Error ? error.message : String(error),
        })
      }
    },
  }
}

/** The session token with `entry` marked as failed, re-sealed; the tokens are unchanged. */
function markToken(
  context: AuthContext,
  token: JWT,
  entry: StoredProviderTokens,
): Promise<Cookie[]> {
  return reseal(
    context,
    withProviderTokens(token, entry.provider, { ...entry, error: REFRESH_ERROR }),
  )
}

/** Re-seals the session token with a fresh expiry, as a session read re-issues it. */
function reseal(context: AuthContext, token: JWT): Promise<Cookie[]> {
  const expires = new Date(Date.now() + context.config.session.maxAge * 1000)
  return writeSessionToken(context, token, expires)
}

/** The OAuth / OIDC provider of the config with that id, or the configuration error. */
function oauthProviderOf(config: ResolvedConfig, id: string): ResolvedOAuthProvider | AuthError {
  const provider = config.providerById.get(id)
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) {
    const kind = provider ? `a ${provider.type} provider` : "not a provider of the config"
    return new InvalidProvider(
      `getAccessToken: "${id}" is ${kind}. Name an OAuth or OpenID Connect provider by its id.`,
    )
  }
  return resolveOAuthProvider(provider as OAuthConfig<Profile>, config.redirectProxyUrl)
}

/** The `skew` option: seconds, not negative; the default for anything else. */
function validSkew(skew: number | undefined): number {
  return typeof skew === "number" && Number.isFinite(skew) && skew >= 0
    ? skew
    : DEFAULT_ACCESS_TOKEN_SKEW_SECONDS
}

/**
 * The tokens after a refresh: the new access token and its expiry, and the new refresh token,
 * scope and type, or the old ones where the provider sent none (a provider that does not rotate
 * its refresh tokens keeps the old one valid).
 */
function mergedTokens(old: Tokens, refreshed: TokenSet): Tokens {
  return {
    access_token: refreshed.access_token,
    expires_at: refreshed.expires_at,
    refresh_token: refreshed.refresh_token ?? old.refresh_token,
    scope: refreshed.scope ?? old.scope,
    token_type: refreshed.token_type ?? old.token_type,
  }
}

function failure(
  config: ResolvedConfig,
  code: AccessTokenErrorCode,
  error: Error,
  cookies: Cookie[] = [],
  log = true,
): AccessTokenFailure {
  if (log) config.logger.error(error)
  return { code, error, cookies }
}

/** Whether an error was logged where it happened: the adapter wrapper logs its failures. */
function isLogged(error: unknown): boolean {
  return error instanceof AdapterError
}

function isPrepared(config: AuthConfig | PreparedConfig): config is PreparedConfig {
  return "actionConfig" in config && "requestURL" in config
}
