import type { AuthConfig } from "@auth/core"
import { type PreparedConfig, prepareConfig } from "@auth/core/server"
import type { RequestEvent } from "@sveltejs/kit"
import { authBasePath } from "./base-path.js"
import { authEnv, isDevServer } from "./kit-env.js"

/** The config `SvelteKitAuth` takes: any Auth.js config but `raw`. */
export interface SvelteKitAuthConfig extends Omit<AuthConfig, "raw"> {}

/** A config, or a function of the request that makes one (for `event.platform` env, say). */
export type SvelteKitAuthConfigInput =
  | SvelteKitAuthConfig
  | ((event: RequestEvent) => SvelteKitAuthConfig | PromiseLike<SvelteKitAuthConfig>)

/**
 * The prepared config of one request, or why there is none: the user's config function threw
 * or rejected (`basePath` is where the routes would have been, `<paths.base>/auth`).
 */
export type ConfigResult =
  | { readonly ok: true; readonly prepared: PreparedConfig }
  | { readonly ok: false; readonly error: unknown; readonly basePath: string }

/** Finds the config of a request: at once for a config object, later for a config function. */
export type ConfigLookup = (event: RequestEvent) => ConfigResult | Promise<ConfigResult>

/**
 * The user's config prepared by core for an app at `pageUrl` (cached there per config object):
 * the routes at the config's `basePath`, else `<paths.base>/auth`; `trustHost` on the dev
 * server when nothing else (`AUTH_TRUST_HOST`, `AUTH_URL`, …) decides it.
 */
export function prepare(
  config: SvelteKitAuthConfig,
  pageUrl: URL | string,
  storesOwner?: object,
): PreparedConfig {
  const basePath = authBasePath(pageUrl)
  return prepareConfig(config, authEnv, { basePath, development: isDevServer(), storesOwner })
}

/**
 * Makes the per-request config lookup for `SvelteKitAuth`. A config object is prepared once (by
 * core, which never changes it); a config function runs once per request, as in Auth.js, and
 * its result is prepared the same way.
 */
export function createConfigLookup(input: SvelteKitAuthConfigInput): ConfigLookup {
  if (typeof input !== "function") {
    // Synchronous: the hook answers an auth route without waiting a turn for its config.
    return (event) => {
      try {
        return { ok: true, prepared: prepare(input, event.url) }
      } catch (error) {
        return failed(error, event)
      }
    }
  }
  const lookup = async (event: RequestEvent): Promise<ConfigResult> => {
    try {
      // Every config the function makes shares the default stores of the function itself.
      return { ok: true, prepared: prepare(await input(event), event.url, input) }
    } catch (error) {
      return failed(error, event)
    }
  }
  // The hook and a form action handle the same request: the config function runs once for it.
  const perRequest = new WeakMap<Request, Promise<ConfigResult>>()
  return (event) => {
    let result = perRequest.get(event.request)
    if (!result) {
      result = lookup(event)
      perRequest.set(event.request, result)
    }
    return result
  }
}

function failed(error: unknown, event: RequestEvent): ConfigResult {
  return { ok: false, error, basePath: authBasePath(event.url) }
}
