import {
  type AuthActionResult,
  CONFIG_ERROR_MESSAGE,
  type PreparedConfig,
  rejectionMessage,
  signIn,
  signOut,
} from "@auth/core/server"
import { type Action, error, type RequestEvent, redirect } from "@sveltejs/kit"
import type { ConfigLookup } from "./config.js"
import { parseSignInForm, parseSignOutForm } from "./form.js"
import { isBuilding } from "./kit-env.js"
import { logError } from "./log.js"
import { setActionCookies } from "./session.js"

/** What a form action answers with `redirect: "false"`: where it would have gone. */
export interface AuthActionData {
  url: string
}

/**
 * The `signIn` form action: reads the form of Auth.js's `<SignIn>` (`providerId`,
 * `redirectTo`, `redirect`, `authorizationParams-*`, and the provider's fields) and signs in
 * through core, then redirects with `303` where core says: the provider, the callback URL, or
 * the sign-in page (with the error, or without a provider the config has).
 *
 * Core's server-side sign-in takes no CSRF token: SvelteKit refuses cross-site form posts
 * (`Origin` check) before the action runs, and that is what protects it.
 */
export function createSignInAction(lookupConfig: ConfigLookup): Action {
  return async (event) => {
    if (isBuilding()) return
    const prepared = await requireConfig(event, lookupConfig)
    const form = parseSignInForm(await readForm(event.request))
    const result = await signIn(event.request, prepared, form.providerId, form)
    return answer(event, result, form.redirect)
  }
}

/**
 * The `signOut` form action: signs out through core (the session cookie cleared, the database
 * session deleted), then redirects with `303` to `redirectTo` (else the page the form was on).
 */
export function createSignOutAction(lookupConfig: ConfigLookup): Action {
  return async (event) => {
    if (isBuilding()) return
    const prepared = await requireConfig(event, lookupConfig)
    const form = parseSignOutForm(await readForm(event.request))
    return answer(event, await signOut(event.request, prepared, form), form.redirect)
  }
}

/**
 * The prepared config of a request; a config function that threw is logged and answered with
 * SvelteKit's `500` error.
 */
export async function requireConfig(
  event: RequestEvent,
  lookupConfig: ConfigLookup,
): Promise<PreparedConfig> {
  const result = await lookupConfig(event)
  if (result.ok) return result.prepared
  logError(undefined, result.error)
  error(500, CONFIG_ERROR_MESSAGE)
}

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch (cause) {
    // SvelteKit's body size limit says 413; anything else is a malformed body.
    const status: unknown = (cause as { status?: unknown } | null)?.status
    clientError(typeof status === "number" && status >= 400 && status < 500 ? status : 400)
  }
}

/**
 * Hands core's answer to SvelteKit: its cookies through `event.cookies`, then a `303` to where
 * it says (the only host that may be named: core chose it), or the URL as action data. Without
 * a redirect, core refused the request: its 4xx, else a 500 (the cause is in the log).
 */
function answer(event: RequestEvent, result: AuthActionResult, follow: boolean): AuthActionData {
  setActionCookies(event, result.cookies)
  if (result.redirect === undefined) clientError(result.error ? result.status : 500)
  if (!follow) return { url: result.redirect }
  redirect(303, result.redirect, { external: [new URL(result.redirect).origin] })
}

/** Throws SvelteKit's error for a 4xx status, else a 500 with the configuration message. */
function clientError(status: number): never {
  if (status < 400 || status >= 500) error(500, CONFIG_ERROR_MESSAGE)
  error(status, rejectionMessage(status))
}
