import { Auth } from "@auth/core"
import type { CookieSerializeOptions, ResponseInternal } from "@auth/core/types"
import { cookies, headers } from "next/headers.js"
import type { ResolvedNextAuthConfig } from "./config.js"
import { originOf } from "./origin.js"

/** Headers of the incoming request that describe its own body or hop, not the internal one. */
const NOT_FORWARDED = [
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
  "expect",
]

/** The request a server action runs in: its headers and the app's origin. */
export interface ActionRequest {
  readonly headers: Headers
  readonly origin: string
}

/**
 * The headers and origin of the request a server action (or route handler) is running in.
 *
 * @throws {TypeError} when the request names no valid host (Next.js would not route it)
 */
export async function actionRequest(config: ResolvedNextAuthConfig): Promise<ActionRequest> {
  const incoming = new Headers(await headers())
  const origin = originOf(incoming, config)
  if (!origin) {
    throw new TypeError(
      "The request's Host header is not a valid host; set AUTH_URL to the app's URL.",
    )
  }
  for (const name of NOT_FORWARDED) incoming.delete(name)
  return { headers: incoming, origin }
}

/**
 * Runs an action of core for a server action: `POST <origin><basePath>/<path>` with the
 * incoming request's headers (its cookies included) and `body`, in `raw` mode without the CSRF
 * check (Next.js only runs server actions posted from the app's own origin). The cookies core
 * sets are set on the response through `cookies()`.
 *
 * @throws {AuthError} the client-facing errors of the action (`CredentialsSignin`, …)
 */
export async function runAction(
  config: ResolvedNextAuthConfig,
  request: ActionRequest,
  path: string,
  body: URLSearchParams | { json: unknown },
): Promise<ResponseInternal | Response> {
  const requestHeaders = new Headers(request.headers)
  const isJson = !(body instanceof URLSearchParams)
  requestHeaders.set(
    "content-type",
    isJson ? "application/json" : "application/x-www-form-urlencoded",
  )
  const internal = new Request(`${request.origin}${config.basePath}/${path}`, {
    method: "POST",
    headers: requestHeaders,
    body: isJson ? JSON.stringify(body.json) : body,
  })
  const result = await Auth(internal, config.action)
  if (!(result instanceof Response)) await setCookies(result.cookies ?? [])
  return result
}

/** Where an action's result redirects to: `redirect`, or the `Location` of an error response. */
export function redirectOf(result: ResponseInternal | Response): string | undefined {
  return result instanceof Response
    ? (result.headers.get("location") ?? undefined)
    : result.redirect
}

async function setCookies(list: NonNullable<ResponseInternal["cookies"]>): Promise<void> {
  if (list.length === 0) return
  const jar = await cookies()
  for (const { name, value, options } of list) jar.set(name, value, nextCookieOptions(options))
}

/** Core's cookie options as `cookies().set` takes them. */
function nextCookieOptions(
  options: CookieSerializeOptions,
): Parameters<Awaited<ReturnType<typeof cookies>>["set"]>[2] {
  const { sameSite, ...rest } = options
  return {
    ...rest,
    ...(sameSite !== undefined && { sameSite: sameSite === true ? "strict" : sameSite }),
  }
}
