/**
 * A tiny GitHub-like OAuth 2 authorization server for tests of userinfo-based (`type: "oauth"`)
 * flows: no ID token, a numeric user `id`, and an `/user/emails` list. It listens on
 * `127.0.0.1:0`, logs the user in automatically and serves both `/user` and `/api/v3/user`, so the
 * built-in GitHub provider can point at it through `enterprise.baseUrl`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1 Authorization code grant
 * @see https://www.rfc-editor.org/rfc/rfc7636 PKCE
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import {
  type AuthorizationResponse,
  closeServer,
  type EndpointFailure,
  FailureQueue,
  isRedirect,
  type ListenOptions,
  listen,
  type RecordedRequest,
  readBody,
  recordRequest,
  redirect,
  sendFailure,
  sendJson,
  sendText,
} from "./http.js"

/** A user as the GitHub-like `/user` endpoint returns it. */
export interface OAuth2User {
  id: number
  login: string
  name: string | null
  email: string | null
  avatar_url: string
}

/** An entry of the GitHub-like `/user/emails` list. */
export interface OAuth2UserEmail {
  email: string
  primary: boolean
  verified: boolean
  visibility: "public" | "private" | null
}

/** Options of {@link startOAuth2Server}. */
export interface OAuth2ServerOptions extends ListenOptions {
  /** Registered redirect URIs of the client; see also {@link OAuth2Server.setRedirectUris}. */
  redirectUris?: readonly string[]
  /** Per-login overrides of the `/user` response. */
  users?: Record<string, Partial<Omit<OAuth2User, "login">>>
  /** Per-login `/user/emails` lists; by default one primary, verified `<login>@example.test`. */
  emails?: Record<string, OAuth2UserEmail[]>
  /**
   * The user signed in when the authorization request has no `login` parameter.
   * @default "octocat"
   */
  defaultLogin?: string
  /**
   * Rejects token requests without a PKCE `code_verifier`.
   * @default false
   */
  requirePkce?: boolean
}

/** The endpoints whose next answer can be made to fail. */
export type OAuth2Endpoint = "authorize" | "token" | "userinfo"

/** A running {@link startOAuth2Server} instance. */
export interface OAuth2Server {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string
  readonly clientId: string
  readonly clientSecret: string
  /** `<url>/login/oauth/authorize` */
  readonly authorizationEndpoint: string
  /** `<url>/login/oauth/access_token` */
  readonly tokenEndpoint: string
  /** `<url>/user` (also served at `<url>/api/v3/user`). */
  readonly userinfoEndpoint: string
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[]
  readonly server: Server
  setRedirectUris(uris: readonly string[]): void
  /** The `/user` response for that login. */
  userFor(login: string): OAuth2User
  /** Makes the next request to `endpoint` fail; calls queue up. */
  failNext(endpoint: OAuth2Endpoint, failure?: EndpointFailure): void
  /** Requests the authorization URL and returns the redirect to the client, without following it. */
  authorize(authorizationUrl: string | URL): Promise<AuthorizationResponse>
  close(): Promise<void>
}

interface IssuedCode {
  login: string
  clientId: string
  redirectUri: string
  scope: string
  codeChallenge?: string
  used: boolean
}

const CODE_BYTES = 16

/**
 * Starts the GitHub-like OAuth 2 server on `127.0.0.1` with a free port.
 *
 * @example
 * const server = await startOAuth2Server({ redirectUris: [`${app}/auth/callback/github`] })
 * const provider = GitHub({ clientId: server.clientId, clientSecret: server.clientSecret,
 *   enterprise: { baseUrl: server.url } })
 */
