/**
 * The session in route data, and the sign-in and sign-out actions: what the pages call, on the
 * server while rendering and from the browser while navigating.
 */
import { action, query } from "@solidjs/router"
import {
  readMessages,
  readProtectedSession,
  readSession,
  signInAsDemoUser,
  signOutAndGoHome,
} from "./server"

/** The session as the server sees it, or `null`. */
export const getSession = query(() => readSession(), "session")

/** The session of a protected page, `path` being where signing in returns to. */
export const getProtectedSession = query(
  (path: string) => readProtectedSession(path),
  "protected-session",
)

/** The server-side sign-in (the demo user) and sign-out of the home page's forms. */
export const signInOnServer = action(() => signInAsDemoUser(), "sign-in-on-server")
export const signOutOnServer = action(() => signOutAndGoHome(), "sign-out-on-server")

/** The mailbox page's messages. */
export const getMailbox = query(() => readMessages(), "mailbox")
