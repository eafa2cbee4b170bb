/**
 * The playground's Auth.js config: the demo user (credentials), "Playground ID" (the local
 * OpenID Connect provider), e-mail links (Nodemailer to the local SMTP server) and passkeys,
 * with users, sessions and passkeys in the database.
 */
import type { Adapter } from "@auth/core/adapters"
import type { RedisStore } from "@auth/core/redis"
import { DEMO_USER, findDemoUser } from "@auth/example-support"
import type { ExpressAuthConfig } from "@auth/express"
import Credentials from "@auth/express/providers/credentials"
import Nodemailer from "@auth/express/providers/nodemailer"
import Passkey from "@auth/express/providers/passkey"
import { BRAND_COLOR } from "./pages/layout.js"

/** The id of the local OpenID provider: its callback is `/auth/callback/playground-id`. */
export { PLAYGROUND_ID_PROVIDER_ID } from "@auth/example-support"

/** Everything the config is made of. */
export interface PlaygroundAuthOptions {
  /** Several while rotating: the first seals new tokens, every one opens them. */
  secret: string | string[]
  adapter: Adapter
  sessionStrategy: "jwt" | "database"
  /**
   * Where JWT sessions' revocations and the rate-limit counters live (Redis, from `REDIS_URL`);
   * without it, in memory.
   */
  store?: RedisStore | undefined
  /**
   * While the rate-limit store is down: `"open"` lets requests through (logged), `"closed"`
   * answers 503 (and `GET /auth/health` too, so a balancer routes around the instance).
   * @default "open"
   */
  rateLimitOnStoreFailure?: "open" | "closed" | undefined
  /** The OpenID provider "Playground ID" and this app's client there. */
  identityProvider: PlaygroundIdClient
  /** `smtp://host:port`: where e-mail sign-in links are sent. */
  smtpUrl: string
}

/** An OpenID provider and the app's confidential client there (`client_secret_basic`). */
export interface PlaygroundIdClient {
  issuer: string
  clientId: string
  clientSecret: string
}

/** The config passed to `ExpressAuth`, `authSession` and `requireAuth`. */
export function createAuthConfig(options: PlaygroundAuthOptions): ExpressAuthConfig {
  const client = options.identityProvider
  return {
    secret: options.secret,
    // The playground serves whatever loopback host name the browser used.
    trustHost: true,
    basePath: "/auth",
    adapter: options.adapter,
    // Without a store, core keeps JWT revocations and rate-limit counters in memory. JWT
    // sessions keep Playground ID's tokens in the session token, for `getAccessToken` (the
    // userinfo button); database sessions keep them in the account row and ignore it.
    session: { strategy: options.sessionStrategy, store: options.store, storeTokens: true },
    rateLimit: { store: options.store, onStoreFailure: options.rateLimitOnStoreFailure ?? "open" },
    theme: {
      brandColor: BRAND_COLOR,
      colorScheme: "auto",
      logo: "/logo.svg",
      // "Check your email" links the mailbox page.
      mailbox: { url: "/mailbox", name: "the playground mailbox" },
    },
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
      {
        id: "playground-id",
        name: "Playground ID",
        type: "oidc",
        issuer: client.issuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        // The login form every time, so that you can switch between usernames. A refresh token
        // too: `offline_access`, which the provider honours only with `prompt=consent`.
        authorization: {
          params: { scope: "openid profile email offline_access", prompt: "login consent" },
        },
        style: { brandColor: "#0f766e" },
      },
      Nodemailer({
        name: "Email",
        server: options.smtpUrl,
        from: "Auth playground <playground@example.test>",
      }),
      // Passkeys: "Sign in with Passkey" on the sign-in page, and "Add a passkey" on the home
      // page (`browser/passkeys.ts`). The relying party is the host the browser uses, which must
      // be a name (`localhost`), never an IP address.
      Passkey(),
    ],
  }
}
