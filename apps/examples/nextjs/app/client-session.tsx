"use client"
import { DEMO_USER } from "@auth/example-support/demo-user"
import { useRouter } from "next/navigation"
import { signIn, signOut, useSession } from "next-auth/react"
import { useState } from "react"

/** The session as the browser sees it (`useSession`), and signing in and out from the browser. */
export function ClientSession() {
  const { data, status } = useSession()
  const router = useRouter()
  const [error, setError] = useState<string>()

  // `redirect: false`: stay on the page, show an error if any, and let the server components
  // render the new session (the client's own session refreshes by itself).
  async function signInInTheBrowser() {
    const result = await signIn("credentials", {
      email: DEMO_USER.email,
      password: DEMO_USER.password,
      redirect: false,
    })
    if (result.error) setError(result.error)
    else router.refresh()
  }

  return (
    <section>
      <h2>In the browser</h2>
      <p>
        Status: <span data-testid="client-session-status">{status}</span>
      </p>
      {data?.user?.email ? (
        <p>
          E-mail: <span data-testid="client-session-email">{data.user.email}</span>
        </p>
      ) : null}
      {error ? <p role="alert">Could not sign in: {error}</p> : null}
      {status === "authenticated" ? (
        <button type="button" onClick={() => signOut({ redirectTo: "/" })}>
          Sign out in the browser
        </button>
      ) : status === "unauthenticated" ? (
        <button type="button" onClick={signInInTheBrowser}>
          Sign in in the browser
        </button>
      ) : null}
    </section>
  )
}
