import type { AuthError } from "../../errors.js"
import type { RateLimitStore } from "../../types/rate-limit.js"
import type { SessionStore } from "../../types/sessions.js"
import type { AuthConfig, PagesOptions } from "../../types.js"
import {
  DEFAULT_BASE_PATH,
  type EnvObject,
  normalizeBasePath,
  setEnvDefaults,
} from "../config/env.js"
import { resolveConfig } from "../config/resolve-config.js"
import { isPathUnder } from "../http/path-under.js"
import { type RequestTarget, resolveRequestURL } from "../http/request-url.js"
import { createMemoryStore } from "../rate-limit/store.js"
import { createMemorySessionStore } from "../session-store/memory.js"
import { raw, skipCSRFCheck } from "../symbols.js"
import { type IncomingRequest, incomingURL, trustsForwardedHeaders } from "./incoming-url.js"

/** How an integration serves the routes: what it knows that the config does not say. */
export interface PrepareConfigOptions {
  /**
   * Where the framework serves the auth routes (Express's mount path, Astro's `prefix`,
   * SvelteKit's `<paths.base>/auth`). The config's own `basePath` still wins; this one beats the
   * path of `AUTH_URL`, without a warning, since it is where requests arrive.
   */
  readonly basePath?: string
  /**
   * Where the routes are when neither the config, `basePath` nor `AUTH_URL`'s path names a
   * place: the integration's documented default.
   * @default "/auth"
   */
  readonly defaultBasePath?: string
  /**
   * A prefix every path of the app lives under (Next.js's `basePath`): the base path and the
   * relative `pages.*` paths are moved under it unless they already are.
   */
  readonly pathPrefix?: string
  /**
   * Whether this is a development server: the last fallback of `trustHost` (after the config,
   * `AUTH_TRUST_HOST`, `AUTH_URL`, `VERCEL` and `CF_PAGES`).
   * @default env.NODE_ENV !== "production"
   */
  readonly development?: boolean
  /**
   * What the default (in-memory) session and rate-limit stores belong to, when not the config
   * object: the config *function* of an integration whose function builds a new object per
   * request, so that every object it builds shares one store (else each request would start
   * with fresh counters, and a revocation would be forgotten at once).
   * @default the config object
   */
  readonly storesOwner?: object
}

/**
 * A config made ready for one integration, once: the environment applied on a copy (the
 * caller's object is never changed), the base path decided, the config checked. Every URL an
 * integration hands out is built from it.
 */
export interface PreparedConfig {
  /** What `Auth()` and the session reads get: the user's config, completed. */
  readonly config: AuthConfig
  /** Where the auth routes are: `/auth`, `/api/auth`, `/docs/api/auth`. */
  readonly basePath: string
  /** The sign-in page: `pages.signIn`, else `<basePath>/signin`. */
  readonly signInPage: string
  /**
   * The first mistake that stops the whole service (no or a weak secret in production, an
   * untrusted host, a missing adapter…), or `undefined`; nothing is logged for it here. A
   * provider that cannot serve (an OAuth provider the environment does not configure, WebAuthn)
   * is not one: it is left out, the others serve, and core warns once (`providers-unavailable`).
   * A mistake in the `rateLimit` option is left to the routes and `checkConfig`, which a startup
   * check should call (session reads, and with them edge bundles, never resolve the limits).
   */
  readonly error: AuthError | undefined
  /**
   * Whether a proxy's forwarded headers (`Forwarded`, `X-Forwarded-Host`, `X-Forwarded-Proto`)
   * decide a request's origin by default: only when the deployment declares a proxy
   * (`AUTH_TRUST_HOST=true`, `VERCEL`, `CF_PAGES`). `trustHost: true` in the config only accepts
   * the `Host` header: forwarded headers from a client talking to the app directly are forgeries.
   */
  readonly trustForwarded: boolean
  /** The environment the config was prepared with. */
  readonly env: EnvObject
  /** @internal The config for the server-side actions: `raw`, no CSRF check (see `signIn`). */
  readonly actionConfig: AuthConfig
  /**
   * The URL a request is handled as, or `null` when it names no valid host (answer `400`, as
   * RFC 9112 §3.2 asks). Always on `AUTH_URL`'s origin when that is set.
   * - A web `Request`: its URL as the framework built it; a `Host` header that is not a valid
   *   host gives `null` even when the framework put the request on another host.
   * - An {@link IncomingRequest} (a server without web `Request`s, or one whose `request.url`
   *   is not to be believed): the `Host` header on the connection's scheme, or the forwarded
   *   headers when the hop is trusted (`trustForwarded`, unless the request says).
   */
  requestURL(request: Request | IncomingRequest): URL | null
  /** `<origin><basePath>/<action>`, with a query when one is given. */
  actionURL(origin: string, action: string, query?: URLSearchParams | Record<string, string>): URL
  /** The sign-in page with `callbackUrl`, on `origin` unless `pages.signIn` is absolute. */
  signInURL(origin: string, callbackUrl: string): URL
  /**
   * Whether a path is one a route guard must never send to the sign-in page: the auth routes
   * (the sign-in flow runs through them) and the sign-in page itself, so guards cannot loop.
   */
  isAuthRoute(pathname: string): boolean
}

