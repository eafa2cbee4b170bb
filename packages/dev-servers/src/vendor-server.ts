/**
 * A local stand-in for third-party OAuth 2 / OpenID Connect vendors (GitHub, Spotify, WeChat,
 * …): one loopback server that plays the vendor a {@link VendorFixture} describes, at the
 * vendor's own URLs. Clients reach it through {@link VendorServer.fetch}, which sends every
 * non-loopback request here and keeps the URL the client meant, so providers keep their real
 * endpoints (`https://api.vendor.test/v1/me`) and tests can assert them.
 *
 * It checks what a vendor checks (client id and secret where the vendor wants them, registered
 * redirect URI, single-use codes, PKCE) and answers in the vendor's documented shapes,
 * non-standard ones included.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1 Authorization code grant
 * @see https://openid.net/specs/openid-connect-discovery-1_0.html
 */
import { createHash, randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { escapeHtml, unescapeHtml } from "./html.js"
import {
  type AuthorizationResponse,
  closeServer,
  type EndpointFailure,
  FailureQueue,
  isRedirect,
  type ListenOptions,
  listen,
  readBody,
  redirect,
  sendFailure,
  sendJson,
  sendText,
} from "./http.js"
import type {
  TokenRequestFields,
  VendorFixture,
  VendorRequest,
  VendorResource,
} from "./vendor-fixture.js"
import { createSigningKey, signJwt } from "./vendor-jwt.js"
import {
  authorizationUrlOf,
  clientCredentials,
  discoveryUrlOf,
  issuerPath,
  routeKey,
  tokenUrlOf,
} from "./vendor-routes.js"

/** The endpoints whose next answer can be made to fail. */
export type VendorEndpoint = "authorize" | "token" | "resource"

/** A request the mimic received, with the vendor URL the client meant. */
export interface VendorRecordedRequest {
  method: string
  /** The vendor URL, e.g. `https://api.vendor.test/v1/me?fields=id`. */
  url: string
  headers: Record<string, string>
  body: string
}

/** A running vendor mimic. */
export interface VendorServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  readonly clientId: string
  readonly clientSecret: string
  /** Every request received, oldest first. */
  readonly requests: VendorRecordedRequest[]
  /** A `fetch` that sends every request for a non-loopback URL to this server. */
  readonly fetch: typeof fetch
  /** Plays another vendor from now on; codes and tokens of the previous one are forgotten. */
  use(fixture: VendorFixture): void
  setRedirectUris(uris: readonly string[]): void
  /** Makes the next request to `endpoint` fail (default: 500 `server_error`); calls queue up. */
  failNext(endpoint: VendorEndpoint, failure?: EndpointFailure): void
  /** Requests an authorization URL (a vendor URL) and returns the answer meant for the client. */
  authorize(authorizationUrl: string | URL): Promise<AuthorizationResponse>
  close(): Promise<void>
}

interface IssuedCode {
  redirectUri: string
  codeChallenge: string | undefined
  nonce: string | undefined
  scope: string
  used: boolean
}

const RANDOM_BYTES = 16
const ID_TOKEN_LIFETIME_SECONDS = 600
const ORIGIN_HEADER = "x-vendor-origin"

/**
 * Starts the mimic on `127.0.0.1` and a free port.
 *
 * @example
 * const vendor = await startVendorServer()
 * vendor.use({ authorization: "https://vendor.test/oauth/authorize", token: …, resources: [ … ] })
 * const provider = Vendor({ clientId: vendor.clientId, clientSecret: vendor.clientSecret,
 *   [customFetch]: vendor.fetch })
 */
