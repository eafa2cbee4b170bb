import { Auth } from "@auth/core"
import { attachClientAddress, invalidHostResponse } from "@auth/core/server"
import type { APIContext } from "astro"
import { prepare } from "./config.js"
import type { FullAuthConfig } from "./options.js"

/** An Astro endpoint handler (`APIRoute`), written to need only the request. */
export type AuthRoute = (
  context: Pick<APIContext, "request"> & Partial<Pick<APIContext, "clientAddress">>,
) => Promise<Response>

/** The handlers {@link AstroAuth} returns. */
export interface AuthRoutes {
  GET: AuthRoute
  POST: AuthRoute
  /**
   * Every other method (core answers `405` with `Allow: GET, POST`); export it too, else Astro
   * answers other methods with its 404 page.
   */
  ALL: AuthRoute
}

/**
 * The handlers of an endpoint that serves every auth action (`/signin`, `/callback/github`,
 * `/session`, …): export them from `src/pages/<prefix>/[...auth].ts` when the integration's
 * `injectEndpoints` is `false`. The request goes to core as Astro made it (its URL, so
 * `security.allowedDomains` decides which forwarded headers count), and core's response comes
 * back as is, every `Set-Cookie` included. Core answers every path under the base path (`400`
 * for an unknown action); a `Host` no URL can have gets `400`.
 *
 * @param config the auth config; by default the one of `auth.config` (`auth:config`)
 * @see https://authjs.dev/getting-started/installation?framework=astro
 * @example
 * // src/pages/api/auth/[...auth].ts
 * import { AstroAuth } from "@auth/astro/server"
 * import authConfig from "auth:config"
 *
 * export const prerender = false
 * export const { GET, POST, ALL } = AstroAuth(authConfig)
 */
export function AstroAuth(config?: FullAuthConfig): AuthRoutes {
  const handle: AuthRoute = async (context) => {
    const prepared = prepare(config)
    const { request } = context
    if (!prepared.requestURL(request)) return invalidHostResponse()
    return Auth(attachClientAddress(request, clientAddressOf(context)), prepared.config)
  }
  return { GET: handle, POST: handle, ALL: handle }
}

/** The peer address Astro's adapter reports; it throws where there is none (prerendering). */
function clientAddressOf(context: { clientAddress?: string }): string | undefined {
  try {
    return context.clientAddress
  } catch {
    return undefined
  }
}
