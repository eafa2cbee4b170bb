/**
 * The local identity provider of `@auth/dev-servers`, plus what core's tests need on top of it:
 * provider options for the engine wired to one of its clients.
 */
import {
  type IdpOptions,
  type Idp as RunningIdp,
  startIdentityProvider as startServer,
  type TokenEndpointAuthMethod,
} from "@auth/dev-servers"
import type { OIDCConfig } from "../../src/providers/oauth.js"
import type { Profile } from "../../src/types.js"

export type {
  AuthorizationResponse,
  EndpointFailure,
  IdpAccountClaims,
  IdpClient,
  IdpOptions,
  OidcGrant,
  OidcInteraction,
  OidcProvider,
  RecordedRequest,
  TokenEndpointAuthMethod,
} from "@auth/dev-servers"

/** A running identity provider for core's tests. */
export interface Idp extends RunningIdp {
  /** Provider options for the engine, wired to one of the clients (discovery through `issuer`). */
  oidcProvider(method?: TokenEndpointAuthMethod): OIDCConfig<Profile>
}

/**
 * Starts the identity provider on `127.0.0.1:0` (see `@auth/dev-servers`).
 *
 * @example
 * const idp = await startIdentityProvider({ redirectUris: [`${app.url}/auth/callback/idp`] })
 * const config = { providers: [idp.oidcProvider("client_secret_post")] }
 */
export async function startIdentityProvider(options: IdpOptions = {}): Promise<Idp> {
  const idp = await startServer(options)
  return Object.assign(idp, {
    oidcProvider: (method: TokenEndpointAuthMethod = "client_secret_basic") =>
      oidcProviderFor(idp, method),
  })
}

function oidcProviderFor(idp: RunningIdp, method: TokenEndpointAuthMethod): OIDCConfig<Profile> {
  const client = idp.clients[method]
  return {
    id: "idp",
    name: "Test IdP",
    type: "oidc",
    issuer: idp.issuer,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    client: { token_endpoint_auth_method: method },
    ...(method === "private_key_jwt"
      ? {
          token: {
            clientPrivateKey: {
              key: idp.clients.private_key_jwt.privateKey,
              kid: idp.clients.private_key_jwt.kid,
            },
          },
        }
      : {}),
  }
}
