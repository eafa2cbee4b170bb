import { type AuthConfig, setEnvDefaults, skipCSRFCheck } from "@auth/core"
import type { RequestEvent } from "@sveltejs/kit"
import { appBasePath } from "./base-path.js"
import { isDevServer, readEnv } from "./kit-env.js"

/** The config `SvelteKitAuth` takes: any Auth.js config but `raw`. */
export interface SvelteKitAuthConfig extends Omit<AuthConfig, "raw"> {}

/** A config, or a function of the request that makes one (for `event.platform` env, say). */
export type SvelteKitAuthConfigInput =
  | SvelteKitAuthConfig
  | ((event: RequestEvent) => SvelteKitAuthConfig | PromiseLike<SvelteKitAuthConfig>)

/** The config core gets for one request, in the two forms the integration uses. */
export interface RequestConfig {
  /** For `Auth()` on the routes and the session read: the user's config, completed. */
  readonly config: AuthConfig
  /**
   * For the form actions' own requests to core, which carry no CSRF token: SvelteKit refuses
   * cross-site form posts before any action runs, and that check is what protects them.
   */
  readonly actionConfig: AuthConfig
  /** Where the auth routes are: `config.basePath`. */
  readonly basePath: string
}

/** Why there is no config for a request: the user's config function threw or rejected. */
export interface ConfigFailure {
  readonly error: unknown
  /** The base path the routes would have had: the app's `paths.base` + `/auth`. */
  readonly basePath: string
}

/** The config of one request, or why it could not be made. */
export type ConfigResult =
  | { ok: true; value: RequestConfig }
  | { ok: false; failure: ConfigFailure }

/** Finds the config of a request: at once for a config object, later for a config function. */
export type ConfigLookup = (event: RequestEvent) => ConfigResult | Promise<ConfigResult>

/** How many base paths one config object is completed for before new ones stop being cached. */
const MAX_CACHED_BASE_PATHS = 8

/**
 * Makes the per-request config lookup for `SvelteKitAuth`. A config object is completed once
 * per base path (and cached): copied, `basePath` set to the user's or `<paths.base>/auth`, the
 * environment applied (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`, provider credentials);
 * the user's object is never changed. A config function runs on every request, as in Auth.js,
 * and its result is completed the same way.
 */
export function createConfigLookup(input: SvelteKitAuthConfigInput): ConfigLookup {
  const completed = new WeakMap<SvelteKitAuthConfig, Map<string, ConfigResult>>()
  const complete = (userConfig: SvelteKitAuthConfig, appBase: string): ConfigResult => {
    let byBase = completed.get(userConfig)
    let result = byBase?.get(appBase)
    if (!result) {
      result = { ok: true, value: completeConfig(userConfig, appBase) }
      if (!byBase) {
        byBase = new Map()
        completed.set(userConfig, byBase)
      }
      if (byBase.size < MAX_CACHED_BASE_PATHS) byBase.set(appBase, result)
    }
    return result
  }
  const failed = (error: unknown, appBase: string): ConfigResult => ({
    ok: false,
    failure: { error, basePath: `${appBase}/auth` },
  })
  if (typeof input !== "function") {
    // Synchronous: the hook answers an auth route without waiting a turn for its config.
    return (event) => {
      const appBase = appBasePath(event.url)
      try {
        return complete(input, appBase)
      } catch (error) {
        return failed(error, appBase)
      }
    }
  }
  // The hook and a form action handle the same request: the config function runs once for it.
  const perRequest = new WeakMap<Request, Promise<ConfigResult>>()
  const lookup = async (event: RequestEvent): Promise<ConfigResult> => {
    const appBase = appBasePath(event.url)
    try {
      return complete(await input(event), appBase)
    } catch (error) {
      return failed(error, appBase)
    }
  }
  return (event) => {
    let result = perRequest.get(event.request)
    if (!result) {
      result = lookup(event)
      perRequest.set(event.request, result)
    }
    return result
  }
}

/**
 * The user's config, copied and completed for an app whose `paths.base` is `appBase`.
 *
 * `trustHost` comes, in order, from the config, `AUTH_TRUST_HOST`, `AUTH_URL`, `VERCEL`,
 * `CF_PAGES`, and finally from whether this is the dev server; the published package set it
 * from the last one first, so `AUTH_TRUST_HOST` was ignored in production.
 */
export function completeConfig(userConfig: SvelteKitAuthConfig, appBase: string): RequestConfig {
  const config: AuthConfig = {
    ...userConfig,
    providers: [...(userConfig.providers ?? [])],
    basePath: normalizeBasePath(userConfig.basePath ?? `${appBase}/auth`),
  }
  // Core's last fallback for `trustHost` is NODE_ENV; here, whether this is the dev server.
  const env = readEnv({ NODE_ENV: isDevServer() ? "development" : "production" })
  // The base path SvelteKit serves from beats AUTH_URL's path, without a warning, as a mount
  // path does in Express; a basePath the user chose next to an AUTH_URL path is worth one.
  setEnvDefaults(env, config, userConfig.basePath === undefined)
  const basePath = config.basePath as string
  const actionConfig: AuthConfig = { ...config, skipCSRFCheck }
  return Object.freeze({ config, actionConfig, basePath })
}

/** `/a/b`: one leading slash, no trailing one (`"/"` and `""` are the root). */
function normalizeBasePath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "")
  return trimmed === "" ? "" : `/${trimmed}`
}
