/**
 * The home page: who is signed in, the session as the app sees it, the user's passkeys, sessions
 * and linked accounts, and the ways to sign in.
 */
import type { Session } from "@auth/core/types"
import { html, type SafeHtml } from "../html.js"
import { layout } from "./layout.js"

/** What the home page shows. */
export interface HomePageProps {
  session: Session | null
  demoUser: { email: string; password: string }
  sessionStrategy: "jwt" | "database"
  /** Where users and sessions are stored, for people: "PGlite in .playground-data/pglite". */
  storage: string
}

/**
 * The signed-in user's passkeys, sessions and linked accounts: rendered empty, filled and driven
 * by `/home.js` (`browser/home.ts`) with the browser client: passkeys listed, added and removed
 * (`browser/passkeys.ts`); sessions listed and signed out, accounts listed and unlinked
 * (`browser/sessions.ts`); Playground ID's userinfo called through `/userinfo`
 * (`browser/userinfo.ts`).
 */
const accountSections = html`<section class="card" aria-labelledby="passkeys-heading" data-passkeys>
<h2 id="passkeys-heading">Passkeys</h2>
<p class="muted">Sign in with your device's screen lock or a security key instead of a password.</p>
<div data-passkeys-list><p>Loading your passkeys…</p></div>
<p role="status" class="muted"></p>
<div class="actions"><button type="button" class="button" data-passkeys-add>Add a passkey</button></div>
<noscript><p>Passkeys need JavaScript.</p></noscript>
</section>
<section class="card" aria-labelledby="sessions-heading" data-sessions>
<h2 id="sessions-heading">Your sessions</h2>
<p class="muted">Where you are signed in. Sign out a device you no longer use or do not recognise.</p>
<div data-list><p>Loading your sessions…</p></div>
<p role="status" class="muted"></p>
<div class="actions"><button type="button" class="button" data-sessions-revoke-others hidden>Sign out everywhere else</button></div>
<noscript><p>Your sessions need JavaScript.</p></noscript>
</section>
<section class="card" aria-labelledby="accounts-heading" data-accounts>
<h2 id="accounts-heading">Linked accounts</h2>
<p class="muted">The providers you have signed in with, besides your password and passkeys.</p>
<div data-list><p>Loading your linked accounts…</p></div>
<p role="status" class="muted"></p>
<noscript><p>Your linked accounts need JavaScript.</p></noscript>
</section>
<section class="card" aria-labelledby="userinfo-heading" data-userinfo>
<h2 id="userinfo-heading">Playground ID userinfo</h2>
<p class="muted">Signed in with Playground ID, the app calls its userinfo endpoint with your
access token, which it refreshes when it expires (<code>getAccessToken</code>).</p>
<div class="actions"><button type="button" class="button" disabled>Call the provider's userinfo</button></div>
<p role="status"></p>
<div data-userinfo-output></div>
<noscript><p>The userinfo button needs JavaScript.</p></noscript>
</section>
<script type="module" src="/home.js"></script>`

/** The home page. */
export function homePage(props: HomePageProps): SafeHtml {
  const { session } = props
  const status = session?.user
    ? html`<section class="card" id="session">
<h1>Signed in as ${session.user.name ?? session.user.email ?? "someone"}</h1>
<p>E-mail: <strong data-testid="session-email">${session.user.email ?? "none"}</strong></p>
<p class="muted">The session expires on ${new Date(session.expires).toUTCString()}.</p>
<pre tabindex="0">${JSON.stringify(session, null, 2)}</pre>
<div class="actions">
<a class="button" href="/protected">Open the protected page</a>
</div>
</section>
${accountSections}`
    : html`<section class="card" id="session">
<h1>You are not signed in</h1>
<p>Pick any of the ways below: everything runs on this machine, nothing to set up.</p>
<div class="actions">
<a class="button" href="/auth/signin">Sign in</a>
<a class="button secondary" href="/protected">Try the protected page</a>
</div>
</section>`
  return layout({
    title: "Home",
    session,
    active: "home",
    body: html`${status}
<section class="card">
<h2>Ways to sign in</h2>
<ul class="methods">
<li><strong>Demo user</strong>: e-mail <code>${props.demoUser.email}</code>, password
<code>${props.demoUser.password}</code>.</li>
<li><strong>Playground ID</strong>: a real OpenID Connect provider started by the playground;
any username signs in.</li>
<li><strong>E-mail link</strong>: enter any address, then open the link from the
<a href="/mailbox">mailbox</a> (a local SMTP server keeps every message).</li>
<li><strong>Passkey</strong>: signed in, add one on this page; then sign in with it alone. Or type a
new e-mail next to "Sign in with Passkey" to sign up with a passkey. Open the playground at
<code>localhost</code>: browsers refuse passkeys on an IP address.</li>
</ul>
</section>
<p class="muted footnote">Sessions: <strong>${props.sessionStrategy}</strong>. Storage: ${props.storage}.
The session as JSON: <a href="/auth/session">/auth/session</a>.</p>`,
  })
}
