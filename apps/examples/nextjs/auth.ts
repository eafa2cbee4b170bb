import { createExampleAuthConfig } from "@auth/example-support"
import { contractConfig } from "@auth/integration-test/fixtures"
import NextAuth, { type NextAuthConfig } from "next-auth"

/** Where the auth routes are: next-auth's default (`app/api/auth/[...nextauth]/route.ts`). */
export const basePath = "/api/auth"

/** The pages only a signed-in user sees (the proxy sends everyone else to the sign-in page). */
const PROTECTED = ["/protected"]

const example = createExampleAuthConfig({ basePath })

const callbacks = {
  authorized: ({ auth, request }) =>
    PROTECTED.includes(request.nextUrl.pathname) ? Boolean(auth) : true,
  // "Change your name" (updateSession on the home page): JWT sessions keep it in the token...
  jwt({ token, trigger, session }) {
    const name = nameOf(session)
    if (trigger === "update" && name) token.name = name
    return token
  },
  // ...database sessions in the user's row.
  async session({ session, user, trigger, newSession }) {
    const name = nameOf(newSession)
    if (trigger === "update" && name && user) {
      await example.adapter.updateUser?.({ id: user.id, name })
      session.user.name = name
    }
    return session
  },
} satisfies NonNullable<NextAuthConfig["callbacks"]>

// The repository's HTTP contract suite runs this app's build with EXAMPLE_CONTRACT_BASE_PATH
// set: then it signs in with the contract's own user (see test/contract.test.ts).
const config: NextAuthConfig = process.env.EXAMPLE_CONTRACT_BASE_PATH
  ? withGuard(contractConfig([]))
  : { ...example, callbacks }

export const { handlers, auth, signIn, signOut, updateSession } = NextAuth(config)

function withGuard(contract: NextAuthConfig): NextAuthConfig {
  return { ...contract, callbacks: { ...contract.callbacks, authorized: callbacks.authorized } }
}

function nameOf(data: unknown): string | undefined {
  const user = (data as { user?: { name?: unknown } } | undefined)?.user
  return typeof user?.name === "string" && user.name.trim() !== "" ? user.name.trim() : undefined
}
