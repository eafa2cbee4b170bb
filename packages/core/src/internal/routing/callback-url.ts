/**
 * The default `redirect` callback: a URL on the same origin as `baseUrl` (absolute, or a path)
 * is allowed; anything else (another origin, `//host`, `/\host`, `javascript:`, `data:`, a
 * look-alike host) falls back to `baseUrl`. Parsing is the WHATWG URL parser's, the same one a
 * browser uses to follow the redirect, so the check and the navigation cannot disagree.
 */
export function sameOriginRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  const base = safeParse(baseUrl)
  if (!base) return baseUrl
  const target = typeof url === "string" ? safeParse(url, base) : undefined
  if (!target || target.origin !== base.origin) return baseUrl
  return target.href
}

function safeParse(value: string, base?: URL): URL | undefined {
  try {
    return new URL(value, base)
  } catch {
    return undefined
  }
}

/** Characters that must never reach a `Location` header. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const HEADER_UNSAFE = /[\u0000-\u001f\u007f]/

/**
 * Makes a redirect target safe to put in a `Location` header: an absolute http(s) URL without
 * control characters. Anything else (from a custom `redirect` callback, say) becomes `fallback`.
 */
export function toSafeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || HEADER_UNSAFE.test(target)) return fallback
  const parsed = safeParse(target)
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    return target.startsWith("/") && !target.startsWith("//") ? target : fallback
  }
  return parsed.href
}
