import { AuthError } from "../../errors.js"
import type { FrameAncestors } from "../../types.js"

/** Who may frame the built-in pages when the config does not say (`frameAncestors`). */
export const DEFAULT_FRAME_ANCESTORS: FrameAncestors = "self"

/** What `frameAncestors` becomes in each header. */
const FRAMING_HEADERS: Readonly<Record<FrameAncestors, Readonly<Record<string, string>>>> = {
  self: { "X-Frame-Options": "SAMEORIGIN", "Content-Security-Policy": "frame-ancestors 'self'" },
  none: { "X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'" },
}

/**
 * The response headers of every built-in page, for the config's `frameAncestors`.
 *
 * - `Cache-Control: private, no-cache, no-store` (with `Pragma` and `Expires` for old caches):
 *   the sign-in and sign-out pages carry the CSRF token, which no shared or browser cache may
 *   keep and serve to someone else (as for `GET /csrf`).
 * - `X-Frame-Options` and CSP `frame-ancestors`: no other site may frame a page and trick a
 *   click on "Sign out" or a provider button (clickjacking). `"self"` (`SAMEORIGIN`, the
 *   default) still lets the app show the sign-in page in its own modal; `"none"` (`DENY`)
 *   forbids framing altogether. Only `frame-ancestors` is set, so the pages' inline styles and
 *   scripts are unaffected.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9111#section-5.2.2.5 `no-store`
 * @see https://www.rfc-editor.org/rfc/rfc7034 X-Frame-Options
 * @see https://www.w3.org/TR/CSP3/#directive-frame-ancestors
 */
export function pageHeaders(frameAncestors: FrameAncestors): Record<string, string> {
  return {
    "Content-Type": "text/html",
    "Cache-Control": "private, no-cache, no-store",
    Pragma: "no-cache",
    Expires: "0",
    ...FRAMING_HEADERS[frameAncestors],
  }
}

/**
 * The config's `frameAncestors`, or the configuration error of a value that is neither
 * `"self"` nor `"none"` (`"SAMEORIGIN"`, `"DENY"`: the header's words, not the option's). The
 * pages then use `"none"`, the stricter one, while the error is reported.
 */
export function resolveFrameAncestors(option: unknown): {
  frameAncestors: FrameAncestors
  error: AuthError | undefined
} {
  if (option === undefined) return { frameAncestors: DEFAULT_FRAME_ANCESTORS, error: undefined }
  if (option === "self" || option === "none") return { frameAncestors: option, error: undefined }
  return {
    frameAncestors: "none",
    error: new AuthError(
      `frameAncestors must be "self" (the built-in pages may be framed by the app's own pages) or "none" (by no page); it is ${JSON.stringify(option)}.`,
    ),
  }
}
