/**
 * A real OpenID Connect identity provider for local development and integration tests: the npm
 * `oidc-provider` on a loopback port, with one client per token endpoint authentication method,
 * accounts for any username, a login form of its own and helpers to drive a browser's part of a
 * flow.
 *
 * @see https://openid.net/specs/openid-connect-core-1_0.html
 * @see https://www.rfc-editor.org/rfc/rfc9207 `iss` in authorization responses (always sent)
 */
import { generateKeyPair, randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { promisify } from "node:util"
import {
  closeServer,
  type EndpointFailure,
  FailureQueue,
  listen,
  type RecordedRequest,
  recordRequest,
  sendFailure,
  sendText,
} from "./http.js"
import type {
  Idp,
  IdpAccountClaims,
  IdpClient,
  IdpClients,
  IdpEndpoint,
  IdpOptions,
} from "./identity-provider-types.js"
import { followToClient } from "./login-flow.js"
import { errorPage } from "./login-page.js"
import {
  createAdapter,
  handleInteraction,
  importOidcProvider,
  type ModelPayload,
  type OidcProvider,
} from "./oidc-provider.js"

const SECRET_BYTES = 24
const RSA_MODULUS_BITS = 2048
const TTL_SECONDS = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  BackchannelAuthenticationRequest: 600,
  ClientCredentials: 600,
  DeviceCode: 600,
  Grant: 3600,
  IdToken: 3600,
  Interaction: 600,
  RefreshToken: 86400,
  Session: 3600,
}

/**
 * Starts `oidc-provider`, on `127.0.0.1` with a free port unless told otherwise; the issuer is
 * `http://<host>:<port>`.
 *
 * @example
 * const app = await startApp()
 * const idp = await startIdentityProvider({ redirectUris: [`${app.url}/auth/callback/idp`] })
 * const { params } = await idp.login(jar, authorizationUrl, "alice")
 * await idp.close()
 */
export async function startIdentityProvider(options: IdpOptions = {}): Promise<Idp> {
  const Provider = await importOidcProvider()
  const name = options.name ?? "Playground ID"
  let redirectUris: readonly string[] = options.redirectUris ?? []
  const accounts = new Map(Object.entries(options.accounts ?? {}))
  const requests: RecordedRequest[] = []
  const failures = new FailureQueue<IdpEndpoint>()
  const keys = await generateKeys()
  const clients = registeredClients(keys.client)
  let refreshGrants = 0

  function clientMetadata(clientId: string): ModelPayload | undefined {
    const client = Object.values(clients).find((candidate) => candidate.clientId === clientId)
    if (!client) return undefined
    return {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      token_endpoint_auth_method: client.tokenEndpointAuthMethod,
      redirect_uris: [...redirectUris],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      ...(client.tokenEndpointAuthMethod === "private_key_jwt"
        ? { jwks: { keys: [keys.client.jwk] }, token_endpoint_auth_signing_alg: "ES256" }
        : {}),
    }
  }

  function claimsFor(username: string): IdpAccountClaims {
    return {
      sub: username,
      name: username.charAt(0).toUpperCase() + username.slice(1),
      email: `${username}@example.test`,
      email_verified: true,
      picture: `https://images.example.test/${encodeURIComponent(username)}.png`,
      ...accounts.get(username),
    }
  }

  let provider: OidcProvider | undefined
  let handleProtocol: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  const server = createServer((req, res) => {
    requests.push(recordRequest(req))
    if (!provider || !handleProtocol) return sendText(res, 503, "Starting.")
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname
    const endpoint = endpointOf(path)
    const failure = endpoint && failures.take(endpoint)
    if (failure) return sendFailure(res, failure)
    if (path.startsWith("/interaction/")) {
      void handleInteraction(provider, req, res, path, name).catch((error: unknown) =>
        sendText(res, 500, error instanceof Error ? error.message : String(error)),
      )
      return
    }
    handleProtocol(req, res)
  })
  const issuer = await listen(server, options)

  provider = new Provider(issuer, {
    adapter: createAdapter(clientMetadata),
    clients: [],
    jwks: { keys: [keys.signing] },
    cookies: { keys: [randomBytes(SECRET_BYTES).toString("base64url")] },
    claims: {
      openid: ["sub"],
      profile: ["name", "picture"],
      email: ["email", "email_verified"],
    },
    // Profile and e-mail claims go into the ID token too, so `idToken: true` flows see them.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    pkce: {
      required: (_ctx: unknown, client: { clientAuthMethod: string }) =>
        client.clientAuthMethod === "none",
    },
    responseTypes: ["code"],
    ttl: { ...TTL_SECONDS, AccessToken: options.accessTokenTtl ?? TTL_SECONDS.AccessToken },
    ...refreshTokenOptions(options),
    clientBasedCORS: () => true,
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => claimsFor(sub) }
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = "html"
      ctx.body = errorPage(name, out)
    },
  })
  // Koa logs unhandled errors to stderr unless silenced; tests read `server_error` events instead.
  Object.assign(provider, { silent: true })
  const countRefreshGrant = (ctx: unknown) => {
    if (grantTypeOf(ctx) === "refresh_token") refreshGrants += 1
  }
  provider.on("grant.success", countRefreshGrant)
  provider.on("grant.error", countRefreshGrant)
  handleProtocol = provider.callback()
  const ready = provider

  return {
    issuer,
    clients,
    provider: ready,
    server,
    requests,
    setRedirectUris(uris) {
      redirectUris = [...uris]
    },
    setAccount(username, claims) {
      accounts.set(username, { ...accounts.get(username), ...claims })
    },
    claimsFor,
    login: (jar, authorizationUrl, username) =>
      followToClient(issuer, jar, authorizationUrl, { action: "login", username }),
    deny: (jar, authorizationUrl) =>
      followToClient(issuer, jar, authorizationUrl, { action: "abort" }),
    failNext(endpoint, failure) {
      failures.push(endpoint, failure ?? defaultFailure)
    },
    get refreshGrants() {
      return refreshGrants
    },
    async revokeRefreshToken(refreshToken) {
      const found = await ready.RefreshToken.find(refreshToken, { ignoreExpiration: true })
      if (!found) return false
      const grant = await ready.Grant.find(found.grantId)
      await Promise.all([found.destroy(), grant?.destroy()])
      return true
    },
    close: () => closeServer(server),
  }
}

