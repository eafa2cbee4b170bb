import type { CookieSerializeOptions, CookiesOptions } from "../../types/cookies.js"

/** The cookies core sets, by their key in the `cookies` config option. */
export type CookieKey =
  | "sessionToken"
  | "callbackUrl"
  | "csrfToken"
  | "pkceCodeVerifier"
  | "state"
  | "nonce"
  | "webauthnChallenge"
  | "sessionCache"

/** Every cookie's name and options, with the defaults applied. */
export type ResolvedCookies = Record<CookieKey, { name: string; options: CookieSerializeOptions }>

/** How long the OAuth check cookies (PKCE, state) and the WebAuthn challenge live. */
const CHECK_COOKIE_MAX_AGE_SECONDS = 15 * 60

/** Options of {@link defaultCookies} beyond the protocol. */
export interface DefaultCookiesOptions {
  /**
   * Name the secure session cookie `__Host-authjs.session-token` instead of
   * `__Secure-authjs.session-token` (the `hostOnlySessionCookie` config option).
   */
  hostOnlySessionCookie?: boolean
}

/**
 * The session cookie's name: `authjs.session-token`, prefixed with `__Secure-` on https, or
 * with `__Host-` there when the session cookie is host-only. Alone, for `getToken`, whose bundle
 * needs no other cookie.
 */
export function sessionCookieName(useSecureCookies: boolean, hostOnly = false): string {
  const prefix = useSecureCookies ? (hostOnly ? "__Host-" : "__Secure-") : ""
  return `${prefix}authjs.session-token`
}

/**
 * The built-in cookie names and options, identical to Auth.js's.
 *
 * Secure cookies get the `__Secure-` prefix, and the CSRF cookie the stricter `__Host-` prefix
 * (no `Domain`, `Path=/`), so that a subdomain or a plain-http page cannot plant them. With
 * `hostOnlySessionCookie`, the secure session cookie gets `__Host-` too.
 *
 * @param useSecureCookies `true` for https origins, or when the config forces it.
 * @see https://www.ietf.org/archive/id/draft-ietf-httpbis-rfc6265bis-15.html#section-4.1.3 Cookie name prefixes
 * @example
 * defaultCookies(true).sessionToken.name // "__Secure-authjs.session-token"
 * defaultCookies(true, { hostOnlySessionCookie: true }).sessionToken.name // "__Host-authjs.session-token"
 */
export function defaultCookies(
  useSecureCookies: boolean,
  { hostOnlySessionCookie = false }: DefaultCookiesOptions = {},
): ResolvedCookies {
  const prefix = useSecureCookies ? "__Secure-" : ""
  const options = (): CookieSerializeOptions => ({
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: useSecureCookies,
  })
  const shortLived = (): CookieSerializeOptions => ({
    ...options(),
    maxAge: CHECK_COOKIE_MAX_AGE_SECONDS,
  })
  return {
    sessionToken: {
      name: sessionCookieName(useSecureCookies, hostOnlySessionCookie),
      options: options(),
    },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: options() },
    csrfToken: {
      name: `${useSecureCookies ? "__Host-" : ""}authjs.csrf-token`,
      options: options(),
    },
    pkceCodeVerifier: { name: `${prefix}authjs.pkce.code_verifier`, options: shortLived() },
    state: { name: `${prefix}authjs.state`, options: shortLived() },
    nonce: { name: `${prefix}authjs.nonce`, options: options() },
    webauthnChallenge: { name: `${prefix}authjs.challenge`, options: shortLived() },
    sessionCache: {
      name: sessionCookieName(useSecureCookies, hostOnlySessionCookie).replace(
        /session-token$/,
        "session-cache",
      ),
      options: options(),
    },
  }
}

const COOKIE_KEYS: readonly CookieKey[] = [
  "sessionToken",
  "callbackUrl",
  "csrfToken",
  "pkceCodeVerifier",
  "state",
  "nonce",
  "webauthnChallenge",
  "sessionCache",
]

/**
 * Merges the `cookies` config option over the defaults, per key: an override may replace only
 * the name, or only some options. Neither input is mutated; unknown keys are ignored.
 *
 * @example
 * mergeCookies(defaultCookies(true), { sessionToken: { options: { domain: "example.com" } } })
 */
export function mergeCookies(
  defaults: ResolvedCookies,
  overrides?: Partial<CookiesOptions>,
): ResolvedCookies {
  const merged = {} as ResolvedCookies
  for (const key of COOKIE_KEYS) {
    const base = defaults[key]
    // The session cache cookie goes where the session cookie goes, unless set on its own.
    const override =
      key === "sessionCache"
        ? (overrides?.sessionCache ?? { options: overrides?.sessionToken?.options })
        : overrides?.[key]
    merged[key] = {
      name: override?.name ?? base.name,
      options: { ...base.options, ...override?.options },
    }
  }
  return merged
}

/**
 * Why the `cookies` option contradicts `hostOnlySessionCookie`, or `undefined`: a `__Host-`
 * cookie must have no `Domain` and `Path=/`, or browsers drop it.
 *
 * @see https://www.ietf.org/archive/id/draft-ietf-httpbis-rfc6265bis-15.html#section-4.1.3.2
 */
export function hostOnlySessionCookieConflict(
  overrides: Partial<CookiesOptions> | undefined,
): string | undefined {
  const options = overrides?.sessionToken?.options
  if (options?.domain !== undefined) return "cookies.sessionToken.options.domain is set"
  if (options?.path !== undefined && options.path !== "/") {
    return "cookies.sessionToken.options.path is not /"
  }
  return undefined
}