/** How many option sets one config object is prepared for before the oldest is made again. */
const MAX_PREPARED_PER_CONFIG = 1000

const prepared = new WeakMap<AuthConfig, Map<string, PreparedConfig>>()

/** The last prepared config per config and the options it was asked with: every request's path. */
const lastPrepared = new WeakMap<
  AuthConfig,
  { readonly options: PrepareConfigOptions; readonly prepared: PreparedConfig }
>()

/**
 * Prepares a config for an integration, once per config object and options (then cached): a
 * copy with the env defaults of core's `setEnvDefaults` (`AUTH_SECRET`, `AUTH_URL`,
 * `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID`…), the base path decided (the config's `basePath`,
 * else `options.basePath`, else `AUTH_URL`'s path, else `options.defaultBasePath`), and checked.
 * The environment is read the first time; pass the same config object on every request.
 *
 * @param config the user's config (never changed)
 * @param env the environment: the process's variables, `Deno.env.toObject()` on Deno, a Worker's bindings
 * @example
 * const prepared = prepareConfig(config, env, { defaultBasePath: "/api/auth" })
 * const error = checkConfig(prepared.config) // from "@auth/core": also checks `rateLimit`
 * if (error && env.NODE_ENV === "production") throw error
 * const url = prepared.requestURL(request)
 * if (!url) return new Response("Bad request.", { status: 400 })
 */
export function prepareConfig(
  config: AuthConfig,
  env: EnvObject,
  options: PrepareConfigOptions = {},
): PreparedConfig {
  const last = lastPrepared.get(config)
  if (last && sameOptions(last.options, options)) return last.prepared
  const entry = preparedFor(config, env, options)
  lastPrepared.set(config, { options: { ...options }, prepared: entry })
  return entry
}

function sameOptions(a: PrepareConfigOptions, b: PrepareConfigOptions): boolean {
  return (
    a.basePath === b.basePath &&
    a.defaultBasePath === b.defaultBasePath &&
    a.pathPrefix === b.pathPrefix &&
    a.development === b.development
  )
}

/** From the cache of every option set (least recently used out first), or built. */
function preparedFor(
  config: AuthConfig,
  env: EnvObject,
  options: PrepareConfigOptions,
): PreparedConfig {
  const key = `${options.basePath}\0${options.defaultBasePath}\0${options.pathPrefix}\0${options.development}`
  let byOptions = prepared.get(config)
  const cached = byOptions?.get(key)
  if (cached) {
    // Least recently used last: refreshed on every hit, so the oldest goes first.
    byOptions!.delete(key)
    byOptions!.set(key, cached)
    return cached
  }
  const entry = buildPreparedConfig(config, env, options)
  if (!byOptions) {
    byOptions = new Map()
    prepared.set(config, byOptions)
  }
  if (byOptions.size >= MAX_PREPARED_PER_CONFIG) {
    byOptions.delete(byOptions.keys().next().value as string)
  }
  byOptions.set(key, entry)
  return entry
}

function buildPreparedConfig(
  userConfig: AuthConfig,
  env: EnvObject,
  options: PrepareConfigOptions,
): PreparedConfig {
  const prefix = normalizeBasePath(options.pathPrefix ?? "")
  const copy: AuthConfig = { ...userConfig, providers: [...(userConfig.providers ?? [])] }
  const named = userConfig.basePath ?? options.basePath
  if (named !== undefined) copy.basePath = normalizeBasePath(named)
  const pages = prefix ? prefixPages(userConfig.pages, prefix) : undefined
  if (pages) copy.pages = pages
  // The development fallback of trustHost (and `production`, which refuses weak secrets) is
  // the integration's to say. A place the integration chose beats AUTH_URL's path without a
  // warning; the user's own basePath next to an AUTH_URL path is worth one.
  const development = options.development ?? env.NODE_ENV !== "production"
  const nodeEnv = development ? "development" : "production"
  // Read through, never spread: an integration's env may only answer by name (Astro's `getSecret`).
  const envForDefaults = new Proxy(env, {
    get: (target, name) => (name === "NODE_ENV" ? nodeEnv : Reflect.get(target, name)),
  })
  setEnvDefaults(envForDefaults, copy, userConfig.basePath === undefined)
  if (named === undefined && !pathOfUrl(env)) {
    copy.basePath = normalizeBasePath(options.defaultBasePath ?? DEFAULT_BASE_PATH)
  }
  copy.basePath = underPrefix(normalizeBasePath(copy.basePath ?? DEFAULT_BASE_PATH), prefix)
  withOwnStores(copy, options.storesOwner ?? userConfig)
  return createPrepared(copy, env)
}

