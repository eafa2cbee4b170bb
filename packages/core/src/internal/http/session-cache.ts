/** What {@link sessionCacheHeaders} reads of a response's headers: a `Headers`, or h3's proxy. */
export interface ResponseHeaderReader {
  get(name: string): string | null
}

/** `Cache-Control` for a response that carries a session cookie and said nothing private. */
const PRIVATE_NO_STORE = "private, no-store"

/**
 * Headers that tell one CDN how to cache and win over `Cache-Control` there (RFC 9213's
 * `CDN-Cache-Control`, the CDN-specific ones, the Edge Architecture's `Surrogate-Control`).
 */
const CDN_CACHE_HEADERS = [
  "CDN-Cache-Control",
  "Cloudflare-CDN-Cache-Control",
  "Netlify-CDN-Cache-Control",
  "Vercel-CDN-Cache-Control",
  "Surrogate-Control",
] as const

/**
 * The headers to set on a response an integration did not build when it adds a session cookie to
 * it (the sliding re-issue, or the deletion of a cookie that no longer decodes), so that no shared
 * cache stores it and hands the cookie, or the signed-in page, to someone else:
 *
 * - `Cache-Control: private, no-store`, unless it already has `no-store` or `private` (unqualified:
 *   `private="Set-Cookie"` lets a shared cache store the rest);
 * - `Vary: Cookie` (added to its list) when a `private` `Cache-Control` without `no-store` stays,
 *   so the browser's cache keeps one answer per session;
 * - `no-store` for any CDN-targeted cache header it carries (`CDN-Cache-Control`,
 *   `Vercel-CDN-Cache-Control`, `Surrogate-Control`, …), which CDNs read instead of
 *   `Cache-Control`.
 *
 * Set each pair with `headers.set(name, value)`; none when the response is already private.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9111#section-5.2.2.5 `no-store`
 * @see https://www.rfc-editor.org/rfc/rfc9111#section-5.2.2.7 `private`
 * @see https://www.rfc-editor.org/rfc/rfc9213 targeted cache-control fields
 * @example
 * for (const value of setCookieHeaders(cookies)) response.headers.append("Set-Cookie", value)
 * for (const [name, value] of sessionCacheHeaders(response.headers)) response.headers.set(name, value)
 */
export function sessionCacheHeaders(headers: ResponseHeaderReader): [string, string][] {
  const set: [string, string][] = []
  const directives = cacheDirectives(headers.get("Cache-Control"))
  if (!directives.has("no-store")) {
    if (!directives.has("private")) set.push(["Cache-Control", PRIVATE_NO_STORE])
    else {
      const vary = withCookie(headers.get("Vary"))
      if (vary !== undefined) set.push(["Vary", vary])
    }
  }
  for (const name of CDN_CACHE_HEADERS) {
    const value = headers.get(name)
    if (value !== null && !cacheDirectives(value).has("no-store")) set.push([name, "no-store"])
  }
  return set
}

/**
 * The directive names of a `Cache-Control` value, lower-cased. A qualified `private="…"` is left
 * out: it keeps only the fields it names from shared caches.
 */
function cacheDirectives(value: string | null): Set<string> {
  const names = new Set<string>()
  for (const part of (value ?? "").split(",")) {
    const [name = "", argument] = part.split("=", 2).map((piece) => piece.trim())
    if (name === "") continue
    const lower = name.toLowerCase()
    if (lower !== "private" || argument === undefined) names.add(lower)
  }
  return names
}

/** `Vary` with `Cookie` in its list, or `undefined` when it is there already (or is `*`). */
function withCookie(vary: string | null): string | undefined {
  const fields = (vary ?? "")
    .split(",")
    .map((field) => field.trim())
    .filter((field) => field !== "")
  if (fields.some((field) => field === "*" || field.toLowerCase() === "cookie")) return undefined
  return [...fields, "Cookie"].join(", ")
}
