/**
 * The one config of the bench app, for SolidAuth and for the direct `Auth()` route alike: JWT
 * sessions (the bench brings its own session cookie), a credentials provider that signs nobody
 * in, and `AUTH_SECRET` from the environment (the bench sets it). Core's `Auth()` reads no
 * environment itself, so the secret is in the config.
 */
import Credentials from "@auth/core/providers/credentials"
import type { AuthConfig } from "@auth/core/types"

/** Where the auth routes are: `src/routes/api/auth/[...solidauth].ts`. */
export const basePath = "/api/auth"

export const config: AuthConfig = {
  basePath,
  secret: process.env.AUTH_SECRET,
  trustHost: true,
  providers: [Credentials({ credentials: {}, authorize: () => null })],
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
}
