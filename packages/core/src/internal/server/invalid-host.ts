/**
 * What an integration gives for a request whose `Host` no URL can have (some frameworks put such
 * a request on `localhost`, so only the integration can tell): the routes answer `400`, a server
 * helper says `InvalidRequest`, and no session, token or account is looked up.
 */
import type { AppliedAccessTokenResult } from "../../types/access-tokens.js"
import { rejectionResponse } from "../http/rejections.js"

/**
 * `{ code: "InvalidRequest", error }` for a request whose `Host` header is no valid host; the
 * error says how to fix it.
 */
export function invalidHostAccessToken(): AppliedAccessTokenResult {
  return {
    code: "InvalidRequest",
    error: new TypeError(
      "The request's Host header is not a valid host; set AUTH_URL to the app's URL.",
    ),
  }
}

/**
 * The answer of the auth routes to such a request, as core answers a request it cannot handle:
 * `400` with the JSON string `"Bad request."` (RFC 9112 asks for a `400` on an invalid `Host`).
 */
export function invalidHostResponse(): Response {
  return rejectionResponse(400)
}

/** The result of a server helper (`listSessions`, `revokeSession`, …) for such a request. */
export const INVALID_HOST_RESULT = Object.freeze({ error: "InvalidRequest", status: 400 } as const)
