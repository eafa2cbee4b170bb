/**
 * The built-in sign-in e-mail, the same message Auth.js sends, with every interpolated value
 * escaped and the theme colors checked before they reach a `style` attribute.
 */
import type { Theme } from "../../types/theme.js"

/** Button background when the theme has no valid `brandColor`. */
const DEFAULT_BRAND_COLOR = "#346df1"

/** Button text color when the theme has no valid `buttonText`. */
const DEFAULT_BUTTON_TEXT_COLOR = "#fff"

/**
 * CSS colors accepted from the theme: hex, `rgb()`/`rgba()`, `hsl()`/`hsla()` and named colors.
 * None of them can hold `;`, `}`, quotes or `<`, so a theme cannot add CSS or markup.
 *
 * @see https://www.w3.org/TR/css-color-4/#typedef-color
 */
const CSS_COLOR = [
  /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i,
  /^rgba?\(\s*[\d.]+%?(?:\s*[,\s]\s*[\d.]+%?){2}(?:\s*[,/]\s*[\d.]+%?)?\s*\)$/i,
  /^hsla?\(\s*-?[\d.]+(?:deg|grad|rad|turn)?(?:\s*[,\s]\s*[\d.]+%?){2}(?:\s*[,/]\s*[\d.]+%?)?\s*\)$/i,
  /^[a-z]{3,20}$/i,
]

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}

/** What {@link verificationEmail} needs. */
export interface VerificationEmailOptions {
  /** The magic link; must be an `http:` or `https:` URL. */
  url: string
  /** The host shown to the reader, normally `new URL(url).host`. */
  host: string
  /** The config's theme; only `brandColor` and `buttonText` are used. */
  theme?: Theme | undefined
}

/** The parts of the sign-in e-mail. */
export interface VerificationEmail {
  subject: string
  html: string
  text: string
}

/**
 * Escapes the five characters with a meaning in HTML text and quoted attribute values.
 *
 * @see https://html.spec.whatwg.org/multipage/named-characters.html
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/**
 * Returns `color` when it is a plain CSS color, and `fallback` otherwise.
 *
 * @param color a theme color, possibly missing or hostile (`red;}` is refused)
 * @param fallback the color used instead
 */
export function safeCssColor(color: string | undefined, fallback: string): string {
  const trimmed = color?.trim()
  return trimmed && CSS_COLOR.some((pattern) => pattern.test(trimmed)) ? trimmed : fallback
}

/**
 * Builds the sign-in e-mail: subject `Sign in to <host>`, a text body with the link, and an
 * HTML body with a "Sign in" button in the theme's brand color. The recipient's address is
 * deliberately left out.
 *
 * @throws {TypeError} when `url` is not an `http:` or `https:` URL
 * @see https://authjs.dev/getting-started/authentication/email
 * @example
 * const { subject, text, html } = verificationEmail({ url, host: new URL(url).host, theme })
 */
export function verificationEmail(options: VerificationEmailOptions): VerificationEmail {
  const { url, host, theme } = options
  assertHttpUrl(url)
  // A subject is a header: a line break in it would start a new header.
  const plainHost = host.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")
  return {
    subject: `Sign in to ${plainHost}`,
    text: `Sign in to ${plainHost}\n${url}\n\n`,
    html: renderHtml({
      url: escapeHtml(url),
      // The zero-width space keeps mail clients (Outlook, Apple Mail) from turning the host
      // into a link of its own, which readers would take for the sign-in link.
      host: escapeHtml(plainHost).replace(/\./g, "&#8203;."),
      brandColor: escapeHtml(safeCssColor(theme?.brandColor, DEFAULT_BRAND_COLOR)),
      buttonText: escapeHtml(safeCssColor(theme?.buttonText, DEFAULT_BUTTON_TEXT_COLOR)),
    }),
  }
}

function assertHttpUrl(url: string): void {
  const protocol = URL.canParse(url) ? new URL(url).protocol : undefined
  if (protocol !== "http:" && protocol !== "https:") {
    throw new TypeError("The sign-in link of the e-mail must be an absolute http(s) URL.")
  }
}

/** Every value must already be HTML-escaped. */
function renderHtml(escaped: {
  url: string
  host: string
  brandColor: string
  buttonText: string
}): string {
  const { url, host, brandColor, buttonText } = escaped
  const background = "#f9f9f9"
  const text = "#444"
  const mainBackground = "#fff"
  return `
<body style="background: ${background};">
  <table width="100%" border="0" cellspacing="20" cellpadding="0"
    style="background: ${mainBackground}; max-width: 600px; margin: auto; border-radius: 10px;">
    <tr>
      <td align="center"
        style="padding: 10px 0px; font-size: 22px; font-family: Helvetica, Arial, sans-serif; color: ${text};">
        Sign in to <strong>${host}</strong>
      </td>
    </tr>
    <tr>
      <td align="center" style="padding: 20px 0;">
        <table border="0" cellspacing="0" cellpadding="0">
          <tr>
            <td align="center" style="border-radius: 5px;" bgcolor="${brandColor}"><a href="${url}"
                target="_blank"
                style="font-size: 18px; font-family: Helvetica, Arial, sans-serif; color: ${buttonText}; text-decoration: none; border-radius: 5px; padding: 10px 20px; border: 1px solid ${brandColor}; display: inline-block; font-weight: bold;">Sign
                in</a></td>
          </tr>
        </table>
      </td>
    </tr>
    <tr>
      <td align="center"
        style="padding: 0px 0px 10px 0px; font-size: 16px; line-height: 22px; font-family: Helvetica, Arial, sans-serif; color: ${text};">
        If you did not request this email you can safely ignore it.
      </td>
    </tr>
  </table>
</body>
`
}
