import { isCookieDeletion, parseSetCookie } from "./parse-set-cookie.js"

/**
 * The `Cookie` header a request carries after a response's `Set-Cookie` headers: each cookie
 * set is replaced (or added), each deleted one removed, the others kept byte for byte. For
 * integrations that hand the cookies an auth route just set on to the rest of the same request.
 *
 * @example
 * applySetCookies("theme=dark; a=1", ["a=2; Path=/", "b=; Max-Age=0"]) // "theme=dark; a=2"
 */
export function applySetCookies(
  cookieHeader: string | null | undefined,
  setCookie: readonly string[],
): string {
  const pairs = (cookieHeader ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair !== "")
  const cookies = setCookie
    .map((header) => parseSetCookie(header))
    .filter((cookie) => cookie !== null)
  const changed = new Set(cookies.map((cookie) => cookie.name))
  const kept = pairs.filter((pair) => !changed.has(nameOf(pair)))
  const added = cookies
    .filter((cookie) => !isCookieDeletion(cookie))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
  return [...kept, ...added].join("; ")
}

function nameOf(pair: string): string {
  const equals = pair.indexOf("=")
  return (equals === -1 ? pair : pair.slice(0, equals)).trim()
}
