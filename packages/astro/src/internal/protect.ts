import { prefersJson } from "@auth/core"
import type { APIContext } from "astro"
import { prepareConfig } from "./config.js"
import { getSession } from "./get-session.js"
import { badRequest, hasInvalidHost } from "./host.js"
import type { FullAuthConfig } from "./options.js"

/** What {@link protect} needs of `Astro` (in a page) or of the `context` (endpoint, middleware). */
export type ProtectContext = Pick<APIContext, "request" | "redirect" | "locals">

/**
 * Lets only signed-in visitors through: resolves `undefined` when the request has a session
 * (`Astro.locals.session` when `authMiddleware` read it, else read now), else with the response
 * to return instead of the page: `Astro.redirect` (`303`) to the sign-in page (`pages.signIn`,
 * else `<basePath>/signin`) with a `callbackUrl` back to the page, or, for a request that asks
 * for JSON (`Accept`, `X-Requested-With`), `401` with `{ "error": "Unauthorized" }`.
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
  if (hasInvalidHost(request)) return badRequest()
  const known = config === undefined ? (locals.session as unknown) : undefined
  const session = known !== undefined ? known : await getSession(request, config)
  if (session) return undefined
  if (prefersJson(request.headers)) {
    return Response.json(
      { error: "Unauthorized" },
      { status: 401, headers: { vary: VARY, "cache-control": "no-store" } },
    )
  }
  const redirect = context.redirect(signInLocation(request, config), 303)
  redirect.headers.set("vary", VARY)
  return redirect
}

/** The request headers that decide between the redirect and the `401`. */
const VARY = "Accept, X-Requested-With"

/** `<sign-in page>?callbackUrl=<path and query of the request>`. */
function signInLocation(request: Request, config: FullAuthConfig | undefined): string {
  const { config: authConfig, basePath } = prepareConfig(config)
  const signIn = authConfig.pages?.signIn ?? `${basePath}/signin`
  const { pathname, search } = new URL(request.url)
  const query = new URLSearchParams({ callbackUrl: `${pathname}${search}` })
  return `${signIn}${signIn.includes("?") ? "&" : "?"}${query}`
}
