/**
 * The checks that bind an authorization response to the browser that started the sign-in:
 * PKCE, `state` and `nonce`. Each value lives in its own encrypted cookie for 15 minutes, bound
 * to the provider that set it (advisory GHSA-x445-f3h2-j279), with Auth.js's names and payloads,
 * so sign-ins started by Auth.js finish here and the other way round.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7636 PKCE
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-10.12 state
 * @see https://openid.net/specs/openid-connect-core-1_0.html#NonceNotes nonce
 */
import * as o from "oauth4webapi"
import { InvalidCheck } from "../../errors.js"
import type { Cookie, CookieSerializeOptions } from "../../types/cookies.js"
import type { ResolvedCookies } from "../cookies/defaults.js"
import { decode, encode } from "../jwt/token.js"

/** How long a check cookie, and the `state` parameter, stay valid: 15 minutes. */
export const CHECK_MAX_AGE_SECONDS = 15 * 60

/** Key-derivation salt of the `state` parameter (Auth.js's, for interoperable redirect proxies). */
const STATE_SALT = "encodedState"

/** The cookies that carry a check. */
export type CheckCookie = "state" | "pkceCodeVerifier" | "nonce"

/** What sealing and opening check cookies needs to know about the request. */
export interface CheckScope {
  /** The secrets, newest first: the first encrypts, any decrypts. */
  readonly secrets: readonly string[]
  readonly cookies: ResolvedCookies
  /** The provider the cookies are bound to. */
  readonly providerId: string
  /**
   * `form_post` responses arrive as a cross-site POST, which sends only `SameSite=None` cookies.
   */
  readonly crossSiteCallback?: boolean
  /** The clock, in milliseconds. @default Date.now */
  readonly now?: () => number
}

/** A check's value for the authorization request, and the cookie that remembers it. */
export interface CreatedCheck {
  readonly value: string
  readonly cookie: Cookie
}

/** The payload of the `state` parameter. */
export interface StatePayload {
  /** The callback URL to forward to, when the sign-in went through a redirect proxy. */
  origin?: string
  random: string
}

/**
 * Creates the `state` parameter: an encrypted `{ origin, random }`, so that a redirect proxy
 * sharing the secret can read where to forward the callback. Only deployments with the secret
 * write it, but they write the origin of the request they serve, which a trusted but poisoned
 * `Host` decides: the proxy checks the origin against its own allow-list before forwarding.
 */
export async function createState(scope: CheckScope, origin?: string): Promise<CreatedCheck> {
  const payload: StatePayload = { random: o.generateRandomState() }
  if (origin !== undefined) payload.origin = origin
  const value = await encode({
    secret: [...scope.secrets],
    token: payload,
    salt: STATE_SALT,
    maxAge: CHECK_MAX_AGE_SECONDS,
  })
  return { value, cookie: await sealCheckCookie(scope, "state", value) }
}

/**
 * Decrypts a `state` parameter.
 *
 * @throws {InvalidCheck} when it does not decrypt with the secrets or has expired
 */
export async function decodeState(
  secrets: readonly string[],
  state: string,
): Promise<StatePayload> {
  let payload: Record<string, unknown> | null
  try {
    payload = await decode<Record<string, unknown>>({
      secret: [...secrets],
      token: state,
      salt: STATE_SALT,
    })
  } catch (error) {
    throw new InvalidCheck(
      "The state parameter could not be decrypted: it was altered, has expired or was made with another secret.",
      { cause: error },
    )
  }
  if (!payload || typeof payload.random !== "string") {
    throw new InvalidCheck("The state parameter has no random value.")
  }
  const origin = typeof payload.origin === "string" ? payload.origin : undefined
  return origin === undefined ? { random: payload.random } : { origin, random: payload.random }
}

/** Creates a PKCE verifier (in the cookie) and its S256 challenge (the value to send). */
export async function createPkce(scope: CheckScope): Promise<CreatedCheck> {
  const verifier = o.generateRandomCodeVerifier()
  return {
    value: await o.calculatePKCECodeChallenge(verifier),
    cookie: await sealCheckCookie(scope, "pkceCodeVerifier", verifier),
  }
}

/** Creates a `nonce` for the ID token. */
export async function createNonce(scope: CheckScope): Promise<CreatedCheck> {
  const value = o.generateRandomNonce()
  return { value, cookie: await sealCheckCookie(scope, "nonce", value) }
}

/**
 * Reads a check cookie of the request.
 *
 * @returns the value the sign-in stored
 * @throws {InvalidCheck} when the cookie is missing, does not decrypt, has expired, or was set
 *   for another provider
 */
export async function openCheckCookie(
  scope: CheckScope,
  key: CheckCookie,
  requestCookies: Readonly<Record<string, string>>,
): Promise<string> {
  const { name } = scope.cookies[key]
  const sealed = requestCookies[name]
  if (!sealed) {
    throw new InvalidCheck(
      `The ${name} cookie is missing: the sign-in was started more than 15 minutes ago, in another browser, or the cookie was blocked.`,
    )
  }
  let payload: Record<string, unknown> | null
  try {
    payload = await decode<Record<string, unknown>>({
      secret: [...scope.secrets],
      token: sealed,
      salt: name,
    })
  } catch (error) {
    throw new InvalidCheck(`The ${name} cookie could not be decrypted.`, { cause: error })
  }
  if (!payload || typeof payload.value !== "string" || payload.value === "") {
    throw new InvalidCheck(`The ${name} cookie has no value.`)
  }
  if (payload.provider !== scope.providerId) {
    throw new InvalidCheck(
      `The ${name} cookie was set for another provider than "${scope.providerId}", which handles this callback.`,
    )
  }
  return payload.value
}

/** The cookie that deletes a check cookie once the callback used it. */
export function clearCheckCookie(scope: CheckScope, key: CheckCookie): Cookie {
  const { name, options } = scope.cookies[key]
  return { name, value: "", options: { ...cookieOptions(scope, options), maxAge: 0 } }
}

async function sealCheckCookie(
  scope: CheckScope,
  key: CheckCookie,
  value: string,
): Promise<Cookie> {
  const { name, options } = scope.cookies[key]
  const now = scope.now?.() ?? Date.now()
  const sealed = await encode({
    secret: [...scope.secrets],
    token: { value, provider: scope.providerId },
    salt: name,
    maxAge: CHECK_MAX_AGE_SECONDS,
  })
  return {
    name,
    value: sealed,
    options: {
      ...cookieOptions(scope, options),
      expires: new Date(now + CHECK_MAX_AGE_SECONDS * 1000),
    },
  }
}

function cookieOptions(scope: CheckScope, options: CookieSerializeOptions): CookieSerializeOptions {
  if (!scope.crossSiteCallback) return { ...options }
  // All three, PKCE included (Auth.js leaves it Lax, so form_post with PKCE fails in browsers):
  // a cross-site POST carries only SameSite=None cookies, which browsers accept only if Secure.
  return { ...options, sameSite: "none", secure: true }
}
