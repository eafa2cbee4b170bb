import { AuthError } from "../../errors.js"
import type { AuthAction, AuthConfig } from "../../types.js"
import { serviceOriginOf, targetURL } from "../http/request-url.js"
import { providerEnvPrefix } from "./provider.js"

/** An environment: variable names to values, as an integration reads them from its runtime. */
export type EnvObject = Record<string, string | undefined>

const ACTIONS: ReadonlySet<string> = new Set<AuthAction>([
  "providers",
  "session",
  "csrf",
  "signin",
  "signout",
  "callback",
  "verify-request",
  "error",
  "webauthn-options",
])

/** Tells whether a string is one of the nine {@link AuthAction}s. */
export function isAuthAction(action: string): action is AuthAction {
  return ACTIONS.has(action)
}

/**
 * The default path the actions are served under, in core, Express and SvelteKit (Next.js, Hono,
 * Astro and SolidStart default to `/api/auth`, as Auth.js's packages for them do).
 */
export const DEFAULT_BASE_PATH = "/auth"

/** Reads a variable by its `AUTH_` name, or by its legacy `NEXTAUTH_` alias. */
function readEnv(env: EnvObject, name: string): string | undefined {
  return env[`AUTH_${name}`] ?? env[`NEXTAUTH_${name}`]
}

/**
 * `AUTH_TRUST_HOST` and friends as booleans: `"false"` and `"0"` mean false (Auth.js treats any
 * non-empty string as true).
 */
export function parseBooleanEnv(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  const normalized = value.trim().toLowerCase()
  if (normalized === "" || normalized === "false" || normalized === "0" || normalized === "no") {
    return false
  }
  return true
}

