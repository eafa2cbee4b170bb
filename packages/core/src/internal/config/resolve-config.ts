import type { Adapter } from "../../adapters.js"
import {
  AdapterError,
  type AuthError,
  AuthError as BaseAuthError,
  EventError,
} from "../../errors.js"
import type { CookiesOptions } from "../../types/cookies.js"
import type { JWTOptions } from "../../types/jwt.js"
import type { RateLimitOptions } from "../../types/rate-limit.js"
import type { SessionStore } from "../../types/sessions.js"
import type { Theme } from "../../types/theme.js"
import type {
  AuthConfig,
  CallbacksOptions,
  EventCallbacks,
  FrameAncestors,
  PagesOptions,
  SessionOptions,
} from "../../types.js"
import {
  defaultCookies,
  hostOnlySessionCookieConflict,
  mergeCookies,
  type ResolvedCookies,
} from "../cookies/defaults.js"
import { clientAddressOf, compileTrustedProxies } from "../http/client-address.js"
import { resolveFrameAncestors } from "../http/page-headers.js"
import { serviceOriginOf } from "../http/request-url.js"
import { decodeHeld } from "../jwt/decrypted-tokens.js"
import { encode } from "../jwt/token.js"
import { redactAdapterArgs } from "../log-redaction.js"
import { createLogger, type LoggerInstance, warnOnce } from "../logger.js"
import { createMemorySessionStore } from "../session-store/memory.js"
import { raw, skipCSRFCheck } from "../symbols.js"
import { findConfigError } from "./assert.js"
import {
  defaultCallbacks,
  SESSION_CACHE_MAX_AGE_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
} from "./defaults.js"
import { DEFAULT_BASE_PATH, findServiceUrlError, normalizeBasePath } from "./env.js"
import { type InternalProvider, normalizeProvider } from "./provider.js"
import {
  findProviderProblem,
  type ProviderProblem,
  unavailableProvidersMessage,
} from "./provider-problems.js"
import { type OriginPattern, parseAllowedOrigins } from "./redirect-proxy-origins.js"
import { isWeakSecret } from "./secret-strength.js"

/** A config with every default applied, checked once and frozen. */
export interface ResolvedConfig {
  readonly basePath: string
  /** The secrets, newest first: the first one encrypts, any of them decrypts. */
  readonly secrets: readonly string[]
  /** The providers that serve, in config order: what `/providers` and the sign-in page show. */
  readonly providers: readonly InternalProvider[]
  readonly providerById: ReadonlyMap<string, InternalProvider>
  /**
   * Listed providers left out, by id, with why: an OAuth provider the environment does not
   * configure, a WebAuthn provider. Their sign-in answers with the `Configuration` error.
   */
  readonly unavailableProviders: ReadonlyMap<string, ProviderProblem>
  /**
   * The session options; `store` is `undefined` when JWT sessions are not revocable, and
   * `cookieCache` is `undefined` unless database sessions are cached in a cookie.
   */
  readonly session: Readonly<ResolvedSessionOptions>
  readonly jwt: Readonly<JWTOptions>
  readonly callbacks: Readonly<CallbacksOptions>
  readonly events: Readonly<Partial<EventCallbacks>>
  readonly pages: Readonly<Partial<PagesOptions>>
  readonly theme: Readonly<Theme>
  /** Who may frame the built-in pages (`frameAncestors`). */
  readonly frameAncestors: FrameAncestors
  readonly logger: LoggerInstance
  /** The adapter, each method wrapped to log its calls and turn failures into `AdapterError`. */
  readonly adapter: Adapter | undefined
  /** Cookie names and options for https:// (`secure`) and http:// requests. */
  readonly cookies: { readonly secure: ResolvedCookies; readonly insecure: ResolvedCookies }
  readonly useSecureCookies: boolean | undefined
  readonly skipCSRFCheck: boolean
  readonly raw: boolean
  readonly redirectProxyUrl: string | undefined
  /** Origins a redirect proxy forwards to (`redirectProxyAllowedOrigins`), parsed. */
  readonly redirectProxyAllowedOrigins: readonly OriginPattern[]
  /**
   * The origin of the app's URL (`url`, by default `AUTH_URL`): when set, every request is
   * handled on it, whatever its `Host` said.
   */
  readonly origin: string | undefined
  readonly experimental: { readonly enableWebAuthn: boolean }
  /**
   * The `rateLimit` option as given: the routes resolve it when they first need it
   * (`rateLimitOf`), so that session reads never carry the rules.
   */
  readonly rateLimitOptions: RateLimitOptions | false | undefined
  /**
   * The address of the client a request comes from, through `trustedProxies` (the socket
   * peer the integration attached, or a trusted proxy's forwarded entry), or `undefined`.
   */
  readonly clientAddress: (request: Request) => string | undefined
  /**
   * The first mistake that stops the whole service, reported on every request until it is fixed
   * (a provider that cannot serve is not one: see `unavailableProviders`).
   */
  readonly error: AuthError | undefined
}

const cache = new WeakMap<AuthConfig, ResolvedConfig>()