interface Keys {
  /** The provider's RS256 signing key, a private JWK. */
  signing: Record<string, unknown>
  /** The `private_key_jwt` client's ES256 key pair. */
  client: { privateKey: CryptoKey; jwk: Record<string, unknown> }
}

async function generateKeys(): Promise<Keys> {
  const rsa = await promisify(generateKeyPair)("rsa", { modulusLength: RSA_MODULUS_BITS })
  const signing = { ...rsa.privateKey.export({ format: "jwk" }), kid: "idp-rs256", alg: "RS256" }
  const ec = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ])
  const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", ec.publicKey)
  return {
    signing: { ...signing, use: "sig" },
    client: {
      privateKey: ec.privateKey,
      jwk: { kty, crv, x, y, kid: "client-es256", alg: "ES256", use: "sig" },
    },
  }
}

function registeredClients(key: Keys["client"]): IdpClients {
  return {
    client_secret_basic: clientWithSecret("client_secret_basic"),
    client_secret_post: clientWithSecret("client_secret_post"),
    none: { clientId: "client-none", tokenEndpointAuthMethod: "none" },
    private_key_jwt: {
      clientId: "client-private-key-jwt",
      tokenEndpointAuthMethod: "private_key_jwt",
      privateKey: key.privateKey,
      kid: "client-es256",
      alg: "ES256",
    },
  }
}

const defaultFailure: EndpointFailure = {
  error: "server_error",
  error_description: "Failure induced by the test.",
  status: 500,
}

function clientWithSecret(method: "client_secret_basic" | "client_secret_post"): IdpClient {
  const suffix = method === "client_secret_basic" ? "basic" : "post"
  return {
    clientId: `client-${suffix}`,
    clientSecret: `secret-${suffix}-${randomBytes(SECRET_BYTES).toString("base64url")}`,
    tokenEndpointAuthMethod: method,
  }
}

/**
 * oidc-provider's `issueRefreshToken` and `rotateRefreshToken` for {@link IdpOptions}: its own
 * rules where the options say nothing.
 */
function refreshTokenOptions(options: IdpOptions): Record<string, unknown> {
  const configuration: Record<string, unknown> = {}
  if (options.refreshTokens) {
    configuration.issueRefreshToken = async (_ctx: unknown, client: RefreshClient) =>
      client.grantTypeAllowed("refresh_token")
  }
  if (options.rotateRefreshTokens !== undefined) {
    configuration.rotateRefreshToken = options.rotateRefreshTokens
  }
  return configuration
}

/** The part of oidc-provider's client model `issueRefreshToken` reads. */
interface RefreshClient {
  grantTypeAllowed(grantType: string): boolean
}

/** The `grant_type` of a token request's context, as oidc-provider's events give it. */
function grantTypeOf(ctx: unknown): unknown {
  return (ctx as { oidc?: { params?: { grant_type?: unknown } } } | undefined)?.oidc?.params
    ?.grant_type
}

function endpointOf(path: string): IdpEndpoint | undefined {
  if (path === "/.well-known/openid-configuration") return "discovery"
  if (path === "/token") return "token"
  if (path === "/me") return "userinfo"
  return undefined
}

export type {
  Idp,
  IdpAccountClaims,
  IdpClient,
  IdpClients,
  IdpEndpoint,
  IdpOptions,
  IdpPrivateKeyJwtClient,
  TokenEndpointAuthMethod,
} from "./identity-provider-types.js"
