import type { Awaitable } from "./common.js"
import type { LoggerInstance } from "./logger.js"

/** The claims core puts in a session token. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null
  email?: string | null
  picture?: string | null
  sub?: string
  /**
   * The session's id (an addition beyond Auth.js): set at sign-in and kept for the session's
   * life, by which `GET /sessions` lists it and `POST /sessions/revoke` revokes it.
   */
  sid?: string
  iat?: number
  exp?: number
  jti?: string
}

/** The session token's payload. Extend it with module augmentation. */
export interface JWT extends Record<string, unknown>, DefaultJWT {}

/** Parameters of {@link encode}. */
export interface JWTEncodeParams<Payload = JWT> {
  /** The payload. @default {} */
  token?: Payload
  /** Salts the key derivation; for session cookies, the cookie name. */
  salt: string
  /** The secret, or a list of them: the first one encrypts. */
  secret: string | string[]
  /** Seconds until the token expires. @default 2592000 (30 days) */
  maxAge?: number
}

/** Parameters of {@link decode}. */
export interface JWTDecodeParams {
  token?: string
  salt: string
  /** The secret, or a list of them: any of them may decrypt. */
  secret: string | string[]
  /**
   * Also decode tokens encrypted with `enc: "A256GCM"` (Auth.js decodes them; it never writes
   * them). Their key is the first half of the `A256CBC-HS512` key of the same secret and salt,
   * which is that algorithm's MAC key, so accepting them uses one key for two algorithms. Turn
   * it on only while tokens of that kind are still in circulation.
   *
   * @default false
   */
  allowA256GCM?: boolean
}

/** The `jwt` config option. */
export interface JWTOptions {
  secret: string | string[]
  /** Seconds until the token expires. @default session.maxAge */
  maxAge: number
  encode: (params: JWTEncodeParams) => Awaitable<string>
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>
  /**
   * Accept session tokens encrypted with `enc: "A256GCM"` (see {@link JWTDecodeParams.allowA256GCM}).
   * Passed to `decode` with the other options.
   *
   * @default false
   */
  allowA256GCM?: boolean
}

/** Parameters of {@link getToken}. */
export interface GetTokenParams<R extends boolean = false> {
  /** The request carrying the token in its cookies or its `Authorization: Bearer` header. */
  req: Request | { headers: Headers | Record<string, string> }
  /** The secret, or a list of them. Not needed with `raw: true`. */
  secret?: string | string[]
  /** Salts the key derivation. @default cookieName */
  salt?: string
  /** Look for the `__Secure-` prefixed cookie name (https sites). @default false */
  secureCookie?: boolean
  /** The session cookie's name. @default "authjs.session-token", or "__Secure-authjs.session-token" with `secureCookie` */
  cookieName?: string
  /** Return the encrypted token as sent, without decrypting it. @default false */
  raw?: R
  /** Decrypts the token; pass your `jwt.decode` if you override it. @default decode */
  decode?: JWTOptions["decode"]
  /** Also decode `A256GCM` tokens (see {@link JWTDecodeParams.allowA256GCM}). @default false */
  allowA256GCM?: boolean
  /** Receives a debug message when a token fails to decode. */
  logger?: LoggerInstance | Console
}