export async function startOAuth2Server(options: OAuth2ServerOptions = {}): Promise<OAuth2Server> {
  const clientId = "oauth2-client"
  const clientSecret = "oauth2-secret"
  const defaultLogin = options.defaultLogin ?? "octocat"
  let redirectUris: readonly string[] = options.redirectUris ?? []
  const requests: RecordedRequest[] = []
  const failures = new FailureQueue<OAuth2Endpoint>()
  const codes = new Map<string, IssuedCode>()
  const accessTokens = new Map<string, string>()
  const userIds = new Map<string, number>()

  function userFor(login: string): OAuth2User {
    let id = userIds.get(login)
    if (id === undefined) {
      id = 1000 + userIds.size
      userIds.set(login, id)
    }
    return {
      id,
      login,
      name: capitalize(login),
      email: `${login}@example.test`,
      avatar_url: `https://avatars.example.test/u/${id}`,
      ...options.users?.[login],
    }
  }

  function emailsFor(login: string): OAuth2UserEmail[] {
    return (
      options.emails?.[login] ?? [
        { email: `${login}@example.test`, primary: true, verified: true, visibility: "private" },
      ]
    )
  }

  function authorize(url: URL, res: ServerResponse) {
    const params = url.searchParams
    const redirectUri = params.get("redirect_uri") ?? redirectUris[0]
    if (params.get("client_id") !== clientId) return sendText(res, 400, "Unknown client_id.")
    if (!redirectUri || !redirectUris.includes(redirectUri)) {
      return sendText(res, 400, `redirect_uri is not registered: ${redirectUri}`)
    }
    const back = new URL(redirectUri)
    const state = params.get("state")
    if (state !== null) back.searchParams.set("state", state)
    const failure = failures.take("authorize")
    const method = params.get("code_challenge_method")
    const codeChallenge = params.get("code_challenge") ?? undefined
    if (failure || params.get("response_type") !== "code" || (codeChallenge && method !== "S256")) {
      const error =
        failure && "error" in failure
          ? failure
          : { error: failure ? "server_error" : "invalid_request" }
      back.searchParams.set("error", error.error)
      if ("error_description" in error && error.error_description) {
        back.searchParams.set("error_description", error.error_description)
      }
      return redirect(res, back)
    }
    const code = randomBytes(CODE_BYTES).toString("base64url")
    codes.set(code, {
      login: params.get("login") || defaultLogin,
      clientId,
      redirectUri,
      scope: params.get("scope") ?? "",
      codeChallenge,
      used: false,
    })
    back.searchParams.set("code", code)
    redirect(res, back)
  }

  function token(req: IncomingMessage, body: string, res: ServerResponse) {
    if (req.method !== "POST") return sendJson(res, 405, { error: "invalid_request" })
    const failure = failures.take("token")
    if (failure) return sendFailure(res, failure)
    const params = new URLSearchParams(body)
    const client = clientCredentials(req.headers.authorization, params)
    if (client.id !== clientId || !safeEqual(client.secret ?? "", clientSecret)) {
      return sendJson(res, 401, { error: "invalid_client" })
    }
    if (params.get("grant_type") !== "authorization_code") {
      return sendJson(res, 400, { error: "unsupported_grant_type" })
    }
    const code = codes.get(params.get("code") ?? "")
    if (!code || code.used) {
      return sendJson(res, 400, {
        error: "invalid_grant",
        error_description: code ? "The code was already used." : "Unknown code.",
      })
    }
    // RFC 6749 10.5: a code is single-use, even when the exchange below fails.
    code.used = true
    if (params.get("redirect_uri") !== code.redirectUri) {
      return sendJson(res, 400, { error: "invalid_grant", error_description: "redirect_uri" })
    }
    const verifier = params.get("code_verifier")
    if (code.codeChallenge || verifier || options.requirePkce) {
      if (!verifier || !code.codeChallenge || s256(verifier) !== code.codeChallenge) {
        return sendJson(res, 400, { error: "invalid_grant", error_description: "PKCE failed." })
      }
    }
    const accessToken = randomBytes(CODE_BYTES).toString("base64url")
    accessTokens.set(accessToken, code.login)
    sendJson(res, 200, { access_token: accessToken, token_type: "bearer", scope: code.scope })
  }

  function userinfo(req: IncomingMessage, path: string, res: ServerResponse) {
    const failure = failures.take("userinfo")
    if (failure) return sendFailure(res, failure)
    const [scheme, credentials] = (req.headers.authorization ?? "").split(" ")
    const login = credentials ? accessTokens.get(credentials) : undefined
    if (!login || !/^(bearer|token)$/i.test(scheme ?? "")) {
      return sendJson(res, 401, { message: "Bad credentials" })
    }
    sendJson(res, 200, path.endsWith("/emails") ? emailsFor(login) : userFor(login))
  }

  const server = createServer((req, res) => {
    void readBody(req)
      .then((body) => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1")
        requests.push(recordRequest(req, body))
        const path = url.pathname.replace(/^\/api\/v3(?=\/)/, "")
        if (path === "/login/oauth/authorize") return authorize(url, res)
        if (path === "/login/oauth/access_token") return token(req, body, res)
        if (path === "/user" || path === "/user/emails") return userinfo(req, path, res)
        sendJson(res, 404, { message: "Not Found" })
      })
      .catch((error: unknown) => sendText(res, 500, String(error)))
  })
  const url = await listen(server, options)

  return {
    url,
    clientId,
    clientSecret,
    authorizationEndpoint: `${url}/login/oauth/authorize`,
    tokenEndpoint: `${url}/login/oauth/access_token`,
    userinfoEndpoint: `${url}/user`,
    requests,
    server,
    setRedirectUris(uris) {
      redirectUris = [...uris]
    },
    userFor,
    failNext(endpoint, failure) {
      failures.push(endpoint, failure ?? defaultFailure(endpoint))
    },
    async authorize(authorizationUrl) {
      const response = await fetch(authorizationUrl, { redirect: "manual" })
      const location = response.headers.get("location")
      if (!isRedirect(response.status) || !location) {
        throw new Error(`Expected a redirect, got ${response.status}: ${await response.text()}`)
      }
      const redirectUrl = new URL(location, authorizationUrl)
      return { responseMode: "query", url: redirectUrl, params: redirectUrl.searchParams }
    },
    close: () => closeServer(server),
  }
}

function defaultFailure(endpoint: string): EndpointFailure {
  return endpoint === "authorize"
    ? { error: "access_denied", error_description: "The user denied the request." }
    : { error: "server_error", error_description: "Failure induced by the test.", status: 500 }
}

function clientCredentials(
  authorization: string | undefined,
  params: URLSearchParams,
): { id: string | null; secret: string | null } {
  if (authorization?.startsWith("Basic ")) {
    const decoded = Buffer.from(authorization.slice("Basic ".length), "base64").toString("utf8")
    const colon = decoded.indexOf(":")
    // RFC 6749 2.3.1: id and secret are form-encoded before being joined.
    const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, "%20"))
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) }
  }
  return { id: params.get("client_id"), secret: params.get("client_secret") }
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url")
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}
