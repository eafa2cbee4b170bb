/**
 * `@auth/core`: authentication for the web platform. A web `Request` in, a web `Response` out,
 * drop-in compatible with Auth.js (`@auth/core` 0.41).
 *
 * @example
 * import { Auth } from "@auth/core"
 * import Credentials from "@auth/core/providers/credentials"
 *
 * const response = await Auth(request, {
 *   secret: process.env.AUTH_SECRET,
 *   trustHost: true,
 *   providers: [Credentials({ authorize: async (c) => findUser(c) })],
 * })
 *
 * @module @auth/core
 */

import { type AuthConfigInput, handleAuth } from "./internal/routing/handle.js"
import type { raw } from "./internal/symbols.js"
import type { AuthConfig, ResponseInternal } from "./types.js"

export { checkConfig } from "./internal/config/check-config.js"
export type { EnvObject } from "./internal/config/env.js"
export { createActionURL, isAuthAction, setEnvDefaults } from "./internal/config/env.js"
export { prefersJson } from "./internal/http/prefers-json.js"
export {
  type RequestTarget,
  type RequestURLOptions,
  resolveRequestURL,
} from "./internal/http/request-url.js"
export { customFetch, raw, skipCSRFCheck } from "./internal/symbols.js"
export type * from "./types.js"
export type { AuthConfigInput }

/**
 * Handles a request to one of the actions under `basePath` and returns the response.
 *
 * The config may be an object, or a function of the request that returns one (sync or async);
 * a config object is resolved and checked once and then cached, so pass the same object on
 * every request.
 *
 * With `raw` in the config, returns the internal response object instead (for integrations),
 * and client-facing `AuthError`s are thrown to the caller.
 *
 * @see https://authjs.dev/reference/core#auth
 */
export async function Auth(
  request: Request,
  config: AuthConfig & { raw: typeof raw },
): Promise<ResponseInternal>
export async function Auth(request: Request, config: AuthConfigInput): Promise<Response>
export async function Auth(
  request: Request,
  config: AuthConfigInput,
): Promise<Response | ResponseInternal> {
  return handleAuth(request, config)
}
