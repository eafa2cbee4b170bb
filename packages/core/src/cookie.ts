/**
 * `Set-Cookie` header values read back: for integrations that hand core's cookies to a
 * framework's own cookie API, replay them on a request (`applySetCookies`), or check which
 * cookie a response already sets. No crypto, no config: it adds a few hundred bytes to any bundle.
 *
 * @example
 * import { isCookieDeletion, parseSetCookie } from "@auth/core/cookie"
 *
 * for (const header of response.headers.getSetCookie()) {
 *   const cookie = parseSetCookie(header)
 *   if (cookie && !isCookieDeletion(cookie)) console.log(cookie.name, cookie.value)
 * }
 *
 * @module cookie
 */
export { applySetCookies } from "./internal/cookies/apply-set-cookies.js"
export {
  isCookieDeletion,
  type ParsedSetCookie,
  parseSetCookie,
} from "./internal/cookies/parse-set-cookie.js"
