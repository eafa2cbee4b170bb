"use server"
import { DEMO_USER } from "@auth/example-support/demo-user"
import { signIn, signOut, updateSession } from "@/auth"

/** "Sign in on the server": the demo user, through next-auth's server-side `signIn`. */
export async function signInOnTheServer(): Promise<void> {
  await signIn("credentials", {
    email: DEMO_USER.email,
    password: DEMO_USER.password,
    redirectTo: "/",
  })
}

/** "Sign out on the server". */
export async function signOutOnTheServer(): Promise<void> {
  await signOut({ redirectTo: "/" })
}

/** "Change your name": `updateSession` (next-auth's `unstable_update`). */
export async function changeName(form: FormData): Promise<void> {
  const name = form.get("name")
  if (typeof name === "string" && name.trim() !== "") await updateSession({ user: { name } })
}
