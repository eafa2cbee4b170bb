import { MetaProvider, Title } from "@solidjs/meta"
import { A, createAsync, Router } from "@solidjs/router"
import { FileRoutes } from "@solidjs/start/router"
import { type ParentProps, Show, Suspense } from "solid-js"
import { prefix } from "~/lib/prefix"
import { getSession } from "~/lib/session"
import "./app.css"

/** Every page's banner: who the server sees, and the built-in sign-in and sign-out pages. */
function Header() {
  const session = createAsync(() => getSession())
  return (
    <header>
      <nav>
        <A href="/" end>
          Home
        </A>
        <A href="/protected">Protected</A>
        <A href="/mailbox">Mailbox</A>
      </nav>
      {/* rel="external": the built-in pages are no routes of the app, the browser loads them. */}
      <Show
        when={session()?.user}
        fallback={
          <p>
            Not signed in{" "}
            <a href={`${prefix}/signin?callbackUrl=%2F`} rel="external">
              Sign in
            </a>
          </p>
        }
      >
        {(user) => (
          <p>
            Signed in as <strong>{user().email}</strong>{" "}
            <a href={`${prefix}/signout`} rel="external">
              Sign out
            </a>
          </p>
        )}
      </Show>
    </header>
  )
}

function Layout(props: ParentProps) {
  return (
    <MetaProvider>
      <Title>SolidStart with Auth.js</Title>
      <Suspense>
        <Header />
        <main>{props.children}</main>
      </Suspense>
    </MetaProvider>
  )
}

export default function App() {
  return (
    <Router root={Layout}>
      <FileRoutes />
    </Router>
  )
}
