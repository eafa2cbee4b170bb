import { getCsrfToken as csrfTokenOf, setCookieHeaders } from "@auth/core/server"
import type { AstroGlobal } from "astro"
import { prepare } from "./config.js"
import type { FullAuthConfig } from "./options.js"
import { logError, oncePerRequest } from "./session.js"

/** What {@link getCsrfToken} needs of `Astro` in a page. */
export type CsrfTokenContext = Pick<AstroGlobal, "request" | "response">

/** One token per request and config: two forms on a page must carry the same one. */
const tokens = new WeakMap<Request, Map<FullAuthConfig | undefined, Promise<string>>>()

/**
 * The CSRF token for a form that posts to the auth routes from a page rendered on the server
 * (a sign-in or sign-out form that works without JavaScript, a custom sign-in page): core's
 * `getCsrfToken` (what `GET <basePath>/csrf` answers for this request), its cookie set on the
 * page's response (`Astro.response`), so the form's token and the browser's cookie match. `""`
 * when core could not answer (the cause is in the server log).
 *
 * @param context `Astro` in a page
 * @param config the auth config; by default the one of `auth.config` (`auth:config`)
 * @example
 * ---
 * import { getCsrfToken } from "@auth/astro/server"
 * const csrfToken = await getCsrfToken(Astro)
 * ---
 * <form method="post" action="/api/auth/signout">
 *   <input type="hidden" name="csrfToken" value={csrfToken} />
 *   <button>Sign out</button>
 * </form>
 */
export function getCsrfToken(context: CsrfTokenContext, config?: FullAuthConfig): Promise<string> {
  return oncePerRequest(tokens, context.request, config, () => issueCsrfToken(context, config))
}

async function issueCsrfToken(
  { request, response }: CsrfTokenContext,
  config: FullAuthConfig | undefined,
): Promise<string> {
  const prepared = prepare(config)
  try {
    const { token, cookies } = await csrfTokenOf(request, prepared)
    for (const cookie of setCookieHeaders(cookies)) response.headers.append("set-cookie", cookie)
    return token
  } catch (error) {
    logError(prepared.config, error)
    return ""
  }
}