/**
 * Applies defaults to a config and checks it, once per config object (the result is cached and
 * frozen). The input is never mutated and nothing is shared between configs.
 */
export function resolveConfig(config: AuthConfig): ResolvedConfig {
  const cached = cache.get(config)
  if (cached) return cached
  const resolved = buildResolvedConfig(config)
  cache.set(config, resolved)
  return resolved
}

function buildResolvedConfig(config: AuthConfig): ResolvedConfig {
  const logger = createLogger(config)
  const secrets = toSecretList(config.secret)
  const basePath = normalizeBasePath(config.basePath ?? DEFAULT_BASE_PATH)
  let listed: InternalProvider[] = []
  let providerError: AuthError | undefined
  try {
    listed = (config.providers ?? []).map(normalizeProvider)
  } catch (error) {
    providerError = asAuthError(error)
  }
  const { providers, unavailable } = splitProviders(listed)
  const strategy = config.session?.strategy ?? (config.adapter ? "database" : "jwt")
  const cookieCache = resolveCookieCache(config.session?.cookieCache, strategy)
  const session: ResolvedSessionOptions = {
    strategy,
    maxAge: config.session?.maxAge ?? SESSION_MAX_AGE_SECONDS,
    updateAge: config.session?.updateAge ?? SESSION_UPDATE_AGE_SECONDS,
    generateSessionToken: config.session?.generateSessionToken ?? (() => crypto.randomUUID()),
    store:
      config.session?.store === false
        ? undefined
        : (config.session?.store ?? createMemorySessionStore()),
    storeTokens: config.session?.storeTokens === true,
    cookieCache: cookieCache.options,
  }
  const jwt: JWTOptions = {
    secret: [...secrets],
    maxAge: config.jwt?.maxAge ?? session.maxAge,
    encode: config.jwt?.encode ?? encode,
    decode: config.jwt?.decode ?? decodeHeld,
    allowA256GCM: config.jwt?.allowA256GCM === true,
  }
  const adapter = config.adapter ? wrapAdapter(config.adapter, logger) : undefined
  const allowedOrigins = parseAllowedOrigins(config.redirectProxyAllowedOrigins)
  const clientAddress = clientAddressRule(config.trustedProxies)
  const framing = resolveFrameAncestors(config.frameAncestors)
  const error =
    providerError ??
    findConfigError({
      // With the app's URL set, the request's Host decides nothing that needs trusting.
      trustHost: Boolean(config.trustHost ?? config.url),
      secrets,
      // Every listed provider: what the code asks for (an adapter's methods, unique ids) is the
      // same in every environment, whichever providers the environment configures.
      providers: listed,
      strategy,
      adapter,
      redirectProxyUrl: config.redirectProxyUrl,
      production: config.production === true,
    }) ??
    findServiceUrlError(config.url) ??
    allowedOrigins.error ??
    clientAddress.error ??
    framing.error ??
    cookieCache.error ??
    cookieOptionError(config)
  if (config.debug) logger.warn("debug-enabled")
  if (secrets.some(isWeakSecret)) logger.warn("weak-secret")
  // Weakening options are logged once, when the config is resolved.
  if (jwt.allowA256GCM) logger.warn("jwt-a256gcm-allowed")
  if (config.rateLimit === false) logger.warn("rate-limit-disabled")
  // Told once (at startup, for integrations that prepare the config then) with every fix at
  // once, also next to a mistake that stops the service: one restart fixes all of them.
  if (unavailable.size > 0) {
    const message = unavailableProvidersMessage([...unavailable.values()])
    warnOnce(logger, config.logger, "providers-unavailable", message)
  }

  return Object.freeze({
    basePath,
    secrets: Object.freeze(secrets),
    providers: Object.freeze(providers),
    providerById: new Map(providers.map((provider) => [provider.id, provider])),
    unavailableProviders: unavailable,
    session: Object.freeze(session),
    jwt: Object.freeze(jwt),
    callbacks: Object.freeze({ ...defaultCallbacks, ...withoutUndefined(config.callbacks) }),
    events: Object.freeze({ ...config.events }),
    pages: Object.freeze({ ...config.pages }),
    // Auth.js's defaults: custom `sendVerificationRequest`s read `theme.brandColor` and friends.
    theme: Object.freeze({
      colorScheme: "auto",
      logo: "",
      brandColor: "",
      buttonText: "",
      ...config.theme,
    }),
    frameAncestors: framing.frameAncestors,
    logger,
    adapter,
    cookies: Object.freeze(resolveCookies(config.cookies, config.hostOnlySessionCookie === true)),
    useSecureCookies: config.useSecureCookies,
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheck,
    raw: config.raw === raw,
    redirectProxyUrl: config.redirectProxyUrl,
    redirectProxyAllowedOrigins: allowedOrigins.patterns,
    origin: serviceOriginOf(config.url),
    experimental: Object.freeze({ enableWebAuthn: Boolean(config.experimental?.enableWebAuthn) }),
    rateLimitOptions: config.rateLimit,
    clientAddress: clientAddress.rule,
    error,
  })
}

