/**
 * The default `redirect` callback, Auth.js's rule on the WHATWG URL parser (the one a browser
 * uses to follow the redirect, so the check and the navigation cannot disagree): a path on the
 * origin (`/dashboard`) is joined to `baseUrl`, an absolute URL on the same origin is kept, both
 * exactly as given (apps compare these strings); anything else falls back to `baseUrl`: another
 * origin, a path that leaves the origin (`//host`, `/\host`), `javascript:`, `data:`, a
 * look-alike host, and strings that are no URL at all (Auth.js throws for those: a 500).
 */
export function sameOriginRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  const base = safeParse(baseUrl)
  if (!base || typeof url !== "string") return baseUrl
  if (url.startsWith("/")) {
    return safeParse(url, base)?.origin === base.origin ? `${baseUrl}${url}` : baseUrl
  }
  return safeParse(url)?.origin === base.origin ? url : baseUrl
}

function safeParse(value: string, base?: URL): URL | undefined {
  return URL.canParse(value, base) ? new URL(value, base) : undefined
}

/** Characters that must never reach a `Location` header. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const HEADER_UNSAFE = /[\u0000-\u001f\u007f]/

/** Schemes that run code instead of navigating; a client following `{ url }` would run them. */
const SCRIPT_SCHEMES: ReadonlySet<string> = new Set(["javascript:", "data:", "vbscript:"])

/** Runs of characters a header value cannot carry as they are: beyond ASCII, lone surrogates. */
const NOT_ASCII = /[\u0080-\uffff]+/g

/**
 * Makes a redirect target (the `redirect` callback's result) safe for a `Location` header,
 * keeping it as given wherever possible. An absolute URL is kept whatever its origin and scheme
 * (`myapp://signed-in` deep links included), but not a scripting one (`javascript:`, `data:`,
 * `vbscript:`). A relative target gets the same parser: it must stay on `origin` as a browser
 * resolves it (`/\evil.example` does not). Characters beyond ASCII are percent-encoded as UTF-8,
 * as a browser would (lone surrogates as U+FFFD). Anything else (not a string, control
 * characters, a target that does not parse) becomes `origin`.
 */
export function toSafeRedirect(target: unknown, origin: string): string {
  if (typeof target !== "string" || target.trim() === "" || HEADER_UNSAFE.test(target)) {
    return origin
  }
  const absolute = safeParse(target)
  if (absolute) return SCRIPT_SCHEMES.has(absolute.protocol) ? origin : toHeaderValue(target)
  const base = safeParse(origin)
  if (!base || safeParse(target, base)?.origin !== base.origin) return origin
  return toHeaderValue(target)
}

function toHeaderValue(target: string): string {
  return target.replace(NOT_ASCII, (run) => {
    let encoded = ""
    for (const byte of new TextEncoder().encode(run)) {
      encoded += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`
    }
    return encoded
  })
}
