/**
 * The stylesheet inlined in every built-in page.
 *
 * Plain CSS with no `<`, so it cannot close its `<style>` element; it holds no user data (theme
 * values are set as custom properties by the document shell). Colors are custom properties set per color scheme on the
 * `__next-auth-theme-<scheme>` body class; `auto` follows `prefers-color-scheme`. Text/background
 * pairs meet WCAG AA (4.5:1) in both schemes. The theme's `--brand-color` and `--button-text-color`
 * are set on `<body>` by the document shell.
 */
/** The dark color scheme, used by `dark` and by `auto` when the system prefers dark. */
const DARK_THEME = `
  color-scheme: dark;
  --color-background: #0d1117;
  --color-card: #161b22;
  --color-text: #f0f6fc;
  --color-muted: #9da7b3;
  --color-control-border: #8b949e;
  --color-control-bg: #0d1117;
  --color-button-bg: #21262d;
  --color-separator: #30363d;
  --color-info: #1f6feb;
  --color-info-hover: #1a5fd0;
  --color-focus: #79c0ff;
`

export const PAGE_CSS = `
:root {
  --radius: 0.5rem;
  --color-error: #b91c1c;
  --color-on-accent: #fff;
}
.__next-auth-theme-auto,
.__next-auth-theme-light {
  color-scheme: light;
  --color-background: #f3f4f6;
  --color-card: #fff;
  --color-text: #111827;
  --color-muted: #4b5563;
  --color-control-border: #6b7280;
  --color-control-bg: #fff;
  --color-button-bg: #fff;
  --color-separator: #d1d5db;
  --color-info: #2563eb;
  --color-info-hover: #1d4ed8;
  --color-focus: #1d4ed8;
}
.__next-auth-theme-dark {${DARK_THEME}}
@media (prefers-color-scheme: dark) {
  .__next-auth-theme-auto {${DARK_THEME}}
}
*,
*::before,
*::after {
  box-sizing: border-box;
  margin: 0;
  padding: 0;
}
body {
  background-color: var(--color-background);
  color: var(--color-text);
  font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue",
    Arial, "Noto Sans", sans-serif;
  font-size: 1rem;
  line-height: 1.5;
}
.page {
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 1rem 0;
}
.page > div {
  text-align: center;
}
.card {
  background-color: var(--color-card);
  border: 1px solid var(--color-separator);
  border-radius: 1rem;
  padding: 1.5rem 2rem;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.08);
}
@media screen and (min-width: 450px) {
  .card {
    width: 368px;
    margin: 2rem 0;
  }
}
@media screen and (max-width: 449.98px) {
  .card {
    width: 343px;
    margin: 1rem 0;
    padding: 1.25rem 1.5rem;
  }
}
.logo {
  display: inline-block;
  max-width: 150px;
  max-height: 70px;
  margin: 0 0 1.25rem;
}
h1 {
  margin-bottom: 1rem;
  font-size: 1.5rem;
  font-weight: 600;
}
p {
  margin-bottom: 1rem;
}
label,
.section-header {
  display: block;
  margin-bottom: 0.25rem;
  font-weight: 500;
  text-align: left;
  color: var(--color-text);
}
input[type] {
  display: block;
  width: 100%;
  margin-bottom: 0.75rem;
  padding: 0.625rem 0.875rem;
  font: inherit;
  color: var(--color-text);
  background-color: var(--color-control-bg);
  border: 1px solid var(--color-control-border);
  border-radius: var(--radius);
}
input[type]::placeholder {
  color: var(--color-muted);
  font-style: italic;
  opacity: 1;
}
button,
a.button {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  width: 100%;
  min-height: 2.75rem;
  padding: 0.625rem 1rem;
  font: inherit;
  font-weight: 500;
  text-decoration: none;
  color: var(--color-text);
  background-color: var(--color-button-bg);
  border: 1px solid var(--color-control-border);
  border-radius: var(--radius);
  cursor: pointer;
}
button.button {
  border-left: 0.375rem solid var(--provider-brand-color, var(--color-control-border));
}
button:hover,
a.button:hover {
  background-color: color-mix(
    in srgb,
    var(--provider-brand-color, var(--color-muted)) 14%,
    var(--color-button-bg)
  );
}
button img {
  flex: none;
}
#submitButton,
button[id^="submitButton-"] {
  color: var(--button-text-color, var(--color-on-accent));
  background-color: var(--brand-color, var(--color-info));
  border-color: transparent;
}
#submitButton:hover,
button[id^="submitButton-"]:hover {
  background-color: color-mix(in srgb, var(--brand-color, var(--color-info)) 85%, #000);
}
:focus-visible {
  outline: 3px solid var(--color-focus);
  outline-offset: 2px;
}
input[type]:focus-visible {
  outline-offset: 0;
  border-color: var(--color-focus);
}
a.site {
  color: var(--color-text);
  text-decoration: underline;
  text-underline-offset: 0.2em;
}
.signout form + a.button {
  margin-top: 0.75rem;
}
.signin .provider + .provider {
  margin-top: 0.75rem;
}
.signin hr {
  margin: 1.5rem 0 1.25rem;
  border: 0;
  border-top: 1px solid var(--color-separator);
  overflow: visible;
  text-align: center;
}
.signin hr::before {
  content: "or";
  position: relative;
  top: -0.8rem;
  padding: 0 0.5rem;
  color: var(--color-muted);
  background-color: var(--color-card);
}
.signin .error {
  margin-bottom: 1.25rem;
  padding: 0.625rem 1rem;
  text-align: left;
  font-weight: 500;
  color: var(--color-on-accent);
  background-color: var(--color-error);
  border-radius: var(--radius);
}
.signin .error p {
  margin: 0;
}
.error .message {
  margin-bottom: 1.25rem;
}
@media (prefers-reduced-motion: no-preference) {
  button,
  a.button {
    transition: background-color 150ms ease-in-out;
  }
}
`
