/**
 * What a test tells the vendor mimic about one vendor: where its endpoints are, how its client
 * authenticates, what its token response and its APIs answer. Everything has the shape of the
 * vendor's documentation, quirks included (a token in the query, a profile read with a POST, a
 * token response without `token_type`).
 */
import type { VendorSigningAlg } from "./vendor-jwt.js"

/** How the client proves itself at the token endpoint. */
export type VendorClientAuth =
  | "client_secret_basic"
  | "client_secret_post"
  /** `client_id` only (public clients, or vendors with the secret elsewhere). */
  | "none"
  /** Either Basic or post, as most vendors accept. */
  | "any"

/** The token request, read out of the HTTP request by {@link VendorFixture.readTokenRequest}. */
export interface TokenRequestFields {
  code?: string | null
  clientId?: string | null
  clientSecret?: string | null
  codeVerifier?: string | null
  redirectUri?: string | null
  grantType?: string | null
}

/** A request to the mimic, as its handlers see it. */
export interface VendorRequest {
  method: string
  /** The vendor URL the client meant (`https://api.vendor.test/path?query`). */
  url: URL
  headers: Record<string, string>
  /** The raw body. */
  body: string
  /** The body parsed as a form (empty when it is not one). */
  form: URLSearchParams
}

/** The grant behind a code, given to {@link VendorFixture.tokenResponse}. */
export interface VendorGrant {
  accessToken: string
  /** The authorization request's `scope`, or `""`. */
  scope: string
  /** The authorization request's `nonce`, if any. */
  nonce: string | undefined
  /** The signed ID token for OIDC fixtures. */
  idToken: string | undefined
}

/** A vendor API the access token opens: a userinfo endpoint, a profile or account API. */
export interface VendorResource {
  /** The vendor URL, e.g. `https://api.vendor.test/v1/me`; the query is not compared. */
  url: string
  /** @default "GET" */
  method?: "GET" | "POST"
  /**
   * Where the access token is: the `Authorization` header (any scheme), a query parameter, or
   * the last path segment (then `url` is the path without it); `none` for APIs that take no
   * OAuth token (an e-mail API with its own key: assert the recorded request instead).
   * @default "header"
   */
  token?: "header" | { query: string } | "path" | "none"
  /** The JSON answer (or a function of the request). */
  body: unknown | ((request: VendorRequest) => unknown)
  /** Answered as is when `body` is a string. @default "application/json" */
  contentType?: string
  /** @default 200 */
  status?: number
}

/** OpenID Connect: discovery, JWKS, ID tokens and the userinfo endpoint of the issuer. */
export interface VendorOidc {
  /** The issuer exactly as the vendor's discovery document names it (a trailing slash kept). */
  issuer: string
  /** Claims of the ID token beside `iss`, `aud`, `iat`, `exp` and `nonce`; `sub` included. */
  claims: Record<string, unknown>
  /** @default "RS256" */
  idTokenAlg?: VendorSigningAlg
  /** The userinfo endpoint's answer; by default the ID token claims. */
  userinfo?: Record<string, unknown>
  /** `jwt`: the userinfo answer is signed (RS256), as BankID sends it. @default "json" */
  userinfoFormat?: "json" | "jwt"
  /** Extra or replaced metadata fields of the discovery document. */
  metadata?: Record<string, unknown>
}

/** One vendor, as the mimic plays it. */
export interface VendorFixture {
  /** The authorization endpoint's URL; by default the OIDC issuer's `/authorize`. */
  authorization?: string
  /** The token endpoint's URL; by default the OIDC issuer's `/token`. */
  token?: string
  /** The query parameter that names the client. @default "client_id" */
  clientIdParam?: string
  /** The expected `response_type`. @default "code" */
  responseType?: string
  /** @default "any" */
  clientAuth?: VendorClientAuth
  /** @default "POST" */
  tokenMethod?: "GET" | "POST"
  /** Reads a token request that is not RFC 6749's (WeChat's query, Azure DevOps's assertion). */
  readTokenRequest?: (request: VendorRequest) => TokenRequestFields
  /**
   * The token endpoint's success answer.
   * @default `{ access_token, token_type: "bearer", expires_in: 3600, scope }` (+ `id_token`)
   */
  tokenResponse?: (grant: VendorGrant) => Record<string, unknown>
  /** The vendor's APIs. */
  resources?: readonly VendorResource[]
  oidc?: VendorOidc
}