export async function startVendorServer(options: ListenOptions = {}): Promise<VendorServer> {
  const clientId = "vendor-client"
  const clientSecret = `vendor-secret-${randomBytes(RANDOM_BYTES).toString("hex")}`
  const key = createSigningKey()
  const requests: VendorRecordedRequest[] = []
  const failures = new FailureQueue<VendorEndpoint>()
  let fixture: VendorFixture = {}
  let redirectUris: readonly string[] = []
  let codes = new Map<string, IssuedCode>()
  let tokens = new Set<string>()

  function authorize(request: VendorRequest, res: ServerResponse) {
    const params = request.url.searchParams
    const redirectUri = params.get("redirect_uri") ?? ""
    if (params.get(fixture.clientIdParam ?? "client_id") !== clientId) {
      return sendText(res, 400, "Unknown client.")
    }
    if (!redirectUris.includes(redirectUri)) {
      return sendText(res, 400, `redirect_uri is not registered: ${redirectUri}`)
    }
    const back = new URLSearchParams()
    const failure = failures.take("authorize")
    const responseType = params.get("response_type")
    if (failure || responseType !== (fixture.responseType ?? "code")) {
      const error = failure && "error" in failure ? failure : { error: "unsupported_response_type" }
      back.set("error", error.error)
      if (error.error_description) back.set("error_description", error.error_description)
    } else {
      const code = randomBytes(RANDOM_BYTES).toString("base64url")
      codes.set(code, {
        redirectUri,
        codeChallenge: params.get("code_challenge") ?? undefined,
        nonce: params.get("nonce") ?? undefined,
        scope: params.get("scope") ?? "",
        used: false,
      })
      back.set("code", code)
    }
    const state = params.get("state")
    if (state !== null) back.set("state", state)
    if (params.get("response_mode") === "form_post") return sendFormPost(res, redirectUri, back)
    const location = new URL(redirectUri)
    for (const [name, value] of back) location.searchParams.set(name, value)
    redirect(res, location)
  }

  function token(request: VendorRequest, res: ServerResponse) {
    if (request.method !== (fixture.tokenMethod ?? "POST")) {
      return sendJson(res, 405, { error: "invalid_request", error_description: "method" })
    }
    const failure = failures.take("token")
    if (failure) return sendFailure(res, failure)
    const fields = fixture.readTokenRequest?.(request) ?? standardTokenRequest(request)
    const refusal = refuseTokenRequest(request, fields)
    if (refusal) return sendJson(res, refusal.status, refusal.body)
    const grant = codes.get(fields.code ?? "") as IssuedCode
    const accessToken = randomBytes(RANDOM_BYTES).toString("base64url")
    tokens.add(accessToken)
    const idToken = fixture.oidc ? idTokenFor(grant.nonce) : undefined
    const body = fixture.tokenResponse?.({
      accessToken,
      scope: grant.scope,
      nonce: grant.nonce,
      idToken,
    }) ?? {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: 3600,
      scope: grant.scope,
      ...(idToken ? { id_token: idToken } : {}),
    }
    sendJson(res, 200, body)
  }

  function standardTokenRequest(request: VendorRequest): TokenRequestFields {
    const { form } = request
    const basic = clientCredentials(request.headers.authorization)
    return {
      code: form.get("code"),
      grantType: form.get("grant_type"),
      redirectUri: form.get("redirect_uri"),
      codeVerifier: form.get("code_verifier"),
      clientId: basic?.id ?? form.get("client_id"),
      clientSecret: basic?.secret ?? form.get("client_secret"),
    }
  }

  function refuseTokenRequest(
    request: VendorRequest,
    fields: TokenRequestFields,
  ): { status: number; body: Record<string, string> } | undefined {
    const invalid = (error: string, error_description: string, status = 400) => ({
      status,
      body: { error, error_description },
    })
    const auth = fixture.readTokenRequest ? "custom" : (fixture.clientAuth ?? "any")
    const usedBasic = request.headers.authorization?.startsWith("Basic ") === true
    if (auth === "client_secret_basic" && !usedBasic) {
      return invalid("invalid_client", "client_secret_basic required", 401)
    }
    if (auth === "client_secret_post" && (usedBasic || !request.form.has("client_secret"))) {
      return invalid("invalid_client", "client_secret_post required", 401)
    }
    if (fields.clientId != null && fields.clientId !== clientId) {
      return invalid("invalid_client", "unknown client", 401)
    }
    if (auth !== "none" && fields.clientSecret !== clientSecret) {
      return invalid("invalid_client", "wrong client secret", 401)
    }
    if (!fixture.readTokenRequest && fields.grantType !== "authorization_code") {
      return invalid("unsupported_grant_type", String(fields.grantType))
    }
    const grant = codes.get(fields.code ?? "")
    if (!grant || grant.used) return invalid("invalid_grant", "unknown or used code")
    grant.used = true
    if (fields.redirectUri != null && fields.redirectUri !== grant.redirectUri) {
      return invalid("invalid_grant", "redirect_uri")
    }
    const verifier = fields.codeVerifier ?? undefined
    if (grant.codeChallenge !== undefined || verifier !== undefined) {
      const hashed = verifier && createHash("sha256").update(verifier).digest("base64url")
      if (hashed !== grant.codeChallenge) return invalid("invalid_grant", "PKCE failed")
    }
    return undefined
  }

  function idTokenFor(nonce: string | undefined): string {
    const oidc = fixture.oidc!
    const now = Math.floor(Date.now() / 1000)
    const claims = {
      iss: oidc.issuer,
      aud: clientId,
      iat: now,
      exp: now + ID_TOKEN_LIFETIME_SECONDS,
      ...(nonce ? { nonce } : {}),
      ...oidc.claims,
    }
    return signJwt(claims, oidc.idTokenAlg ?? "RS256", key, clientSecret)
  }

  function discovery(res: ServerResponse) {
    const oidc = fixture.oidc!
    const base = issuerPath(oidc.issuer)
    sendJson(res, 200, {
      issuer: oidc.issuer,
      authorization_endpoint: fixture.authorization ?? `${base}/authorize`,
      token_endpoint: fixture.token ?? `${base}/token`,
      userinfo_endpoint: `${base}/userinfo`,
      jwks_uri: `${base}/jwks`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: [oidc.idTokenAlg ?? "RS256"],
      ...oidc.metadata,
    })
  }

  function oidcUserinfo(request: VendorRequest, res: ServerResponse) {
    const failure = failures.take("resource")
    if (failure) return sendFailure(res, failure)
    if (!tokens.has(bearerToken(request) ?? ""))
      return sendJson(res, 401, { error: "invalid_token" })
    const oidc = fixture.oidc!
    const userinfo = oidc.userinfo ?? oidc.claims
    if (oidc.userinfoFormat !== "jwt") return sendJson(res, 200, userinfo)
    const jwt = signJwt({ iss: oidc.issuer, aud: clientId, ...userinfo }, "RS256", key, "")
    res.writeHead(200, { "content-type": "application/jwt" })
    res.end(jwt)
  }

  function resource(found: VendorResource, request: VendorRequest, res: ServerResponse) {
    const failure = failures.take("resource")
    if (failure) return sendFailure(res, failure)
    const where = found.token ?? "header"
    const accessToken =
      where === "header"
        ? bearerToken(request)
        : where === "path"
          ? decodeURIComponent(request.url.pathname.split("/").pop() ?? "")
          : where === "none"
            ? undefined
            : request.url.searchParams.get(where.query)
    if (where !== "none" && !tokens.has(accessToken ?? "")) {
      return sendJson(res, 401, { error: "invalid_token" })
    }
    const body = typeof found.body === "function" ? found.body(request) : found.body
    if (typeof body === "string") {
      res.writeHead(found.status ?? 200, {
        "content-type": found.contentType ?? "application/json",
      })
      res.end(body)
      return
    }
    sendJson(res, found.status ?? 200, body)
  }

  function route(request: VendorRequest, res: ServerResponse) {
    const path = routeKey(request.url)
    if (path === routeKey(authorizationUrlOf(fixture))) return authorize(request, res)
    if (path === routeKey(tokenUrlOf(fixture))) return token(request, res)
    const { oidc } = fixture
    if (oidc && path === routeKey(discoveryUrlOf(oidc.issuer))) return discovery(res)
    if (oidc && path === routeKey(`${issuerPath(oidc.issuer)}/jwks`)) {
      return sendJson(res, 200, key.jwks)
    }
    if (oidc && path === routeKey(`${issuerPath(oidc.issuer)}/userinfo`)) {
      return oidcUserinfo(request, res)
    }
    const found = fixture.resources?.find((candidate) => matches(candidate, request))
    if (found) return resource(found, request, res)
    sendJson(res, 404, { error: "not_found", url: request.url.href })
  }

  const server = createServer((req, res) => {
    void readBody(req)
      .then((body) => {
        const request = vendorRequest(req, body)
        requests.push({
          method: request.method,
          url: request.url.href,
          headers: request.headers,
          body,
        })
        route(request, res)
      })
      .catch((error: unknown) => sendText(res, 500, String(error)))
  })
  const url = await listen(server, options)

  const routedFetch: typeof fetch = async (input, init) => {
    const original = new Request(input, init)
    const target = new URL(original.url)
    if (target.hostname === "127.0.0.1" || target.hostname === "localhost") return fetch(original)
    const headers = new Headers(original.headers)
    headers.set(ORIGIN_HEADER, target.origin)
    const body = original.body ? await original.arrayBuffer() : undefined
    return fetch(new URL(`${target.pathname}${target.search}`, url), {
      method: original.method,
      headers,
      body,
      redirect: "manual",
    })
  }

  return {
    url,
    clientId,
    clientSecret,
    requests,
    fetch: routedFetch,
    use(next) {
      fixture = next
      codes = new Map()
      tokens = new Set()
    },
    setRedirectUris(uris) {
      redirectUris = [...uris]
    },
    failNext(endpoint, failure) {
      failures.push(
        endpoint,
        failure ??
          (endpoint === "authorize"
            ? { error: "access_denied", error_description: "The user denied the request." }
            : {
                error: "server_error",
                error_description: "Failure induced by the test.",
                status: 500,
              }),
      )
    },
    async authorize(authorizationUrl) {
      const response = await routedFetch(authorizationUrl, { redirect: "manual" })
      const location = response.headers.get("location")
      if (isRedirect(response.status) && location) {
        const next = new URL(location)
        return { responseMode: "query", url: next, params: next.searchParams }
      }
      const formPost = parseFormPost(await response.text())
      if (response.ok && formPost) return formPost
      throw new Error(`The vendor answered ${response.status} at ${String(authorizationUrl)}`)
    },
    close: () => closeServer(server),
  }
}

