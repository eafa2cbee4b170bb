/**
 * The response headers of every built-in page.
 *
 * - `Cache-Control: private, no-cache, no-store` (with `Pragma` and `Expires` for old caches):
 *   the sign-in and sign-out pages carry the CSRF token, which no shared or browser cache may
 *   keep and serve to someone else (as for `GET /csrf`).
 * - `X-Frame-Options: DENY` and CSP `frame-ancestors 'none'`: no other site may frame a page and
 *   trick a click on "Sign out" or a provider button (clickjacking). Only `frame-ancestors` is
 *   set, so the pages' inline styles and scripts are unaffected.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9111#section-5.2.2.5 `no-store`
 * @see https://www.rfc-editor.org/rfc/rfc7034 X-Frame-Options
 * @see https://www.w3.org/TR/CSP3/#directive-frame-ancestors
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Content-Type": "text/html",
  "Cache-Control": "private, no-cache, no-store",
  Pragma: "no-cache",
  Expires: "0",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
})
