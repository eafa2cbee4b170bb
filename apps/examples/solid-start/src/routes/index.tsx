import { DEMO_USER } from "@auth/example-support/demo-user"
import { createSession, signIn, signOut } from "@auth/solid-start/client"
import { createAsync, type RouteDefinition } from "@solidjs/router"
import { Show } from "solid-js"
import { Passkeys } from "~/components/Passkeys"
import { LinkedAccounts, Sessions } from "~/components/Sessions"
import { Userinfo } from "~/components/Userinfo"
import { getSession, signInOnServer, signOutOnServer } from "~/lib/session"

export const route = { preload: () => getSession() } satisfies RouteDefinition

export default function Home() {
  const session = createAsync(() => getSession())
  // The session as the browser client sees it: it follows the route data (server actions) and
  // sign-ins and sign-outs in other tabs.
  const client = createSession({ session })

  return (
    <>
      <Show
        when={session()?.user}
        fallback={
          <>
            <h1>You are not signed in</h1>
            <p>
              Sign in as the demo user, with Playground ID, or with an e-mail link (see the
              mailbox).
            </p>
          </>
        }
      >
        {(user) => (
          <>
            <h1>Signed in as {user().name}</h1>
            <p>
              E-mail: <span data-testid="session-email">{user().email}</span>
            </p>
            <Passkeys />
            <Sessions />
            <LinkedAccounts />
            <Userinfo />
          </>
        )}
      </Show>

      <section>
        <h2>In the browser</h2>
        <p>
          Status: <span data-testid="client-session-status">{client().status}</span>
        </p>
        <Show when={client().data?.user?.email}>
          {(email) => (
            <p>
              E-mail: <span data-testid="client-session-email">{email()}</span>
            </p>
          )}
        </Show>
      </section>

      <section class="actions">
        <Show
          when={session()}
          fallback={
            <>
              <form action={signInOnServer} method="post">
                <button type="submit">Sign in on the server</button>
              </form>
              <button
                type="button"
                onClick={() =>
                  signIn("credentials", {
                    email: DEMO_USER.email,
                    password: DEMO_USER.password,
                    redirectTo: "/",
                  })
                }
              >
                Sign in in the browser
              </button>
            </>
          }
        >
          <form action={signOutOnServer} method="post">
            <button type="submit">Sign out on the server</button>
          </form>
          <button type="button" onClick={() => signOut({ redirectTo: "/" })}>
            Sign out in the browser
          </button>
        </Show>
      </section>
    </>
  )
}
