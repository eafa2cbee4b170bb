/**
 * Validation for the few values the pages place in CSS or in an `<img src>`.
 *
 * Preact escapes every attribute and text node, so markup cannot break out. What escaping does not
 * cover is meaning: a `brandColor` of `red;} body{display:none` is harmless HTML but hostile CSS,
 * and a logo of `javascript:…` is a well-formed attribute. These functions accept only values that
 * cannot be anything but a color or an image, and return `undefined` for the rest.
 */

/** Longest color string accepted; real colors are far shorter. */
const MAX_COLOR_LENGTH = 64

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
/** `rgb()`, `rgba()`, `hsl()`, `hsla()` with 3 or 4 numeric components (comma or space syntax). */
const FUNCTIONAL_COLOR =
  /^(?:rgba?|hsla?)\(\s*(?:[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:%|deg|rad|grad|turn)?\s*[,/]?\s*){3,4}\)$/i
/** A named color such as `red`, `rebeccapurple` or `transparent`. */
const KEYWORD_COLOR = /^[a-z]{3,32}$/i

/**
 * Returns `value` if it is a hex color, an `rgb()`/`hsl()` color or a plain keyword, else `undefined`.
 *
 * @see https://www.w3.org/TR/css-color-4/#typedef-color
 */
export function safeCssColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined
  const color = value.trim()
  if (color.length === 0 || color.length > MAX_COLOR_LENGTH) return undefined
  if (HEX_COLOR.test(color) || FUNCTIONAL_COLOR.test(color) || KEYWORD_COLOR.test(color)) {
    return color
  }
  return undefined
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects
const UNSAFE_PATH_CHARS = /[\u0000-\u001f\\]/
const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+[;,]/i

/**
 * Returns `value` if it is an `http:`/`https:` URL or a root-relative path (`/mailbox`), else
 * `undefined`: what a link or an image of the pages may point to.
 *
 * Protocol-relative (`//host`) and backslash paths are refused: browsers resolve them to other hosts.
 */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined
  const url = value.trim()
  if (url.length === 0) return undefined
  if (url.startsWith("/")) {
    // Browsers drop tabs/newlines and read `\` as `/`, so `/\t/host` would become `//host`.
    return url.startsWith("//") || UNSAFE_PATH_CHARS.test(url) ? undefined : url
  }
  try {
    const { protocol } = new URL(url)
    return protocol === "https:" || protocol === "http:" ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * Returns `value` if it is an `http:`/`https:` URL, a root-relative path (`/logo.svg`) or a
 * `data:image/…` URL, else `undefined`.
 */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value === "string" && IMAGE_DATA_URL.test(value.trim())) return value.trim()
  return safeHttpUrl(value)
}
