"use server"
/**
 * The server functions the pages call (a `"use server"` module: the browser gets only
 * references to them, never this module's imports).
 */
import { readMailbox } from "@auth/example-support"
import { DEMO_USER } from "@auth/example-support/demo-user"
import { auth, requireSession, signIn, signOut } from "~/auth"

/** The session as the server sees it, or `null`. */
export async function readSession() {
  return auth()
}

/** The session of a page only signed-in users see: without one, off to the sign-in page. */
export async function readProtectedSession(path: string) {
  return requireSession({ callbackUrl: path })
}

/** Signs in as the demo user, and comes back home. */
export async function signInAsDemoUser() {
  await signIn("credentials", {
    email: DEMO_USER.email,
    password: DEMO_USER.password,
    redirectTo: "/",
  })
}

/** Signs out, and comes back home. */
export async function signOutAndGoHome() {
  await signOut({ redirectTo: "/" })
}

/** The messages the local SMTP server caught, newest first. */
export async function readMessages() {
  return readMailbox()
}
