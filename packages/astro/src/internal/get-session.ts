import type { Session } from "@auth/core/types"
import { prepareConfig } from "./config.js"
import type { FullAuthConfig } from "./options.js"
import { readSession } from "./session.js"

/**
 * The session of a request, as `GET <basePath>/session` answers it (JSON: dates as strings), or
 * `null`. Read once per request: the middleware, the page and the `Auth` component share one
 * read. Fails closed: a config mistake or a throwing callback gives `null`, with the cause in
 * the server log, never an exception in the page.
 *
 * @param request `Astro.request` (or `context.request`)
 * @param config the auth config; by default the one of `auth.config` (`auth:config`)
 * @example
 * ---
 * import { getSession } from "@auth/astro/server"
 * const session = await getSession(Astro.request)
 * ---
 * {session ? <p>Signed in as {session.user?.email}</p> : <a href="/api/auth/signin">Sign in</a>}
 */
export async function getSession(
  request: Request,
  config?: FullAuthConfig,
): Promise<Session | null> {
  return (await readSession(request, prepareConfig(config), "never")).session
}
