/** The frame of every playground page: header with navigation and who is signed in, one card. */
import type { Session } from "@auth/core/types"
import { html, SafeHtml } from "../html.js"

/** What every page passes to {@link layout}. */
export interface LayoutProps {
  title: string
  session: Session | null
  /** The navigation entry to highlight, if any. */
  active?: "home" | "protected" | "mailbox"
  body: SafeHtml
}

/** The brand color: the app's buttons and the built-in pages' (`theme.brandColor`) alike. */
export const BRAND_COLOR = "#4f46e5"

/**
 * One theme with core's built-in pages (`@auth/core`'s page stylesheet), light and dark: the
 * same background, card, text and border colors, and the same buttons. The main buttons are
 * the brand color with white text in both schemes (6.3:1), as the built-in pages show
 * `theme.brandColor`; the others are the built-in pages' neutral buttons. Links on the dark
 * card take a lighter shade of the brand (the brand itself would be 2.6:1 there).
 */
const STYLES = `
:root { color-scheme: light dark; --brand: ${BRAND_COLOR}; --on-brand: #fff; --link: ${BRAND_COLOR};
  --bg: #f3f4f6; --card: #fff; --text: #111827; --muted: #4b5563; --border: #d1d5db;
  --control-border: #6b7280; --button-bg: #fff; --focus: #1d4ed8; --code: #f9fafb; }
@media (prefers-color-scheme: dark) { :root { --link: #a5b4fc; --bg: #0d1117; --card: #161b22;
  --text: #f0f6fc; --muted: #9da7b3; --border: #30363d; --control-border: #8b949e;
  --button-bg: #21262d; --focus: #79c0ff; --code: #0d1117; } }
* { box-sizing: border-box; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.5 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
/* Wraps on narrow screens (375 px phones): brand, navigation and who is signed in take their own lines. */
header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 24px; padding: 14px 24px;
  background: var(--card); border-bottom: 1px solid var(--border); }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 700; color: inherit;
  text-decoration: none; }
nav { display: flex; flex-wrap: wrap; gap: 4px; flex: 1 1 auto; }
nav a { color: var(--muted); text-decoration: none; padding: 6px 10px; border-radius: 6px; }
nav a[aria-current="page"] { color: var(--text); background: var(--bg); font-weight: 600; }
.who { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px; color: var(--muted);
  font-size: 0.9rem; overflow-wrap: anywhere; }
.who a { color: var(--link); font-weight: 600; }
main { max-width: 760px; margin: 32px auto; padding: 0 16px; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 12px;
  padding: 24px 28px; margin-bottom: 20px; }
h1 { font-size: 1.5rem; margin: 0 0 12px; }
h2 { font-size: 1.1rem; margin: 0 0 12px; }
p { margin: 0 0 12px; }
a { color: var(--link); }
.button { display: inline-block; padding: 8px 16px; border-radius: 8px; background: var(--brand);
  color: var(--on-brand); font: inherit; font-weight: 600; text-decoration: none;
  border: 1px solid transparent; cursor: pointer; }
.button.secondary { background: var(--button-bg); color: var(--text);
  border-color: var(--control-border); }
.actions { display: flex; gap: 10px; flex-wrap: wrap; margin-top: 16px; }
pre { background: var(--code); border: 1px solid var(--border); border-radius: 8px; padding: 12px;
  overflow: auto; font-size: 0.85rem; }
code { font-size: 0.9em; }
ul.methods { padding-left: 20px; margin: 0; }
ul.methods li { margin-bottom: 8px; }
.muted { color: var(--muted); font-size: 0.9rem; }
/* Long values (the data folder's path) wrap instead of widening the page on a phone. */
.footnote { overflow-wrap: anywhere; }
.message { border-top: 1px solid var(--border); padding: 16px 0; }
.message:first-of-type { border-top: 0; padding-top: 0; }
.message h2 { margin-bottom: 4px; }
.message code { overflow-wrap: anywhere; }
ul.list { list-style: none; padding: 0; margin: 0; }
ul.list li { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
  gap: 8px 16px; padding: 12px 0; border-top: 1px solid var(--border); }
ul.list li:first-child { border-top: 0; }
ul.list p { margin: 0; overflow-wrap: anywhere; }
.button:disabled { opacity: 0.6; cursor: progress; }
@media (max-width: 480px) { header { padding: 12px 16px; } .card { padding: 20px 16px; } }
`

/** The constant stylesheet, as markup: it has no `<`, so it cannot close its element. */
const STYLESHEET = new SafeHtml(STYLES)

/** The logo, an SVG also served at `/logo.svg` for the built-in pages' theme. */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
<rect width="32" height="32" rx="8" fill="${BRAND_COLOR}"/>
<path d="M16 7a5 5 0 0 0-5 5v3h-1a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1v-3a5 5 0 0 0-5-5zm-3 5a3 3 0 0 1 6 0v3h-6z" fill="#fff"/>
</svg>`

/** A whole page. */
export function layout(props: LayoutProps): SafeHtml {
  const link = (name: NonNullable<LayoutProps["active"]>, href: string, label: string) =>
    html`<a href="${href}"${props.active === name ? html` aria-current="page"` : ""}>${label}</a>`
  const user = props.session?.user
  return html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${props.title} · Auth playground</title>
<link rel="icon" href="/logo.svg">
<style>${STYLESHEET}</style></head>
<body>
<header>
<a class="brand" href="/"><img src="/logo.svg" alt="" width="28" height="28">Auth playground</a>
<nav>${link("home", "/", "Home")}${link("protected", "/protected", "Protected page")}${link("mailbox", "/mailbox", "Mailbox")}</nav>
<div class="who">${user ? html`<span>Signed in as <strong>${user.email ?? user.name ?? "?"}</strong></span> <a href="/auth/signout">Sign out</a>` : "Not signed in"}</div>
</header>
<main>
${props.body}
</main>
</body></html>`
}
