/** Only this many characters of a `Cookie` header are read: bounded work on hostile input. */
export const MAX_COOKIE_HEADER_LENGTH = 64 * 1024

/** Only this many `name=value` pairs of a `Cookie` header are read. */
export const MAX_COOKIE_COUNT = 200

/**
 * Parses a `Cookie` request header into a map from name to value.
 *
 * The first occurrence of a name wins (user agents send the most specific cookie first).
 * Surrounding double quotes are stripped, and values containing `%` are percent-decoded (kept
 * as sent when that fails). The result has no prototype, so a cookie named `__proto__` is just a
 * key. Never throws; reads at most {@link MAX_COOKIE_HEADER_LENGTH} characters and
 * {@link MAX_COOKIE_COUNT} pairs.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.4 The Cookie header
 * @example
 * parseCookieHeader("a=1; b=%7C") // { a: "1", b: "|" }
 */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null)
  if (typeof header !== "string" || header === "") return cookies

  const truncated = header.length > MAX_COOKIE_HEADER_LENGTH
  const text = truncated ? header.slice(0, MAX_COOKIE_HEADER_LENGTH) : header
  const pairs = text.split(";", MAX_COOKIE_COUNT + 1)
  // Drop the pair that the length limit cuts through, rather than reading half a value.
  if (truncated) pairs.pop()

  for (const pair of pairs.slice(0, MAX_COOKIE_COUNT)) {
    const separator = pair.indexOf("=")
    if (separator === -1) continue
    const name = pair.slice(0, separator).trim()
    if (name === "" || Object.hasOwn(cookies, name)) continue
    cookies[name] = decodeValue(unquote(pair.slice(separator + 1).trim()))
  }
  return cookies
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1)
  return value
}

/** A cookie value percent-decoded, or as it is when it does not decode. */
export function decodeValue(value: string): string {
  if (!value.includes("%")) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
