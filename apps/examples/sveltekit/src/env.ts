import { defineEnvVars } from "@sveltejs/kit/env"

/**
 * The variables the app reads (in `src/auth.ts`, from `$app/env/private`), checked when it
 * starts. Auth.js reads its own (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`,
 * `AUTH_PLAYGROUND_ID_*`) itself; `src/routes/userinfo/+server.ts` reads the issuer too.
 */
export const variables = defineEnvVars({
  DATABASE_URL: {
    description: "PostgreSQL for users and sessions; unset: embedded PGlite in .example-data/",
    schema: (value) => value || undefined,
  },
  AUTH_SESSION_STRATEGY: {
    description: '"jwt" for JWT sessions; unset or "database": database sessions',
    schema: (value): "jwt" | "database" => {
      if (value === "jwt" || value === "database") return value
      if (!value) return "database"
      throw new Error(`AUTH_SESSION_STRATEGY must be "jwt" or "database", not "${value}".`)
    },
  },
  REDIS_URL: {
    description:
      "Redis for JWT sessions' revocations and the rate limits (keys sveltekit:…); unset: in memory",
    schema: (value) => value || undefined,
  },
  AUTH_PLAYGROUND_ID_ISSUER: {
    description:
      "The local OpenID provider (set by `pnpm start`; Auth.js reads it too): /userinfo calls its userinfo endpoint",
    schema: (value) => value || undefined,
  },
  EMAIL_SERVER: {
    description: "The SMTP server of e-mail sign-in links; unset: no e-mail sign-in",
    schema: (value) => value || undefined,
  },
})
