/** Cookie serialization options. */
export interface CookieSerializeOptions {
  domain?: string
  expires?: Date
  httpOnly?: boolean
  maxAge?: number
  partitioned?: boolean
  path?: string
  priority?: "low" | "medium" | "high"
  sameSite?: boolean | "lax" | "strict" | "none"
  secure?: boolean
}

/** One cookie's name and options. */
export interface CookieOption {
  name: string
  options: CookieSerializeOptions
}

/** The cookies core sets. Supplying any opts out of the built-in naming per key. */
export interface CookiesOptions {
  sessionToken: Partial<CookieOption>
  callbackUrl: Partial<CookieOption>
  csrfToken: Partial<CookieOption>
  pkceCodeVerifier: Partial<CookieOption>
  state: Partial<CookieOption>
  nonce: Partial<CookieOption>
  webauthnChallenge: Partial<CookieOption>
  /**
   * The session cache of database sessions (`session.cookieCache`, an addition beyond Auth.js):
   * `authjs.session-cache`, with the session cookie's prefix. Without it, the session cookie's
   * options (`domain`, `path`, …) apply.
   */
  sessionCache?: Partial<CookieOption>
}

/** A cookie to set on the response. */
export interface Cookie extends CookieOption {
  value: string
}
