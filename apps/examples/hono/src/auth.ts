/**
 * The app's Auth.js config: what `initAuthConfig` hands every request. AUTH_SECRET and
 * AUTH_URL come from the environment (`pnpm start` sets them; set your own in production); the auth routes are at
 * /api/auth, @auth/hono's default.
 */

import { createRedisStore } from "@auth/core/redis"
import { DEMO_USER, exampleDatabase, exampleRedis, findDemoUser } from "@auth/example-support"
import type { AuthConfig } from "@auth/hono"
import Credentials from "@auth/hono/providers/credentials"
import Nodemailer from "@auth/hono/providers/nodemailer"
import Passkey from "@auth/hono/providers/passkey"
import { PostgresAdapter } from "@auth/pg-adapter"

/** The schema of the auth tables (made on first use). */
const schema = "examples"

// With REDIS_URL, JWT sessions' revocations and the rate limits live in Redis, shared by every
// instance of the app; without it, in memory (`undefined` is the default).
const redis = exampleRedis(process.env.REDIS_URL)
const store = redis && createRedisStore(redis, { prefix: "hono:" })

// One object for every request: @auth/hono completes it from the environment once.
export const authConfig: AuthConfig = {
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
    // (src/passkeys.ts). The relying party is AUTH_URL's host: `localhost` works, an IP address
    // does not (browsers refuse it).
    Passkey(),
  ],
  // PostgreSQL at DATABASE_URL, or else embedded PGlite in .example-data/; passkeys are stored
  // there too.
  adapter: PostgresAdapter(exampleDatabase(process.env.DATABASE_URL, { schema }), { schema }),
  session: {
    strategy: process.env.AUTH_SESSION_STRATEGY === "jwt" ? "jwt" : "database",
    store,
    // JWT sessions keep Playground ID's tokens in the session token, for `getAccessToken` (the
    // userinfo button); database sessions keep them in the account row and ignore it.
    storeTokens: true,
  },
  rateLimit: { store },
  callbacks: {
    // The browser client's `update({ name })` renames the user of a JWT session.
    jwt({ token, trigger, session }) {
      const update = session as { name?: unknown } | undefined
      if (trigger === "update" && typeof update?.name === "string") token.name = update.name
      return token
    },
  },
}
