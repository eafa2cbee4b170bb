import { auth } from "@/auth"
import { changeName, signInOnTheServer, signOutOnTheServer } from "./actions"
import { ClientSession } from "./client-session"
import { Passkeys } from "./passkeys"
import { LinkedAccounts, Sessions } from "./sessions"
import { Userinfo } from "./userinfo"

export default async function Home() {
  const session = await auth()
  const user = session?.user
  return (
    <>
      {user ? (
        <>
          <h1>Signed in as {user.name ?? user.email}</h1>
          <p>
            E-mail: <span data-testid="session-email">{user.email}</span>
          </p>
          <Passkeys />
          <Sessions />
          <LinkedAccounts />
          <Userinfo />
        </>
      ) : (
        <>
          <h1>You are not signed in</h1>
          <p>
            Sign in as the demo user, with Playground ID, or with an e-mail link (see the mailbox).
          </p>
        </>
      )}
      <ClientSession />
      <section className="actions">
        <h2>On the server</h2>
        {user ? (
          <>
            <form action={signOutOnTheServer}>
              <button type="submit">Sign out on the server</button>
            </form>
            <form action={changeName}>
              <label>
                Your name <input name="name" defaultValue={user.name ?? ""} required />
              </label>
              <button type="submit">Change your name</button>
            </form>
          </>
        ) : (
          <form action={signInOnTheServer}>
            <button type="submit">Sign in on the server</button>
          </form>
        )}
      </section>
    </>
  )
}
