/**
 * `@auth/sveltekit`: Auth.js for SvelteKit 2 and 3. {@link SvelteKitAuth} gives the `handle`
 * hook, which serves the auth routes under `<paths.base>/auth` and puts `locals.auth()` on every
 * other request, the `signIn` / `signOut` form actions, and the signed-in user's sessions and
 * accounts (`listSessions(event)`, `revokeOtherSessions(event)`, …), and their providers' access
 * tokens, refreshed when they expire (`getAccessToken(event, provider)`).
 *
 * @example
 * // src/auth.ts
 * import { SvelteKitAuth } from "@auth/sveltekit"
 * import GitHub from "@auth/sveltekit/providers/github"
 *
 * export const { handle, signIn, signOut } = SvelteKitAuth({ providers: [GitHub] })
 *
 * // src/hooks.server.ts
 * export { handle } from "./auth"
 *
 * @module @auth/sveltekit
 */
import type { Session } from "@auth/core/types"
import type { Action } from "@sveltejs/kit"
import { type AccessTokenHelpers, createAccessTokenHelpers } from "./internal/access-token.js"
import { createSignInAction, createSignOutAction } from "./internal/actions.js"
import { createConfigLookup, type SvelteKitAuthConfigInput } from "./internal/config.js"
import { createHandle, type Handle } from "./internal/handle.js"
import { createManagementHelpers, type ManagementHelpers } from "./internal/management.js"
import { checkAtStartup } from "./internal/startup-check.js"

export { customFetch } from "@auth/core"
export { AuthError, CredentialsSignin } from "@auth/core/errors"
export type {
  AccessTokenErrorCode,
  AccessTokenOptions,
  AccountInfo,
  AccountsResult,
  SessionInfo,
  SessionsResult,
} from "@auth/core/server"
export type { Account, DefaultSession, Profile, Session, User } from "@auth/core/types"
export type {
  AccessTokenHelpers,
  GetAccessTokenOptions,
  GetAccessTokenResult,
} from "./internal/access-token.js"
export type { AuthActionData } from "./internal/actions.js"
export type { SvelteKitAuthConfig, SvelteKitAuthConfigInput } from "./internal/config.js"
export type { Handle } from "./internal/handle.js"
export type { ManagementHelpers, RevokeSessionsResult } from "./internal/management.js"

declare global {
  namespace App {
    interface Locals {
      /**
       * The session of this request, or `null`: read once per request (and again after a form
       * action of this package signed in or out), as `GET <basePath>/session` answers it.
       */
      auth(): Promise<Session | null>
      /** @deprecated The older name of `auth()`. */
      getSession(): Promise<Session | null>
    }
    interface PageData {
      session?: Session | null
    }
  }
}

/**
 * What {@link SvelteKitAuth} returns: the hook, the form actions, the signed-in user's sessions
 * and accounts for server code ({@link ManagementHelpers}), and their providers' access tokens
 * ({@link AccessTokenHelpers}).
 */
export interface SvelteKitAuthResult extends ManagementHelpers, AccessTokenHelpers {
  /** The `handle` hook: export it from `src/hooks.server.ts` (alone or in a `sequence`). */
  handle: Handle
  /** The sign-in form action: `export const actions = { default: signIn }`. */
  signIn: Action
  /** The sign-out form action: `export const actions = { default: signOut }`. */
  signOut: Action
}

/**
 * Sets up Auth.js in a SvelteKit app.
 *
 * - **Routes**: every action (`/signin`, `/callback/<provider>`, `/session`, `/csrf`, …) under
 *   `basePath`: yours if you set one, else `<paths.base>/auth`.
 * - **Sessions**: `event.locals.auth()` in every `load`, action and endpoint; the user's
 *   sessions and accounts with `listSessions(event)`, `revokeSession(event, id)`,
 *   `revokeOtherSessions(event)`, `revokeAllSessions(event)`, `listAccounts(event)` and
 *   `unlinkAccount(event, provider)`; a provider's access token, refreshed when it expires, with
 *   `getAccessToken(event, provider)`.
 * - **Environment**: `AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST` and provider credentials
 *   (`AUTH_GITHUB_ID`, …) from `$env/dynamic/private` (on SvelteKit 3: the variables declared in
 *   `src/env.ts`) and, on Node, from `process.env`. `trustHost` defaults to true on the dev
 *   server only; in production set `AUTH_URL`, or `AUTH_TRUST_HOST=true` behind a proxy that
 *   sets `Host`.
 * - **Config**: an object (completed once, never changed), or a function of the request event
 *   (run once per request), for env that only `event.platform` has. A config object is checked
 *   here, at startup: a mistake is logged once on the dev server, and thrown elsewhere.
 *
 * @throws {AuthError} a mistake in a config object (no `AUTH_SECRET`, …), outside the dev server
 * @see https://authjs.dev/reference/sveltekit
 * @example
 * // src/routes/signin/+page.server.ts
 * import { signIn } from "../../auth"
 * export const actions = { default: signIn }
 *
 * // src/routes/+layout.server.ts
 * export const load = async (event) => ({ session: await event.locals.auth() })
 */
export function SvelteKitAuth(config: SvelteKitAuthConfigInput): SvelteKitAuthResult {
  checkAtStartup(config)
  const lookupConfig = createConfigLookup(config)
  return {
    handle: createHandle(lookupConfig),
    signIn: createSignInAction(lookupConfig),
    signOut: createSignOutAction(lookupConfig),
    ...createManagementHelpers(lookupConfig),
    ...createAccessTokenHelpers(lookupConfig),
  }
}
