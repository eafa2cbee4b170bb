/**
 * The identity provider's own pages: the login form a person sees after choosing "Sign in with
 * <name>" in an app, and the error page. Plain HTML with inline styles (the pages are served with
 * a CSP that allows nothing else), light and dark.
 */
import { escapeHtml } from "./html.js"

/** What the login form shows. */
export interface LoginPageProps {
  /** The interaction id; the forms post to `/interaction/<uid>/login` and `.../abort`. */
  uid: string
  /** The identity provider's name, e.g. "Playground ID". */
  name: string
  clientId: string
  /** Where the user goes back to; its origin is shown as the app's name. */
  redirectUri?: string
}

const STYLES = `
:root { color-scheme: light dark; --accent: #0f766e; --bg: #f1f5f9; --card: #fff; --text: #0f172a;
  --muted: #64748b; --border: #cbd5e1; }
@media (prefers-color-scheme: dark) { :root { --accent: #2dd4bf; --bg: #0f172a; --card: #1e293b;
  --text: #e2e8f0; --muted: #94a3b8; --border: #334155; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg);
  color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(380px, calc(100vw - 32px)); background: var(--card); border-radius: 12px;
  border: 1px solid var(--border); padding: 32px; box-shadow: 0 10px 30px rgb(15 23 42 / 0.12); }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 1.1rem; }
.mark { width: 28px; height: 28px; border-radius: 8px; background: var(--accent); color: var(--card);
  display: grid; place-items: center; font-size: 0.9rem; }
h1 { font-size: 1.4rem; margin: 24px 0 4px; }
p { margin: 0 0 16px; color: var(--muted); font-size: 0.95rem; }
label { display: block; font-weight: 600; font-size: 0.9rem; margin-bottom: 6px; }
input { width: 100%; padding: 10px 12px; font: inherit; color: inherit; background: transparent;
  border: 1px solid var(--border); border-radius: 8px; }
input:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
.hint { font-size: 0.85rem; margin: 6px 0 20px; }
button { width: 100%; padding: 10px 12px; font: inherit; font-weight: 600; border-radius: 8px;
  cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: var(--card); }
button.secondary { background: transparent; color: var(--muted); border-color: var(--border);
  margin-top: 10px; }
code { font-size: 0.85em; }
`

/** The login form: any username signs in as that account. */
export function loginPage(props: LoginPageProps): string {
  const base = `/interaction/${encodeURIComponent(props.uid)}`
  const app = appName(props)
  return page(
    `Sign in · ${props.name}`,
    `<div class="brand"><span class="mark" aria-hidden="true">ID</span><span>${escapeHtml(props.name)}</span></div>
<h1>Sign in</h1>
<p>to continue to <strong>${escapeHtml(app)}</strong></p>
<form method="post" action="${base}/login">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" autofocus required
 pattern="[A-Za-z0-9._\\-]+" title="Letters, digits, dots, dashes and underscores">
<p class="hint">Any name works, no password needed: <code>ada</code> signs in as
<code>ada@example.test</code>.</p>
<button type="submit">Continue</button>
</form>
<form method="post" action="${base}/abort"><button type="submit" class="secondary">Cancel</button></form>`,
  )
}

/** The error page, with the error fields as `oidc-provider` gives them. */
export function errorPage(name: string, fields: Record<string, string>): string {
  const rows = Object.entries(fields)
    .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
    .join("\n")
  return page(
    fields.error ?? "error",
    `<div class="brand"><span class="mark" aria-hidden="true">ID</span><span>${escapeHtml(name)}</span></div>
<h1>Something went wrong</h1>
${rows}`,
  )
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLES}</style></head>
<body><main>
${body}
</main></body></html>`
}

function appName(props: LoginPageProps): string {
  if (!props.redirectUri) return props.clientId
  try {
    return new URL(props.redirectUri).origin
  } catch {
    return props.clientId
  }
}
