/**
 * Sign in with LINE (LINE Login v2.1, OpenID Connect).
 *
 * Add the callback URL `<origin>/auth/callback/line` to the LINE Login channel (LINE
 * Developers console → LINE Login → Callback URL), and apply for the e-mail permission to
 * receive the address. The channel id and secret are `clientId` and `clientSecret`.
 *
 * @see https://developers.line.biz/en/docs/line-login/integrate-line-login/
 * @module providers/line
 */
import { customFetch } from "../internal/symbols.js"
import { rewriteDiscovery } from "./internal/fetch.js"
import { isHs256SignedBy } from "./internal/hs256.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of LINE's ID token.
 * @see https://developers.line.biz/en/docs/line-login/verify-id-token/#payload
 */
export interface LineProfile {
  iss: string
  sub: string
  aud: string
  exp: number
  iat: number
  amr: string[]
  name: string
  picture: string
  email?: string
  user?: unknown
  [claim: string]: unknown
}

/**
 * Adds LINE sign-in with the `state` check. LINE signs the ID tokens of web logins with the
 * channel secret (HS256): the signature is checked with `clientSecret` when the factory is given
 * it (Auth.js never checks it), and LINE's JWKS, which holds only the keys of its app tokens, is
 * not consulted.
 *
 * @example
 * import LINE from "@auth/core/providers/line"
 *
 * const config = {
 *   providers: [LINE({ clientId: env.AUTH_LINE_ID, clientSecret: env.AUTH_LINE_SECRET })],
 * }
 */
export default function LINE<P extends LineProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  const { clientSecret } = options
  return {
    id: "line",
    name: "LINE",
    type: "oidc",
    issuer: "https://access.line.me",
    client: { id_token_signed_response_alg: "HS256" },
    ...(clientSecret
      ? { token: { conform: (response: Response) => checkSignature(response, clientSecret) } }
      : {}),
    [customFetch]: rewriteDiscovery(
      options[customFetch],
      ({ jwks_uri: _keys, ...metadata }) => metadata,
    ),
    style: { bg: "#00C300", text: "#fff" },
    options,
    checks: ["state"],
  }
}

/**
 * Passes a token response whose ID token is signed with the channel secret.
 *
 * @throws {TypeError} when it is not (a wrong secret, or a forged token)
 */
async function checkSignature(response: Response, secret: string): Promise<undefined> {
  if (!response.ok) return undefined
  let idToken: unknown
  try {
    idToken = ((await response.clone().json()) as { id_token?: unknown }).id_token
  } catch {
    return undefined
  }
  if (typeof idToken === "string" && !(await isHs256SignedBy(idToken, secret))) {
    throw new TypeError(
      "LINE's ID token is not signed with the channel secret (HS256): check AUTH_LINE_SECRET.",
    )
  }
  return undefined
}
