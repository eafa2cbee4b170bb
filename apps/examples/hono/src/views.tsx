/** The pages, in Hono's JSX: the layout with who is signed in, the home page, the mailbox. */

import type { MailboxMessage } from "@auth/example-support"
import { DEMO_USER } from "@auth/example-support/demo-user"
import type { Session } from "@auth/hono"
import { html } from "hono/html"
import type { Child } from "hono/jsx"

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; line-height: 1.5 }
  header { display: flex; justify-content: space-between; align-items: center; border-bottom: 1px solid #d4d4d8 }
  nav, .actions { display: flex; gap: 1rem }
  [data-passkeys] li, [data-sessions] li, [data-accounts] li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; margin-bottom: 0.5rem }
`

/** Every page: the navigation, and who the server says is signed in. */
export function Layout(props: { title: string; session: Session | null; children: Child }) {
  const { session } = props
  return (
    <>
      {html`<!doctype html>`}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width" />
          <title>{`${props.title} · Hono + Auth.js`}</title>
          <style>{STYLE}</style>
        </head>
        <body>
          <header>
            <nav>
              <a href="/">Home</a>
              <a href="/protected">Protected</a>
              <a href="/mailbox">Mailbox</a>
            </nav>
            {session?.user ? (
              <p>
                Signed in as <strong>{session.user.email}</strong>{" "}
                <a href="/api/auth/signout">Sign out</a>
              </p>
            ) : (
              <p>
                Not signed in <a href="/api/auth/signin?callbackUrl=%2F">Sign in</a>
              </p>
            )}
          </header>
          <main>{props.children}</main>
        </body>
      </html>
    </>
  )
}

/**
 * The session as the server read it, as the browser client sees it (`/static/client.js` fills
 * in the second section), and both ways to sign in and out: plain forms that post to the auth
 * routes with the CSRF token (no JavaScript), and buttons for the browser client.
 */
export function HomePage(props: { session: Session | null; csrfToken: string }) {
  const { session, csrfToken } = props
  return (
    <Layout title="Home" session={session}>
      {session?.user ? (
        <>
          <h1>Signed in as {session.user.name}</h1>
          <p>
            E-mail: <span data-testid="session-email">{session.user.email}</span>
          </p>
          <PasskeysSection />
          <SessionsSection />
          <AccountsSection />
          <UserinfoSection />
        </>
      ) : (
        <>
          <h1>You are not signed in</h1>
          <p>
            Sign in as the demo user, with Playground ID, or with an e-mail link (see the mailbox).
          </p>
        </>
      )}
      <section data-client-session={JSON.stringify(session)}>
        <h2>In the browser</h2>
        <p>
          Status: <span data-testid="client-session-status">loading</span>
        </p>
        <p>
          E-mail: <span data-testid="client-session-email" />
        </p>
      </section>
      <section class="actions">
        {session ? (
          <>
            <form method="post" action="/api/auth/signout">
              <input type="hidden" name="csrfToken" value={csrfToken} />
              <input type="hidden" name="callbackUrl" value="/" />
              <button type="submit">Sign out on the server</button>
            </form>
            <button type="button" data-sign-out>
              Sign out in the browser
            </button>
          </>
        ) : (
          <>
            <form method="post" action="/api/auth/callback/credentials">
              <input type="hidden" name="csrfToken" value={csrfToken} />
              <input type="hidden" name="callbackUrl" value="/" />
              <input type="hidden" name="email" value={DEMO_USER.email} />
              <input type="hidden" name="password" value={DEMO_USER.password} />
              <button type="submit">Sign in on the server</button>
            </form>
            <button type="button" data-sign-in>
              Sign in in the browser
            </button>
          </>
        )}
      </section>
      <script type="module" src="/static/client.js" />
    </Layout>
  )
}

/**
 * The signed-in user's passkeys: rendered empty; `/static/client.js` (src/passkeys.ts) lists
 * them and adds and removes them with the WebAuthn client.
 */
function PasskeysSection() {
  return (
    <section aria-labelledby="passkeys-heading" data-passkeys>
      <h2 id="passkeys-heading">Passkeys</h2>
      <div data-passkeys-list>
        <p>Loading your passkeys…</p>
      </div>
      <p role="status" />
      <button type="button" data-passkeys-add>
        Add a passkey
      </button>
    </section>
  )
}

/**
 * The signed-in user's sessions: rendered empty; `/static/client.js` (src/sessions.ts) lists
 * them, this one marked "This device", and signs the others out with the browser client.
 */
function SessionsSection() {
  return (
    <section aria-labelledby="sessions-heading" data-sessions>
      <h2 id="sessions-heading">Your sessions</h2>
      <p>Where you are signed in. Sign out a device you no longer use or do not recognise.</p>
      <div data-list>
        <p>Loading your sessions…</p>
      </div>
      <p role="status" />
      <button type="button" data-sessions-revoke-others hidden>
        Sign out everywhere else
      </button>
    </section>
  )
}

/**
 * The signed-in user's linked accounts: rendered empty; `/static/client.js` (src/sessions.ts)
 * lists them and unlinks them with the browser client.
 */
function AccountsSection() {
  return (
    <section aria-labelledby="accounts-heading" data-accounts>
      <h2 id="accounts-heading">Linked accounts</h2>
      <p>The providers you have signed in with, besides your password and passkeys.</p>
      <div data-list>
        <p>Loading your linked accounts…</p>
      </div>
      <p role="status" />
    </section>
  )
}

/**
 * The "Call the provider's userinfo" button: `/static/client.js` (src/userinfo.ts) calls
 * `/userinfo` (app.tsx) and shows Playground ID's answer, the token's expiry and whether it was
 * refreshed.
 */
function UserinfoSection() {
  return (
    <section aria-labelledby="userinfo-heading" data-userinfo>
      <h2 id="userinfo-heading">Playground ID userinfo</h2>
      <p>
        Signed in with Playground ID, the app calls its userinfo endpoint with your access token,
        which it refreshes when it expires (<code>getAccessToken</code>).
      </p>
      {/* Enabled by the script. */}
      <button type="button" disabled>
        Call the provider's userinfo
      </button>
      <p role="status" />
      <div data-userinfo-output />
    </section>
  )
}

/** Only for signed-in users (`verifyAuth()` sends everyone else to sign in). */
export function ProtectedPage(props: { session: Session }) {
  const user = props.session.user
  return (
    <Layout title="Protected" session={props.session}>
      <h1>Protected page</h1>
      <p>Hello, {user?.name ?? user?.email}!</p>
    </Layout>
  )
}

/** The messages the local SMTP server caught, newest first. */
export function MailboxPage(props: { session: Session | null; messages: MailboxMessage[] }) {
  return (
    <Layout title="Mailbox" session={props.session}>
      <h1>Mailbox</h1>
      {props.messages.length === 0 ? (
        <p>No messages yet: sign in with an e-mail link and it shows up here.</p>
      ) : (
        props.messages.map((message) => (
          <article>
            <p>To {message.to.join(", ")}</p>
            <h2>{message.subject}</h2>
            {message.signInLink && <a href={message.signInLink}>Open the sign-in link</a>}
          </article>
        ))
      )}
    </Layout>
  )
}