/** Turns a base path into the canonical `/a/b` form: leading slash, no trailing slash. */
export function normalizeBasePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "")
  if (trimmed === "") return ""
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`
}

/**
 * Sets the env-derived defaults on a config, as every integration does once for its config:
 * `url` from `AUTH_URL` (so its origin, not the request's `Host`, is the origin of every URL the
 * service hands out), `basePath` from the path of `AUTH_URL`, `secret` from `AUTH_SECRET` (plus
 * `AUTH_SECRET_1..3` for rotation, newest first), `redirectProxyUrl` and
 * `redirectProxyAllowedOrigins`, `trustHost`, and each provider's
 * `clientId` / `clientSecret` / `issuer` / `apiKey` from `AUTH_<PROVIDER>_ID` / `_SECRET` /
 * `_ISSUER` / `_KEY`. Values already in the config win. Legacy `NEXTAUTH_` names are aliases.
 *
 * @param env the environment: `process.env` on Node, `Deno.env.toObject()` on Deno, a Worker's bindings
 * @param config the config to complete; it is updated in place
 * @param suppressBasePathWarning do not warn when both `AUTH_URL` and `basePath` name a path
 * @example
 * setEnvDefaults(env, config)
 */
export function setEnvDefaults(
  env: EnvObject,
  config: AuthConfig,
  suppressBasePathWarning = false,
): void {
  const authUrl = readEnv(env, "URL")
  if (authUrl) {
    const envPath = pathOf(authUrl)
    if (config.basePath) {
      if (!suppressBasePathWarning && envPath && envPath !== "/") {
        warn(config, "env-url-basepath-redundant")
      }
    } else if (envPath && envPath !== "/") {
      config.basePath = normalizeBasePath(envPath)
    }
  }
  config.basePath ??= DEFAULT_BASE_PATH
  if (authUrl) config.url ??= authUrl

  if (!config.secret || config.secret.length === 0) {
    const secrets = [
      env.AUTH_SECRET_3,
      env.AUTH_SECRET_2,
      env.AUTH_SECRET_1,
      readEnv(env, "SECRET"),
    ]
    const present = secrets.filter((secret): secret is string => Boolean(secret))
    if (present.length > 0) config.secret = present
  }

  config.redirectProxyUrl ??= readEnv(env, "REDIRECT_PROXY_URL")
  config.redirectProxyAllowedOrigins ??= splitList(env.AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS)
  config.trustedProxies ??= splitList(env.AUTH_TRUSTED_PROXIES)
  config.trustHost ??=
    parseBooleanEnv(env.AUTH_TRUST_HOST) ??
    (authUrl ? true : undefined) ??
    parseBooleanEnv(env.VERCEL) ??
    parseBooleanEnv(env.CF_PAGES) ??
    env.NODE_ENV !== "production"
  // Production refuses weak secrets (resolveConfig), instead of only warning about them.
  config.production ??= env.NODE_ENV === "production"

  config.providers = config.providers.map((provider) => applyProviderEnv(env, provider))
}

type ProviderEntry = AuthConfig["providers"][number]

function applyProviderEnv(env: EnvObject, provider: ProviderEntry): ProviderEntry {
  const probe = probeProvider(provider)
  if (!probe) return provider
  const options = probe.options as Record<string, unknown> | undefined
  const id = String(options?.id ?? probe.id ?? "")
  if (!id) return provider
  const prefix = providerEnvPrefix(id)
  const fromEnv = {
    clientId: env[`${prefix}_ID`],
    clientSecret: env[`${prefix}_SECRET`],
    issuer: env[`${prefix}_ISSUER`],
    apiKey: env[`${prefix}_KEY`],
  }
  const resolved = (typeof provider === "function"
    ? provider(withoutUndefined(fromEnv))
    : provider) as unknown as Record<string, unknown>
  const completed: Record<string, unknown> = { ...resolved }
  if (resolved.type === "oauth" || resolved.type === "oidc") {
    completed.clientId ??= fromEnv.clientId
    completed.clientSecret ??= fromEnv.clientSecret
    completed.issuer ??= fromEnv.issuer
  } else if (resolved.type === "email") {
    completed.apiKey ??= fromEnv.apiKey
  }
  return completed as unknown as ProviderEntry
}

/** Reads a provider's id without failing: a factory may throw until its options are complete. */
function probeProvider(provider: ProviderEntry): Record<string, unknown> | undefined {
  try {
    return (typeof provider === "function" ? provider() : provider) as unknown as Record<
      string,
      unknown
    >
  } catch {
    return undefined
  }
}

function withoutUndefined(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname
  } catch {
    return undefined
  }
}

function warn(
  config: AuthConfig,
  code: "env-url-basepath-redundant" | "env-url-basepath-mismatch",
) {
  const logger = config.logger?.warn
  if (logger) logger(code)
  else console.warn(`[auth][warn][${code}]`)
}

/**
 * Builds the absolute URL of an action, for the server-side helpers of integrations. The origin
 * is that of `config.url`, else `AUTH_URL` (as `Auth()` uses it: the two always agree); without
 * either, it comes from the `Host` header and `protocol`, and, only when `config.trustHost` is
 * true, from `X-Forwarded-Host` and `X-Forwarded-Proto` (Auth.js trusts forwarded headers
 * always). The path is `basePath` (else the path of `AUTH_URL`) and the action.
 *
 * @throws {TypeError} when `AUTH_URL` is not a URL, or, without one, when the host is not a valid
 *   URL host (see {@link resolveRequestURL}: such requests deserve a 400)
 * @example
 * createActionURL("session", "https", headers, env, { basePath: "/auth" })
 * // → https://example.com/auth/session
 */
export function createActionURL(
  action: AuthAction,
  protocol: string | undefined,
  headers: Headers,
  envObject: EnvObject,
  config: Pick<AuthConfig, "basePath" | "logger" | "trustHost" | "url">,
): URL {
  const basePath = config.basePath
  const serviceUrl = config.url ?? readEnv(envObject, "URL")
  const base = serviceUrl
    ? serviceBase(serviceUrl, basePath, config)
    : hostOrigin(protocol, headers, config.trustHost === true)
  const path = (basePath ?? "").replace(/^\/+|\/+$/g, "")
  return new URL(path ? `${base}/${path}/${action}` : `${base}/${action}`)
}

/** The origin of the app's URL, plus its path when there is no `basePath` to use instead. */
function serviceBase(
  serviceUrl: string,
  basePath: string | undefined,
  config: Pick<AuthConfig, "logger">,
): string {
  const origin = serviceOriginOf(serviceUrl)
  if (origin === undefined) {
    throw new TypeError(
      `AUTH_URL "${serviceUrl}" is not an absolute http(s) URL. Set it to the app's public URL, for example https://app.example.com/auth.`,
    )
  }
  const envPath = new URL(serviceUrl).pathname
  if (basePath && basePath !== "/" && envPath !== "/") {
    if (envPath.replace(/\/$/, "") !== basePath.replace(/\/$/, "")) {
      config.logger?.warn?.("env-url-basepath-mismatch")
    }
    return origin
  }
  return `${origin}${envPath}`.replace(/\/$/, "")
}

/** The origin named by the request's headers, forwarded ones only when trusted. */
function hostOrigin(protocol: string | undefined, headers: Headers, trusted: boolean): string {
  const host = (trusted ? headers.get("x-forwarded-host") : null) ?? headers.get("host")
  const proto = (trusted ? headers.get("x-forwarded-proto") : null) ?? protocol ?? "https"
  // The same decision as for every request (`resolveRequestURL`), so the two always agree.
  const origin = targetURL({ protocol: proto, host, path: "/" }, undefined)?.origin
  if (origin === undefined) {
    throw new TypeError(
      `The request's host "${host}" on "${proto}" is not a valid URL host. Answer such requests with 400 (resolveRequestURL tells which).`,
    )
  }
  return origin
}

/**
 * The mistake in the app's URL (`AuthConfig.url`, from `AUTH_URL`), if any: it must be an
 * absolute http(s) URL, since its origin becomes the origin of every URL the service hands out.
 */
export function findServiceUrlError(url: unknown): AuthError | undefined {
  if (url === undefined) return undefined
  if ((typeof url === "string" || url instanceof URL) && serviceOriginOf(url) !== undefined) {
    return undefined
  }
  return new AuthError(
    `The app's URL ("url", or AUTH_URL) is ${JSON.stringify(String(url))}, which is not an absolute http(s) URL. Set it to the app's public URL, for example https://app.example.com/auth.`,
  )
}

/** A comma-separated env value as a list, without empty entries; `undefined` when unset. */
function splitList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
  return entries.length > 0 ? entries : undefined
}
