import { guard, invalidHostResponse, pathOnOrigin } from "@auth/core/server"
import type { Session } from "@auth/core/types"
import type { APIContext } from "astro"
import { prepare } from "./config.js"
import type { FullAuthConfig } from "./options.js"
import { readSession } from "./session.js"

/** What {@link protect} needs of `Astro` (in a page) or of the `context` (endpoint, middleware). */
export type ProtectContext = Pick<APIContext, "request" | "redirect" | "locals">

/**
 * Lets only signed-in visitors through: resolves `undefined` when the request has a session
 * (`Astro.locals.session` when `authMiddleware` read it, else read now), else with the response
 * to return instead of the page, core's `guard`: `Astro.redirect` (`303`) to the sign-in page
 * (`pages.signIn`, else `<basePath>/signin`) with a `callbackUrl` back to the page, or, for a
 * request that asks for JSON (`Accept`, `X-Requested-With`), `401` with
 * `{ "error": "Unauthorized" }`.
 *
 * @param context `Astro` in a page, the `context` in an endpoint or middleware
 * @param config the auth config; by default the one of `auth.config` (`auth:config`)
 * @example
 * ---
 * import { protect } from "@auth/astro/server"
 * const signIn = await protect(Astro)
 * if (signIn) return signIn
 * ---
 * <h1>Hello, {Astro.locals.session?.user?.name}!</h1>
 */
export async function protect(
  context: ProtectContext,
  config?: FullAuthConfig,
): Promise<Response | undefined> {
  const { request, locals } = context
  const prepared = prepare(config)
  if (!prepared.requestURL(request)) return invalidHostResponse()
  // The middleware's read, else one the page's `getSession` then shares: one read per request.
  const known = config === undefined ? (locals.session as Session | null | undefined) : undefined
  const session =
    known !== undefined ? known : (await readSession(request, prepared.config, "never")).session
  const result = await guard(request, prepared, { session })
  if (result.session) return undefined
  const location = result.response.headers.get("location")
  if (location === null) return result.response
  // A path (as `auth-astro` apps wrote it): Astro may have put the request on `localhost` (see
  // the README's "Deploying"), and a path is right whatever host the browser used.
  const redirect = context.redirect(pathOnOrigin(location, new URL(request.url).origin), 303)
  for (const [name, value] of result.response.headers) {
    if (name !== "location") redirect.headers.set(name, value)
  }
  return redirect
}