/** The providers that serve, and the others with what keeps each from serving. */
function splitProviders(listed: readonly InternalProvider[]): {
  providers: InternalProvider[]
  unavailable: Map<string, ProviderProblem>
} {
  const providers: InternalProvider[] = []
  const unavailable = new Map<string, ProviderProblem>()
  for (const provider of listed) {
    const problem = findProviderProblem(provider)
    if (problem) unavailable.set(provider.id, problem)
    else providers.push(provider)
  }
  return { providers, unavailable }
}

/** The session options as resolved. */
type ResolvedSessionOptions = SessionOptions & {
  store: SessionStore | undefined
  cookieCache: { readonly maxAge: number } | undefined
}

/**
 * `session.cookieCache` as resolved: `undefined` unless set for database sessions, with a
 * positive number of seconds (300 unless given).
 */
function resolveCookieCache(
  option: SessionOptions["cookieCache"],
  strategy: SessionOptions["strategy"],
): { options?: { readonly maxAge: number }; error?: AuthError } {
  if (!option || strategy !== "database") return {}
  const maxAge = option.maxAge ?? SESSION_CACHE_MAX_AGE_SECONDS
  if (typeof maxAge !== "number" || !Number.isFinite(maxAge) || maxAge <= 0) {
    const error = new BaseAuthError(
      `session.cookieCache.maxAge must be a positive number of seconds; it is ${String(maxAge)}.`,
    )
    return { error }
  }
  return { options: Object.freeze({ maxAge }) }
}

function toSecretList(secret: AuthConfig["secret"]): string[] {
  const list = Array.isArray(secret) ? secret : secret ? [secret] : []
  return list.filter((value): value is string => typeof value === "string" && value.length > 0)
}

function resolveCookies(overrides: Partial<CookiesOptions> | undefined, hostOnly: boolean) {
  const options = { hostOnlySessionCookie: hostOnly }
  return {
    secure: mergeCookies(defaultCookies(true, options), overrides),
    insecure: mergeCookies(defaultCookies(false, options), overrides),
  }
}

/** `hostOnlySessionCookie` with a `Domain` or `Path` the `__Host-` prefix forbids. */
function cookieOptionError(config: AuthConfig): AuthError | undefined {
  if (config.hostOnlySessionCookie !== true) return undefined
  const conflict = hostOnlySessionCookieConflict(config.cookies)
  if (!conflict) return undefined
  return new BaseAuthError(
    `hostOnlySessionCookie names the session cookie __Host-…, which browsers accept only without a Domain and with Path=/, but ${conflict}. Remove one of the two.`,
  )
}

function withoutUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {}
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

function asAuthError(error: unknown): AuthError {
  return error instanceof AdapterError || (error instanceof Error && "type" in error)
    ? (error as AuthError)
    : new AdapterError(error instanceof Error ? error : new Error(String(error)))
}

/**
 * Wraps every adapter method: its call is logged at debug level and a failure becomes an
 * `AdapterError` carrying the original error as cause.
 */
function wrapAdapter(adapter: Adapter, logger: LoggerInstance): Adapter {
  const wrapped: Record<string, unknown> = {}
  for (const [name, method] of Object.entries(adapter)) {
    if (typeof method !== "function") continue
    if (name === "ping") {
      // Called by every health check: its failure is logged there, once per outage.
      wrapped[name] = () => method.apply(adapter)
      continue
    }
    wrapped[name] = async (...args: unknown[]) => {
      logger.debug(`adapter_${name}`, { args: redactAdapterArgs(name, args) })
      try {
        return await method.apply(adapter, args)
      } catch (error) {
        const cause = error instanceof Error ? error : new Error(String(error))
        // Auth.js leaves the message empty; the log line says which method failed, and why.
        const adapterError = new AdapterError(
          `The adapter's ${name} failed: ${cause.message || cause.name}`,
          { cause: { err: cause } },
        )
        logger.error(adapterError)
        throw adapterError
      }
    }
  }
  return wrapped as Adapter
}

/** Calls an event handler; a failure is logged as `EventError` and never breaks the flow. */
export async function emitEvent<K extends keyof EventCallbacks>(
  config: ResolvedConfig,
  name: K,
  message: Parameters<EventCallbacks[K]>[0],
): Promise<void> {
  const handler = config.events[name] as ((message: unknown) => unknown) | undefined
  if (!handler) return
  try {
    await handler(message)
  } catch (error) {
    config.logger.error(new EventError(error instanceof Error ? error : new Error(String(error))))
  }
}

/** The client-address rule of a config's `trustedProxies`, and the mistake in the list, if any. */
function clientAddressRule(trustedProxies: AuthConfig["trustedProxies"]): {
  rule: (request: Request) => string | undefined
  error: AuthError | undefined
} {
  const { matcher, invalid } = compileTrustedProxies(trustedProxies)
  const error =
    invalid.length === 0
      ? undefined
      : new BaseAuthError(
          `trustedProxies (or AUTH_TRUSTED_PROXIES) has entries that are neither an address, a CIDR range nor "loopback" / "private": ${invalid.map((entry) => JSON.stringify(entry)).join(", ")}.`,
        )
  return { rule: (request) => clientAddressOf(request, matcher), error }
}
