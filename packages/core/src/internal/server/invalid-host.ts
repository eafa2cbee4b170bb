/**
 * What an integration's `getAccessToken` gives for a request whose `Host` no URL can have: the
 * integration's routes answer such a request `400 InvalidRequest`, so no token is looked up.
 */
import type { AppliedAccessTokenResult } from "../../types/access-tokens.js"

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
