/**
 * A real OpenID Connect identity provider for integration tests: the npm `oidc-provider` on
 * `127.0.0.1:0`, with one client per token endpoint authentication method, accounts for any
 * username, a minimal login form of its own and helpers to drive a browser's part of a flow.
 *
 * @see https://openid.net/specs/openid-connect-core-1_0.html
 * @see https://www.rfc-editor.org/rfc/rfc9207 `iss` in authorization responses (always sent)
 */
import { randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { exportJWK, generateKeyPair } from "jose"
import type { OIDCConfig } from "../../src/providers/oauth.js"
import type { Profile } from "../../src/types.js"
import type { CookieJar } from "./cookie-jar.js"
import {
  type AuthorizationResponse,
  closeServer,
  type EndpointFailure,
  FailureQueue,
  isRedirect,
  listen,
  type RecordedRequest,
  recordRequest,
  sendFailure,
  sendText,
} from "./oauth2-server.js"
import {
  createAdapter,
  escapeHtml,
  handleInteraction,
  importOidcProvider,
  type ModelPayload,
  type OidcProvider,
  unescapeHtml,
} from "./oidc-provider.js"

export type { AuthorizationResponse, EndpointFailure, RecordedRequest } from "./oauth2-server.js"
export type { OidcGrant, OidcInteraction, OidcProvider } from "./oidc-provider.js"

/** The token endpoint authentication methods, one registered client each. */
export type TokenEndpointAuthMethod =
  | "client_secret_basic"
  | "client_secret_post"
  | "none"
  | "private_key_jwt"

/** A registered client. */
export interface IdpClient {
  clientId: string
  /** Absent for `none` and `private_key_jwt`. */
  clientSecret?: string
  tokenEndpointAuthMethod: TokenEndpointAuthMethod
}

/** The `private_key_jwt` client and its signing key (ES256). */
export interface IdpPrivateKeyJwtClient extends IdpClient {
  tokenEndpointAuthMethod: "private_key_jwt"
  /** Non-extractable WebCrypto private key for the `client_assertion`. */
  privateKey: CryptoKey
  kid: string
  alg: "ES256"
}

/** The registered clients, by authentication method. */
export interface IdpClients {
  client_secret_basic: IdpClient
  client_secret_post: IdpClient
  /** Public client; PKCE is required. */
  none: IdpClient
  private_key_jwt: IdpPrivateKeyJwtClient
}

/** The claims of an account. */
export interface IdpAccountClaims {
  sub: string
  name: string
  email: string
  email_verified: boolean
  picture: string
  [claim: string]: unknown
}

/** Options of {@link startIdentityProvider}. */
export interface IdpOptions {
  /** Redirect URIs of every client; see also {@link Idp.setRedirectUris}. */
  redirectUris?: readonly string[]
  /** Per-username overrides of the account claims. */
  accounts?: Record<string, Partial<IdpAccountClaims>>
}

/** Endpoints whose next answer can be made to fail. */
export type IdpEndpoint = "discovery" | "token" | "userinfo"

/** A running test identity provider. */
export interface Idp {
  /** `http://127.0.0.1:<port>`, no trailing slash; also the base of every endpoint. */
  readonly issuer: string
  readonly clients: IdpClients
  /** The `oidc-provider` instance, for tests that need more (events, models). */
  readonly provider: OidcProvider
  readonly server: Server
  /** Requests received (bodies are not read), oldest first. */
  readonly requests: RecordedRequest[]
  /** Replaces the redirect URIs of every client. */
  setRedirectUris(uris: readonly string[]): void
  /** Overrides claims of one account. */
  setAccount(username: string, claims: Partial<IdpAccountClaims>): void
  /** The claims of an account (any username exists). */
  claimsFor(username: string): IdpAccountClaims
  /**
   * Follows an authorization URL through the login form as `username` (consent is granted
   * automatically) and returns the authorization response meant for the client's redirect URI,
   * without delivering it. `jar` carries the IdP's cookies.
   * @throws Error when the IdP answers anything but a redirect, the login form or a form_post page.
   */
  login(
    jar: CookieJar,
    authorizationUrl: string | URL,
    username: string,
  ): Promise<AuthorizationResponse>
  /** Like {@link Idp.login}, but the user cancels: the response carries `error=access_denied`. */
  deny(jar: CookieJar, authorizationUrl: string | URL): Promise<AuthorizationResponse>
  /** Makes the next request to `endpoint` fail (default: 500 `server_error`); calls queue up. */
  failNext(endpoint: IdpEndpoint, failure?: EndpointFailure): void
  /** Provider options for the engine, wired to one of the clients (discovery through `issuer`). */
  oidcProvider(method?: TokenEndpointAuthMethod): OIDCConfig<Profile>
  close(): Promise<void>
}

const MAX_HOPS = 20
const SECRET_BYTES = 24
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
 * Starts `oidc-provider` on `127.0.0.1` with a free port; the issuer is `http://127.0.0.1:<port>`.
 *
 * @example
 * const app = await startApp()
 * const idp = await startIdentityProvider({ redirectUris: [`${app.url}/auth/callback/idp`] })
 * const { params } = await idp.login(jar, authorizationUrl, "alice")
 * await idp.close()
 */
export async function startIdentityProvider(options: IdpOptions = {}): Promise<Idp> {
  const Provider = await importOidcProvider()
  let redirectUris: readonly string[] = options.redirectUris ?? []
  const accounts = new Map(Object.entries(options.accounts ?? {}))
  const requests: RecordedRequest[] = []
  const failures = new FailureQueue<IdpEndpoint>()

  const signingKeys = await generateKeyPair("RS256", { extractable: true })
  const signingJwk = {
    ...(await exportJWK(signingKeys.privateKey)),
    kid: "idp-rs256",
    alg: "RS256",
    use: "sig",
  }
  const clientKeys = await generateKeyPair("ES256")
  const clientJwk = {
    ...(await exportJWK(clientKeys.publicKey)),
    kid: "client-es256",
    alg: "ES256",
    use: "sig",
  }

  const clients: IdpClients = {
    client_secret_basic: clientWithSecret("client_secret_basic"),
    client_secret_post: clientWithSecret("client_secret_post"),
    none: { clientId: "client-none", tokenEndpointAuthMethod: "none" },
    private_key_jwt: {
      clientId: "client-private-key-jwt",
      tokenEndpointAuthMethod: "private_key_jwt",
      privateKey: clientKeys.privateKey,
      kid: clientJwk.kid,
      alg: "ES256",
    },
  }

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
        ? { jwks: { keys: [clientJwk] }, token_endpoint_auth_signing_alg: "ES256" }
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
      void handleInteraction(provider, req, res, path).catch((error: unknown) =>
        sendText(res, 500, error instanceof Error ? error.message : String(error)),
      )
      return
    }
    handleProtocol(req, res)
  })
  const issuer = await listen(server)

  provider = new Provider(issuer, {
    adapter: createAdapter(clientMetadata),
    clients: [],
    jwks: { keys: [signingJwk] },
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
    ttl: TTL_SECONDS,
    clientBasedCORS: () => true,
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => claimsFor(sub) }
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = "html"
      ctx.body = `<!DOCTYPE html><title>${escapeHtml(out.error ?? "error")}</title><pre>${escapeHtml(
        JSON.stringify(out),
      )}</pre>`
    },
  })
  // Koa logs unhandled errors to stderr unless silenced; tests read `server_error` events instead.
  Object.assign(provider, { silent: true })
  handleProtocol = provider.callback()
  const ready = provider

  async function followToClient(
    jar: CookieJar,
    authorizationUrl: string | URL,
    submit: { action: "login"; username: string } | { action: "abort" },
  ): Promise<AuthorizationResponse> {
    let url = new URL(authorizationUrl)
    let init: RequestInit = {}
    let submitted = false
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const response = await fetch(url, {
        ...init,
        headers: { ...init.headers, cookie: jar.header() },
        redirect: "manual",
      })
      jar.store(response)
      init = {}
      const location = response.headers.get("location")
      if (isRedirect(response.status) && location) {
        const next = new URL(location, url)
        if (next.origin !== issuer) {
          return { responseMode: "query", url: next, params: next.searchParams }
        }
        url = next
        continue
      }
      const body = await response.text()
      const formPost = parseFormPost(body, url)
      if (response.ok && formPost && formPost.url.origin !== issuer) return formPost
      if (response.ok && url.pathname.startsWith("/interaction/") && !submitted) {
        submitted = true
        const fields = new URLSearchParams(
          submit.action === "login" ? { username: submit.username } : {},
        )
        url = new URL(`${url.pathname.replace(/\/$/, "")}/${submit.action}`, issuer)
        init = {
          method: "POST",
          body: fields.toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }
        continue
      }
      throw new Error(`The identity provider answered ${response.status} at ${url.href}: ${body}`)
    }
    throw new Error(`The identity provider redirected more than ${MAX_HOPS} times.`)
  }

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
      followToClient(jar, authorizationUrl, { action: "login", username }),
    deny: (jar, authorizationUrl) => followToClient(jar, authorizationUrl, { action: "abort" }),
    failNext(endpoint, failure) {
      failures.push(endpoint, failure ?? defaultFailure)
    },
    oidcProvider(method = "client_secret_basic") {
      const client = clients[method]
      return {
        id: "idp",
        name: "Test IdP",
        type: "oidc",
        issuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        client: { token_endpoint_auth_method: method },
        ...(method === "private_key_jwt"
          ? {
              token: {
                clientPrivateKey: {
                  key: clients.private_key_jwt.privateKey,
                  kid: clients.private_key_jwt.kid,
                },
              },
            }
          : {}),
      }
    },
    close: () => closeServer(server),
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

function endpointOf(path: string): IdpEndpoint | undefined {
  if (path === "/.well-known/openid-configuration") return "discovery"
  if (path === "/token") return "token"
  if (path === "/me") return "userinfo"
  return undefined
}

/** Reads the fields of `oidc-provider`'s auto-submitting `response_mode=form_post` page. */
function parseFormPost(html: string, base: URL): AuthorizationResponse | undefined {
  const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(html)
  if (!form?.[1] || !html.includes("document.forms[0].submit()")) return undefined
  const params = new URLSearchParams()
  for (const input of (form[2] ?? "").matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g,
  )) {
    params.append(unescapeHtml(input[1] ?? ""), unescapeHtml(input[2] ?? ""))
  }
  return { responseMode: "form_post", url: new URL(unescapeHtml(form[1]), base), params }
}
