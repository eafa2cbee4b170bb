import type { Adapter } from "../../adapters.js"
import { AdapterError, type AuthError, EventError } from "../../errors.js"
import { decode, encode, type JWTOptions } from "../../jwt.js"
import type {
  AuthConfig,
  CallbacksOptions,
  CookiesOptions,
  EventCallbacks,
  PagesOptions,
  SessionOptions,
  Theme,
} from "../../types.js"
import { defaultCookies, mergeCookies, type ResolvedCookies } from "../cookies/defaults.js"
import { createLogger, type LoggerInstance } from "../logger.js"
import { raw, skipCSRFCheck } from "../symbols.js"
import { findConfigError } from "./assert.js"
import {
  defaultCallbacks,
  SESSION_MAX_AGE_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
} from "./defaults.js"
import { DEFAULT_BASE_PATH, normalizeBasePath } from "./env.js"
import { type InternalProvider, normalizeProvider } from "./provider.js"

/** A config with every default applied, checked once and frozen. */
export interface ResolvedConfig {
  readonly basePath: string
  /** The secrets, newest first: the first one encrypts, any of them decrypts. */
  readonly secrets: readonly string[]
  readonly providers: readonly InternalProvider[]
  readonly providerById: ReadonlyMap<string, InternalProvider>
  readonly session: Readonly<SessionOptions>
  readonly jwt: Readonly<JWTOptions>
  readonly callbacks: Readonly<CallbacksOptions>
  readonly events: Readonly<Partial<EventCallbacks>>
  readonly pages: Readonly<Partial<PagesOptions>>
  readonly theme: Readonly<Theme>
  readonly logger: LoggerInstance
  /** The adapter, each method wrapped to log its calls and turn failures into `AdapterError`. */
  readonly adapter: Adapter | undefined
  /** Cookie names and options for https:// (`secure`) and http:// requests. */
  readonly cookies: { readonly secure: ResolvedCookies; readonly insecure: ResolvedCookies }
  readonly useSecureCookies: boolean | undefined
  readonly skipCSRFCheck: boolean
  readonly raw: boolean
  readonly redirectProxyUrl: string | undefined
  readonly experimental: { readonly enableWebAuthn: boolean }
  /** The first config mistake, reported on every request until it is fixed. */
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
  let providers: InternalProvider[] = []
  let providerError: AuthError | undefined
  try {
    providers = (config.providers ?? []).map(normalizeProvider)
  } catch (error) {
    providerError = asAuthError(error)
  }
  const strategy = config.session?.strategy ?? (config.adapter ? "database" : "jwt")
  const session: SessionOptions = {
    strategy,
    maxAge: config.session?.maxAge ?? SESSION_MAX_AGE_SECONDS,
    updateAge: config.session?.updateAge ?? SESSION_UPDATE_AGE_SECONDS,
    generateSessionToken: config.session?.generateSessionToken ?? (() => crypto.randomUUID()),
  }
  const jwt: JWTOptions = {
    secret: [...secrets],
    maxAge: config.jwt?.maxAge ?? session.maxAge,
    encode: config.jwt?.encode ?? encode,
    decode: config.jwt?.decode ?? decode,
  }
  const adapter = config.adapter ? wrapAdapter(config.adapter, logger) : undefined
  const error =
    providerError ??
    findConfigError({
      trustHost: Boolean(config.trustHost),
      secrets,
      providers,
      strategy,
      adapter,
      redirectProxyUrl: config.redirectProxyUrl,
    })
  if (config.debug) logger.warn("debug-enabled")
  if (secrets.some((secret) => secret.length < 32)) logger.warn("weak-secret")

  return Object.freeze({
    basePath,
    secrets: Object.freeze(secrets),
    providers: Object.freeze(providers),
    providerById: new Map(providers.map((provider) => [provider.id, provider])),
    session: Object.freeze(session),
    jwt: Object.freeze(jwt),
    callbacks: Object.freeze({ ...defaultCallbacks, ...withoutUndefined(config.callbacks) }),
    events: Object.freeze({ ...config.events }),
    pages: Object.freeze({ ...config.pages }),
    theme: Object.freeze({ colorScheme: "auto", ...config.theme }),
    logger,
    adapter,
    cookies: Object.freeze(resolveCookies(config.cookies)),
    useSecureCookies: config.useSecureCookies,
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheck,
    raw: config.raw === raw,
    redirectProxyUrl: config.redirectProxyUrl,
    experimental: Object.freeze({ enableWebAuthn: Boolean(config.experimental?.enableWebAuthn) }),
    error,
  })
}

function toSecretList(secret: AuthConfig["secret"]): string[] {
  const list = Array.isArray(secret) ? secret : secret ? [secret] : []
  return list.filter((value): value is string => typeof value === "string" && value.length > 0)
}

function resolveCookies(overrides: Partial<CookiesOptions> | undefined) {
  return {
    secure: mergeCookies(defaultCookies(true), overrides),
    insecure: mergeCookies(defaultCookies(false), overrides),
  }
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
    wrapped[name] = async (...args: unknown[]) => {
      logger.debug(`adapter_${name}`, { args })
      try {
        return await method.apply(adapter, args)
      } catch (error) {
        const adapterError = new AdapterError(
          error instanceof Error ? error : new Error(String(error)),
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