function createPrepared(config: AuthConfig, env: EnvObject): PreparedConfig {
  const basePath = config.basePath as string
  const signInPage = config.pages?.signIn ?? `${basePath}/signin`
  const signInPath = URL.canParse(signInPage) ? undefined : pathOf(signInPage)
  const trustForwarded = trustsForwardedHeaders(env)
  const url = config.url
  const actionConfig: AuthConfig = { ...config, raw, skipCSRFCheck }
  return Object.freeze({
    config,
    basePath,
    signInPage,
    error: resolveConfig(config).error,
    trustForwarded,
    env,
    actionConfig,
    requestURL(request: Request | IncomingRequest): URL | null {
      if (request instanceof Request) return webRequestURL(request, url)
      return incomingURL(request, request.trustForwarded ?? trustForwarded, url)
    },
    actionURL(origin: string, action: string, query?: URLSearchParams | Record<string, string>) {
      const target = new URL(`${origin}${basePath}/${action}`)
      if (query) target.search = new URLSearchParams(query).toString()
      return target
    },
    signInURL(origin: string, callbackUrl: string): URL {
      const target = new URL(signInPage, origin)
      target.searchParams.set("callbackUrl", callbackUrl)
      return target
    },
    isAuthRoute(pathname: string): boolean {
      return isPathUnder(pathname, basePath) || pathname === signInPath
    },
  })
}

/**
 * A web request's URL, on `AUTH_URL`'s origin when set; `null` when its `Host` header names no
 * valid host (some frameworks then put the request on `localhost`, so the URL alone cannot tell).
 */
function webRequestURL(request: Request, url: string | URL | undefined): URL | null {
  // A server may build `request.url` from the `Host` header without parsing it
  // (@hono/node-server with `Host: 1.2.3.256`): then the URL names no valid host either.
  if (!URL.canParse(request.url)) return null
  const host = request.headers.get("host")
  if (host !== null) {
    const target: RequestTarget = { protocol: new URL(request.url).protocol, host, path: "/" }
    if (resolveRequestURL(target) === null) return null
  }
  return resolveRequestURL(request, { url })
}

/** The path of `AUTH_URL` (or `NEXTAUTH_URL`), unless it is `/` or the URL does not parse. */
function pathOfUrl(env: EnvObject): string | undefined {
  const value = env.AUTH_URL ?? env.NEXTAUTH_URL
  if (!value || !URL.canParse(value)) return undefined
  const path = normalizeBasePath(new URL(value).pathname)
  return path === "" ? undefined : path
}

/** `path` under `prefix`, unless it already is. */
function underPrefix(path: string, prefix: string): string {
  if (!prefix || path === prefix || path.startsWith(`${prefix}/`)) return path
  return `${prefix}${path}`
}

/** `pages.*` paths moved under `prefix`; `undefined` when nothing changes. */
function prefixPages(
  pages: Partial<PagesOptions> | undefined,
  prefix: string,
): Partial<PagesOptions> | undefined {
  if (!pages) return undefined
  const moved: Partial<PagesOptions> = { ...pages }
  for (const key of Object.keys(pages) as Array<keyof PagesOptions>) {
    const page = pages[key]
    if (typeof page === "string" && page.startsWith("/") && !page.startsWith("//")) {
      moved[key] = underPrefix(normalizeBasePath(page) || "/", prefix)
    }
  }
  return moved
}

function pathOf(path: string): string {
  return new URL(path, "http://path.invalid").pathname
}

/** The default stores of each config object an app passed to `prepareConfig`. */
const defaultStores = new WeakMap<object, { session: SessionStore; rateLimit: RateLimitStore }>()

/**
 * Gives a prepared config the default (in-memory) session and rate-limit stores of the app's
 * config object explicitly. A default store belongs to one resolved config; every config
 * prepared from the same object (an integration that prepares it for its routes and for its
 * helpers, at several mount paths) and every config derived from one (`actionConfig`, a session
 * reader's) must see the same revocations and counts.
 */
function withOwnStores(config: AuthConfig, owner: object): void {
  let stores = defaultStores.get(owner)
  if (!stores) {
    stores = { session: createMemorySessionStore(), rateLimit: createMemoryStore() }
    defaultStores.set(owner, stores)
  }
  if (config.session?.store === undefined) {
    config.session = { ...config.session, store: stores.session }
  }
  if (config.rateLimit !== false && config.rateLimit?.store === undefined) {
    config.rateLimit = { ...config.rateLimit, store: stores.rateLimit }
  }
}
