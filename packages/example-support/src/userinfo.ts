/**
 * The server side of the home pages' "Call the provider's userinfo" button: each app's
 * `GET /userinfo` route gets Playground ID's access token with its integration's
 * `getAccessToken` (refreshed when it has expired), then hands the result here, which calls the
 * provider's userinfo endpoint with it and says what to answer.
 *
 * @see https://openid.net/specs/openid-connect-core-1_0.html#UserInfo
 */
import type { UserinfoAnswer, UserinfoErrorCode } from "./userinfo-view.js"

export type { UserinfoAnswer, UserinfoErrorCode } from "./userinfo-view.js"

/** What an integration's `getAccessToken` gives, as far as {@link callUserinfo} reads it. */
export type AccessTokenLike =
  | { readonly accessToken: string; readonly expiresAt: number | undefined }
  | { readonly accessToken?: undefined; readonly code: string }

/** What the route answers: `Response.json(body, { status })`, or the framework's way. */
export interface UserinfoReply {
  status: number
  body: UserinfoAnswer
}

/** The route's status per failure: the user's (401, 404), the provider's (502), ours (5xx). */
const FAILURE_STATUS: Record<UserinfoErrorCode, number> = {
  SessionRequired: 401,
  AccountNotFound: 404,
  InvalidRequest: 400,
  RefreshAccessTokenError: 502,
  UserinfoFailed: 502,
  DatabaseUnavailable: 503,
  Configuration: 500,
}

/** Bytes of the token's SHA-256 shown as its fingerprint: enough to tell two tokens apart. */
const FINGERPRINT_BYTES = 8

/** How long the provider may take to answer. */
const USERINFO_TIMEOUT_MS = 10_000

/** The userinfo endpoint per issuer, discovered once (again after a failure). */
const endpoints = new Map<string, Promise<string>>()

/**
 * Calls the userinfo endpoint of `issuer` with the access token `getAccessToken` gave, or says
 * why there is none. Never throws.
 *
 * @param token the integration's `getAccessToken(…, "playground-id")` result
 * @param issuer the provider's issuer (`AUTH_PLAYGROUND_ID_ISSUER`): its discovery document
 *   names the userinfo endpoint
 * @example
 * export async function GET(): Promise<Response> {
 *   const { status, body } = await callUserinfo(
 *     await getAccessToken("playground-id"),
 *     process.env.AUTH_PLAYGROUND_ID_ISSUER,
 *   )
 *   return Response.json(body, { status })
 * }
 */
export async function callUserinfo(
  token: AccessTokenLike,
  issuer: string | undefined,
): Promise<UserinfoReply> {
  if (token.accessToken === undefined) return failure(knownCode(token.code))
  if (!issuer) return failure("Configuration")
  let response: Response
  try {
    response = await fetch(await userinfoEndpoint(issuer), {
      headers: { authorization: `Bearer ${token.accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
    })
  } catch {
    return failure("UserinfoFailed")
  }
  const claims: unknown = response.ok ? await response.json().catch(() => null) : null
  if (typeof claims !== "object" || claims === null) {
    await response.body?.cancel().catch(() => {})
    return failure("UserinfoFailed", response.status)
  }
  return {
    status: 200,
    body: {
      ok: true,
      claims: claims as Record<string, unknown>,
      expiresAt: token.expiresAt ?? null,
      tokenId: await fingerprint(token.accessToken),
    },
  }
}

function failure(code: UserinfoErrorCode, status?: number): UserinfoReply {
  return {
    status: FAILURE_STATUS[code],
    body: status === undefined ? { ok: false, code } : { ok: false, code, status },
  }
}

function knownCode(code: string): UserinfoErrorCode {
  return Object.hasOwn(FAILURE_STATUS, code) ? (code as UserinfoErrorCode) : "Configuration"
}

/** The issuer's `userinfo_endpoint`, from its discovery document (OpenID Discovery §4). */
function userinfoEndpoint(issuer: string): Promise<string> {
  let endpoint = endpoints.get(issuer)
  if (!endpoint) {
    endpoint = discover(issuer)
    endpoints.set(issuer, endpoint)
    endpoint.catch(() => endpoints.delete(issuer))
  }
  return endpoint
}

async function discover(issuer: string): Promise<string> {
  const url = new URL(
    ".well-known/openid-configuration",
    issuer.endsWith("/") ? issuer : `${issuer}/`,
  )
  const response = await fetch(url, { signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS) })
  const metadata = (await response.json()) as { userinfo_endpoint?: unknown }
  if (!response.ok || typeof metadata.userinfo_endpoint !== "string") {
    throw new Error(`${issuer} names no userinfo endpoint.`)
  }
  return metadata.userinfo_endpoint
}

/** The first bytes of the token's SHA-256, in hex: the page compares it between calls. */
async function fingerprint(accessToken: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(accessToken))
  return [...new Uint8Array(digest, 0, FINGERPRINT_BYTES)]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("")
}
