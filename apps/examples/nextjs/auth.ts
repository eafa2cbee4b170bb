import { createRedisStore } from "@auth/core/redis"
import { DEMO_USER, exampleDatabase, exampleRedis, findDemoUser } from "@auth/example-support"
import { PostgresAdapter } from "@auth/pg-adapter"
import NextAuth from "next-auth"
import Credentials from "next-auth/providers/credentials"
import Nodemailer from "next-auth/providers/nodemailer"
import Passkey from "next-auth/providers/passkey"

/** Where the auth routes are: next-auth's default (`app/api/auth/[...nextauth]/route.ts`). */
export const basePath = "/api/auth"

/** The pages only a signed-in user sees (the proxy sends everyone else to the sign-in page). */
const PROTECTED = ["/protected"]

/** The schema of the auth tables (made on first use). */
const schema = "examples"

// PostgreSQL at DATABASE_URL, or else embedded PGlite in .example-data/; passkeys are stored
// there too.
const adapter = PostgresAdapter(exampleDatabase(process.env.DATABASE_URL, { schema }), { schema })

// With REDIS_URL, JWT sessions' revocations and the rate limits live in Redis, shared by every
// instance of the app (and by the proxy and the pages); without it, in memory (`undefined` is
// the default).
const redis = exampleRedis(process.env.REDIS_URL)
const store = redis && createRedisStore(redis, { prefix: "nextjs:" })

// AUTH_SECRET and AUTH_URL come from the environment (`pnpm start` sets them; set your own in production).
export const { handlers, auth, signIn, signOut, updateSession, getAccessToken } = NextAuth({
  basePath,
  providers: [
    Credentials({
      name: "the demo user",
      credentials: {
        email: {
          label: `Email (demo: ${DEMO_USER.email})`,
          type: "email",
          autocomplete: "username",
        },
        password: {
          label: `Password (demo: ${DEMO_USER.password})`,
          type: "password",
          autocomplete: "current-password",
        },
      },
      // Where a real app checks the password against its users.
      authorize: findDemoUser,
    }),
    // The local OpenID provider `pnpm start` runs. Its issuer, client id and secret come from
    // AUTH_PLAYGROUND_ID_ISSUER, AUTH_PLAYGROUND_ID_ID and AUTH_PLAYGROUND_ID_SECRET.
    {
      id: "playground-id",
      name: "Playground ID",
      type: "oidc",
      // The login form every time, so that you can switch between usernames. A refresh token
      // too: `offline_access`, which the provider honours only with `prompt=consent`.
      authorization: {
        params: { scope: "openid profile email offline_access", prompt: "login consent" },
      },
      style: { brandColor: "#0f766e" },
    },
    // E-mail links, when EMAIL_SERVER names an SMTP server: `pnpm start` runs one on this
    // machine, whose messages /mailbox shows.
    ...(process.env.EMAIL_SERVER
      ? [
          Nodemailer({
            name: "Email",
            server: process.env.EMAIL_SERVER,
            from: "Auth.js example <example@example.test>",
          }),
        ]
      : []),
    // Passkeys: "Sign in with Passkey" on the sign-in page, "Add a passkey" on the home page
    // (app/passkeys.tsx). The relying party is AUTH_URL's host: `localhost` works, an IP address
    // does not (browsers refuse it).
    Passkey(),
  ],
  adapter,
  session: {
    strategy: process.env.AUTH_SESSION_STRATEGY === "jwt" ? "jwt" : "database",
    store,
    // JWT sessions keep Playground ID's tokens in the session token, for `getAccessToken` (the
    // userinfo button); database sessions keep them in the account row and ignore it.
    storeTokens: true,
  },
  rateLimit: { store },
  callbacks: {
    authorized: ({ auth, request }) =>
      PROTECTED.includes(request.nextUrl.pathname) ? Boolean(auth) : true,
    // A new name, from `updateSession({ user: { name } })` ("Change your name" on the home
    // page) or the browser's `update({ name })`: JWT sessions keep it in the token...
    jwt({ token, trigger, session }) {
      const name = nameOf(session)
      if (trigger === "update" && name) token.name = name
      return token
    },
    // ...database sessions in the user's row.
    async session({ session, user, trigger, newSession }) {
      const name = nameOf(newSession)
      if (trigger === "update" && name && user) {
        await adapter.updateUser?.({ id: user.id, name })
        session.user.name = name
      }
      return session
    },
  },
})

function nameOf(data: unknown): string | undefined {
  const update = data as { name?: unknown; user?: { name?: unknown } } | undefined
  const name = update?.user?.name ?? update?.name
  return typeof name === "string" && name.trim() !== "" ? name.trim() : undefined
}
