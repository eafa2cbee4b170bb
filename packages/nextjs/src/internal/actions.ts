import type { Session } from "@auth/core/types"
import { redirect } from "next/navigation.js"
import type { ResolvedNextAuthConfig } from "./config.js"
import { actionRequest, redirectOf, runAction } from "./internal-request.js"
import type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "./types.js"

/**
 * `signIn` for server actions. The callback URL is `redirectTo`, else the page the action was
 * posted from (`Referer`), else `/`; core's `redirect` callback keeps it on the app's origin.
 * Without a provider, or with one the config does not have, it goes to the sign-in page.
 * Credentials providers post to `/callback/<id>`, the others to `/signin/<id>`.
 *
 * @returns the URL to go to, with `redirect: false`; otherwise it redirects (Next.js `redirect()`)
 * @throws {AuthError} when the sign-in fails (`CredentialsSignin` for wrong credentials)
 */
export async function signInAction(
  config: ResolvedNextAuthConfig,
  provider: string | undefined,
  options: SignInOptions<boolean> | undefined,
  authorizationParams: SignInAuthorizationParams | undefined,
): Promise<string> {
  const request = await actionRequest(config)
  const { redirect: redirectOption, redirectTo, ...fields } = fieldsOf(options)
  const shouldRedirect = redirectOption !== false && redirectOption !== "false"
  const callbackUrl = stringOf(redirectTo) ?? request.headers.get("referer") ?? "/"
  const found = provider === undefined ? undefined : findProvider(config, provider)

  if (!found) {
    const signInPage = `${request.origin}${config.basePath}/signin?${new URLSearchParams({ callbackUrl })}`
    return finish(signInPage, shouldRedirect)
  }
  const action = found.type === "credentials" ? "callback" : "signin"
  const query = new URLSearchParams(authorizationParams).toString()
  const path = `${action}/${encodeURIComponent(found.id)}${query ? `?${query}` : ""}`
  const body = new URLSearchParams({ ...stringFields(fields), callbackUrl })
  const result = await runAction(config, request, path, body)
  return finish(redirectOf(result) ?? `${request.origin}${config.basePath}/${path}`, shouldRedirect)
}

/**
 * `signOut` for server actions: ends the session (database sessions are deleted) and clears
 * the cookie, then goes to `redirectTo`, else the `Referer`, else `/`.
 *
 * @returns `{ redirect }` with `redirect: false`; otherwise it redirects
 */
export async function signOutAction(
  config: ResolvedNextAuthConfig,
  options: SignOutOptions<boolean> | undefined,
): Promise<{ redirect?: string }> {
  const request = await actionRequest(config)
  const callbackUrl = options?.redirectTo ?? request.headers.get("referer") ?? "/"
  const result = await runAction(config, request, "signout", new URLSearchParams({ callbackUrl }))
  const target = redirectOf(result)
  if (options?.redirect !== false && target) redirect(target)
  return result instanceof Response ? { redirect: target } : result
}

/**
 * `unstable_update` / `updateSession` for server actions: POST `/session` with `{ data }`; the
 * `jwt` callback receives `trigger: "update"` and `session: data` (database sessions: the
 * `session` callback receives `newSession`). Returns the new session as `/session` sends it,
 * or `null`.
 */
export async function updateAction(
  config: ResolvedNextAuthConfig,
  data: unknown,
): Promise<Session | null> {
  const request = await actionRequest(config)
  const result = await runAction(config, request, "session", { json: { data } })
  if (result instanceof Response) return null
  return (result.body ?? null) as Session | null
}

function finish(url: string, shouldRedirect: boolean): string {
  if (shouldRedirect) redirect(url)
  return url
}

/** A provider of the config by id, with its type (factories are called to read them). */
function findProvider(
  config: ResolvedNextAuthConfig,
  id: string,
): { id: string; type: unknown } | undefined {
  for (const entry of config.auth.providers) {
    const provider = readProvider(entry)
    if (!provider) continue
    const options = isRecord(provider.options) ? provider.options : {}
    const providerId = options.id ?? provider.id
    if (providerId === id) return { id, type: options.type ?? provider.type }
  }
  return undefined
}

function readProvider(entry: unknown): Record<string, unknown> | undefined {
  try {
    const provider: unknown = typeof entry === "function" ? entry() : entry
    return isRecord(provider) ? provider : undefined
  } catch {
    return undefined
  }
}

/** The options as fields: a `FormData` flattened (Next.js's own `$ACTION_…` fields left out). */
function fieldsOf(options: SignInOptions<boolean> | undefined): Record<string, unknown> {
  if (!options) return {}
  if (!(options instanceof FormData)) return options
  const fields: Record<string, unknown> = {}
  for (const [key, value] of options) {
    if (typeof value === "string" && !key.startsWith("$ACTION")) fields[key] = value
  }
  return fields
}

function stringFields(fields: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || typeof value === "object") continue
    result[key] = String(value)
  }
  return result
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null
}
