import type { JSX } from "preact"
import { renderToString } from "preact-render-to-string"
import type { Theme } from "../../types/theme.js"
import { safeCssColor, safeImageUrl } from "./sanitize.js"
import { PAGE_CSS } from "./styles.js"

/** A rendered page: the HTTP status, the full HTML document and its title. */
export interface RenderedPage {
  status: number
  html: string
  title: string
}

type ColorScheme = NonNullable<Theme["colorScheme"]>

const COLOR_SCHEMES: readonly ColorScheme[] = ["auto", "dark", "light"]

function resolveColorScheme(theme: Theme | undefined): ColorScheme {
  const scheme = theme?.colorScheme
  return scheme !== undefined && COLOR_SCHEMES.includes(scheme) ? scheme : "auto"
}

/**
 * The theme's colors as CSS custom properties on `<body>`, each validated by `safeCssColor`.
 * A style attribute (escaped by Preact) replaces Auth.js's `<style>:root{…}</style>`, which
 * interpolated the raw value into CSS.
 */
function themeVariables(theme: Theme | undefined): Record<string, string> {
  const variables: Record<string, string> = {}
  const brandColor = safeCssColor(theme?.brandColor)
  const buttonText = safeCssColor(theme?.buttonText)
  if (brandColor) variables["--brand-color"] = brandColor
  if (buttonText) variables["--button-text-color"] = buttonText
  return variables
}

/** The theme logo at the top of a card, or nothing when it is unset or not a safe image URL. */
export function ThemeLogo({ theme }: { theme: Theme | undefined }): JSX.Element | null {
  const src = safeImageUrl(theme?.logo)
  return src ? <img src={src} alt="Logo" class="logo" /> : null
}

/**
 * Renders `page` inside the HTML document shared by all built-in pages.
 *
 * Everything but the constant stylesheet goes through Preact's escaping of text and attributes;
 * theme values reach CSS only as validated custom properties in a `style` attribute.
 */
export function renderDocument(options: {
  status: number
  title: string
  theme: Theme | undefined
  page: JSX.Element
}): RenderedPage {
  const { status, title, theme, page } = options
  const tree = (
    <html lang="en">
      <head>
        <meta charset="UTF-8" />
        <meta http-equiv="X-UA-Compatible" content="IE=edge" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <title>{title}</title>
        {/* A constant of this module, never user data. As a text child, Preact would escape its quotes. */}
        <style dangerouslySetInnerHTML={{ __html: PAGE_CSS }} />
      </head>
      <body class={`__next-auth-theme-${resolveColorScheme(theme)}`} style={themeVariables(theme)}>
        {/* `main` (Auth.js: `div`) is the page's landmark; the class stays for custom styles. */}
        <main class="page">{page}</main>
      </body>
    </html>
  )
  return { status, title, html: `<!DOCTYPE html>${renderToString(tree)}` }
}
