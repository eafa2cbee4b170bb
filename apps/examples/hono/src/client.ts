/**
 * The browser side: the session as @auth/core's browser client sees it (kept in step with the
 * other tabs), the "in the browser" sign-in and sign-out buttons, and the signed-in user's
 * passkeys (src/passkeys.ts), sessions and linked accounts (src/sessions.ts), and Playground ID's
 * userinfo (src/userinfo.ts).
 */
import { createAuthClient } from "@auth/core/client"
import type { Session } from "@auth/core/types"
import { setUpUserinfo } from "@auth/example-support/account-view"
import { DEMO_USER } from "@auth/example-support/demo-user"
import { createWebAuthnClient } from "@auth/hono/webauthn"
import { setUpPasskeys } from "./passkeys.js"
import { setUpAccounts, setUpSessions } from "./sessions.js"

const client = createAuthClient({ basePath: "/api/auth" })

for (const section of document.querySelectorAll<HTMLElement>("[data-client-session]")) {
  const status = section.querySelector("[data-testid=client-session-status]")
  const email = section.querySelector("[data-testid=client-session-email]")
  const session = JSON.parse(section.dataset.clientSession ?? "null") as Session | null
  client.createSessionStore({ session }).subscribe(({ status: current, data }) => {
    if (status) status.textContent = current
    if (email) email.textContent = data?.user?.email ?? ""
  })
}

document.querySelector("[data-sign-in]")?.addEventListener("click", () => {
  void client.signIn("credentials", {
    email: DEMO_USER.email,
    password: DEMO_USER.password,
    redirectTo: "/",
  })
})
document.querySelector("[data-sign-out]")?.addEventListener("click", () => {
  void client.signOut({ redirectTo: "/" })
})

// The passkey functions of the same client: adding a passkey refreshes its session stores.
const passkeys = document.querySelector<HTMLElement>("[data-passkeys]")
if (passkeys) setUpPasskeys(passkeys, createWebAuthnClient(client))
// Sessions and accounts, with the same client: signing this browser out updates its stores.
const sessions = document.querySelector<HTMLElement>("[data-sessions]")
if (sessions) setUpSessions(sessions, client)
const accounts = document.querySelector<HTMLElement>("[data-accounts]")
if (accounts) setUpAccounts(accounts, client)
const userinfo = document.querySelector<HTMLElement>("[data-userinfo]")
if (userinfo) setUpUserinfo(userinfo)
