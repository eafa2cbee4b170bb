/**
 * The second line of CSRF defence, behind the double-submit token: what the browser says about
 * where a state-changing POST comes from (`Sec-Fetch-Site`, `Origin`). A page that planted the
 * CSRF cookie (over plain http, or from a sibling subdomain) knows the token, but cannot make a
 * browser claim its post comes from this origin.
 *
 * Absent headers (older browsers, non-browser clients) leave the decision to the token.
 *
 * @see https://www.w3.org/TR/fetch-metadata/#sec-fetch-site-header
 * @see https://www.rfc-editor.org/rfc/rfc6454#section-7 The HTTP Origin header
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html#fetch-metadata-headers
 */

/** `Sec-Fetch-Site` values of a request this origin's own pages (or the user) started. */
const FIRST_PARTY_SITES: ReadonlySet<string> = new Set(["same-origin", "none"])

/**
 * Why the browser's own headers say a request does not come from `origin`, or `undefined` when
 * they agree with it or say nothing.
 *
 * - `Sec-Fetch-Site: same-origin` or `none` passes (a forbidden header: pages cannot forge it,
 *   and it stays right behind a proxy that rewrites the request URL);
 * - otherwise an `Origin` header must equal `origin` (`null`, an opaque origin, never does);
 * - otherwise `Sec-Fetch-Site: same-site` or `cross-site` fails.
 *
 * @param origin the request's effective origin, `scheme://host[:port]`
 * @example
 * crossSiteReason(new Headers({ origin: "https://evil.example" }), "https://app.example")
 * // "Origin https://evil.example is not https://app.example"
 */
export function crossSiteReason(headers: Headers, origin: string): string | undefined {
  const site = headers.get("sec-fetch-site")?.trim().toLowerCase()
  if (site !== undefined && FIRST_PARTY_SITES.has(site)) return undefined
  const sender = headers.get("origin")?.trim()
  if (sender !== undefined && sender !== "") {
    return sender.toLowerCase() === origin.toLowerCase()
      ? undefined
      : `Origin ${sender.slice(0, 200)} is not ${origin}`
  }
  if (site !== undefined) return `Sec-Fetch-Site is ${site.slice(0, 20)}`
  return undefined
}
