/**
 * The client: its metadata and how it authenticates at the token endpoint.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-2.3 Client authentication
 * @see https://openid.net/specs/openid-connect-core-1_0.html#ClientAuthentication
 */
import * as o from "oauth4webapi"
import { providerEnvPrefix } from "../config/provider.js"
import type { ResolvedOAuthProvider } from "./provider.js"

type ClientProvider = Pick<
  ResolvedOAuthProvider,
  "id" | "clientId" | "clientSecret" | "client" | "token"
>

/** The client metadata: `client_id` and the provider's `client` options. */
export function clientOf(provider: ClientProvider): o.Client {
  return { ...provider.client, client_id: provider.clientId as string }
}

/**
 * The token endpoint authentication of `client.token_endpoint_auth_method`:
 * `client_secret_basic` (the default), `client_secret_post`, `client_secret_jwt`,
 * `private_key_jwt` (with `token.clientPrivateKey`) or `none`.
 *
 * @throws {TypeError} for another method, or when the method's secret or key is not configured
 */
export function clientAuthOf(provider: ClientProvider, as: o.AuthorizationServer): o.ClientAuth {
  const method = provider.client.token_endpoint_auth_method
  switch (method) {
    case undefined:
    case "client_secret_basic":
      return clientSecretBasic(provider.clientId, requireSecret(provider, "client_secret_basic"))
    case "client_secret_post":
      return o.ClientSecretPost(requireSecret(provider, method))
    case "client_secret_jwt":
      return o.ClientSecretJwt(requireSecret(provider, method))
    case "private_key_jwt": {
      const key = provider.token.clientPrivateKey
      if (!key) {
        throw new TypeError(
          `Provider "${provider.id}" uses private_key_jwt but has no \`token.clientPrivateKey\`. Set it to the client's private CryptoKey.`,
        )
      }
      // A real CryptoKey, typed by its shape in the public types (see PrivateCryptoKey).
      return o.PrivateKeyJwt(key as Parameters<typeof o.PrivateKeyJwt>[0], {
        // Auth.js names both the issuer and the token endpoint as audience; servers accept either.
        [o.modifyAssertion](_header, payload) {
          payload.aud = [as.issuer, as.token_endpoint].filter((aud): aud is string => !!aud)
        },
      })
    }
    case "none":
      return o.None()
    default:
      throw new TypeError(
        `Provider "${provider.id}" has an unsupported token_endpoint_auth_method "${String(method)}". Use client_secret_basic, client_secret_post, client_secret_jwt, private_key_jwt or none.`,
      )
  }
}

/**
 * HTTP Basic with `client_id` and `client_secret` form-encoded (`encodeURIComponent`, `%20` as
 * `+`), byte for byte what Auth.js sends: oauth4webapi's own variant also escapes `-`, `.`, `_`
 * and others, which some servers do not decode (client ids such as Google's contain them).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1
 */
function clientSecretBasic(clientId: string | undefined, clientSecret: string): o.ClientAuth {
  const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+")
  const credentials = `${formEncode(clientId ?? "")}:${formEncode(clientSecret)}`
  // Form-encoding leaves only ASCII, which btoa takes as is.
  const header = `Basic ${btoa(credentials)}`
  return (_as, _client, _body, headers) => {
    headers.set("authorization", header)
  }
}

function requireSecret(provider: ClientProvider, method: string): string {
  if (!provider.clientSecret) {
    throw new TypeError(
      `Provider "${provider.id}" uses ${method} but has no \`clientSecret\`. Set it (${providerEnvPrefix(provider.id)}_SECRET), or use \`client: { token_endpoint_auth_method: "none" }\` for a public client.`,
    )
  }
  return provider.clientSecret
}
