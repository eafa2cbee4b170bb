import { Auth } from "@auth/core"
import type { AstroGlobal } from "astro"
import { prepareConfig } from "./config.js"
import type { FullAuthConfig } from "./options.js"

/** What {@link getCsrfToken} needs of `Astro` in a page. */
export type CsrfTokenContext = Pick<AstroGlobal, "request" | "response">

/** One token per request and config: two forms on a page must carry the same one. */
const tokens = new WeakMap<Request, Map<FullAuthConfig | undefined, Promise<string>>>()

/**
 * The CSRF token for a form that posts to the auth routes from a page rendered on the server
 * (a sign-in or sign-out form that works without JavaScript, a custom sign-in page): core's
 * `GET <basePath>/csrf` answered for this request, its cookie set on the page's response
 * (`Astro.response`), so the form's token and the browser's cookie match. `""` when core could
 * not answer (the cause is in the server log).
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
  let byConfig = tokens.get(context.request)
  let token = byConfig?.get(config)
  if (!token) {
    token = fetchCsrfToken(context, config)
    if (!byConfig) {
      byConfig = new Map()
      tokens.set(context.request, byConfig)
    }
    byConfig.set(config, token)
  }
  return token
}

async function fetchCsrfToken(
  { request, response }: CsrfTokenContext,
  config: FullAuthConfig | undefined,
): Promise<string> {
  const prepared = prepareConfig(config)
  const cookie = request.headers.get("cookie")
  const csrfRequest = new Request(new URL(`${prepared.basePath}/csrf`, request.url), {
    headers: cookie ? { cookie } : {},
  })
  const answer = await Auth(csrfRequest, prepared.config)
  if (!answer.ok) return ""
  for (const setCookie of answer.headers.getSetCookie()) {
    response.headers.append("set-cookie", setCookie)
  }
  const body: unknown = await answer.json()
  const token = typeof body === "object" && body !== null ? Reflect.get(body, "csrfToken") : ""
  return typeof token === "string" ? token : ""
}