function vendorRequest(req: IncomingMessage, body: string): VendorRequest {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value
  }
  const origin = headers[ORIGIN_HEADER] ?? "http://127.0.0.1"
  const isForm = (headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")
  return {
    method: req.method ?? "GET",
    url: new URL(req.url ?? "/", origin),
    headers,
    body,
    form: new URLSearchParams(isForm ? body : ""),
  }
}

function bearerToken(request: VendorRequest): string | undefined {
  const [, credentials] = (request.headers.authorization ?? "").split(" ")
  return credentials
}

function matches(resource: VendorResource, request: VendorRequest): boolean {
  if ((resource.method ?? "GET") !== request.method) return false
  const key = routeKey(request.url)
  const base = routeKey(resource.url)
  if (resource.token === "path")
    return key.startsWith(`${base}/`) && !key.slice(base.length + 1).includes("/")
  return key === base
}

/** Answers with an auto-submitting form that posts `params` to the client, as `form_post` does. */
function sendFormPost(res: ServerResponse, action: string, params: URLSearchParams): void {
  const inputs = [...params]
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}"/>`,
    )
    .join("")
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
  res.end(
    `<!DOCTYPE html><html><body><form method="post" action="${escapeHtml(action)}">${inputs}</form><script>document.forms[0].submit()</script></body></html>`,
  )
}

function parseFormPost(html: string): AuthorizationResponse | undefined {
  const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(html)
  if (!form?.[1]) return undefined
  const params = new URLSearchParams()
  for (const input of (form[2] ?? "").matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g,
  )) {
    params.append(unescapeHtml(input[1] ?? ""), unescapeHtml(input[2] ?? ""))
  }
  return { responseMode: "form_post", url: new URL(unescapeHtml(form[1])), params }
}
