/**
 * The home page's browser script, served as `/home.js` (bundled by `browser-script.ts`): one
 * browser client of the auth routes for the page, driving the sections `pages/home.ts` renders
 * for a signed-in user: passkeys (`passkeys.ts`), sessions and linked accounts (`sessions.ts`),
 * and Playground ID's userinfo (`userinfo.ts`).
 */
import { createAuthClient } from "@auth/core/client"
import { createWebAuthnClient } from "@auth/core/client/webauthn"
import { setUpUserinfo } from "@auth/example-support/account-view"
import { setUpPasskeys } from "./passkeys.js"
import { setUpAccounts, setUpSessions } from "./sessions.js"

const client = createAuthClient({ basePath: "/auth" })

const passkeys = document.querySelector<HTMLElement>("[data-passkeys]")
// The passkey functions of the same client: adding a passkey refreshes its session stores.
if (passkeys) setUpPasskeys(passkeys, createWebAuthnClient(client))
const sessions = document.querySelector<HTMLElement>("[data-sessions]")
if (sessions) setUpSessions(sessions, client)
const accounts = document.querySelector<HTMLElement>("[data-accounts]")
if (accounts) setUpAccounts(accounts, client)
const userinfo = document.querySelector<HTMLElement>("[data-userinfo]")
if (userinfo) setUpUserinfo(userinfo)
