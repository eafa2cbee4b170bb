import type { AuthAction } from "../../types.js"
import { parseCookieHeader } from "../cookies/parse.js"
import { requestURL } from "../http/request-url.js"

/**
 * The actions served: Auth.js's nine, the management actions (the signed-in user's passkeys,
 * sessions and accounts) and `health` (whether this instance and its stores answer, for load
 * balancers): additions kept out of the public `AuthAction` type so that type stays Auth.js's.
 */
export type ServedAction = AuthAction | ManagementAction | "health"

/** Actions beyond Auth.js's nine: a signed-in user's passkeys, sessions and accounts. */
export type ManagementAction = "passkeys" | "sessions" | "accounts"

const MANAGEMENT_ACTIONS: ReadonlySet<string> = new Set<ManagementAction>([
  "passkeys",
  "sessions",
  "accounts",
])

/** Tells whether a path segment names a {@link ManagementAction}. */
export function isManagementAction(action: string): action is ManagementAction {
  return MANAGEMENT_ACTIONS.has(action)
}

/** A request reduced to what the actions need. */
export interface AuthRequest {
  readonly url: URL
  readonly method: "GET" | "POST"
  readonly action: ServedAction
  readonly providerId: string | undefined
  readonly headers: Headers
  readonly cookies: Readonly<Record<string, string>>
  readonly query: Readonly<Record<string, string>>
  readonly body: Readonly<Record<string, unknown>> | undefined
  /** The original request, for callbacks that receive it. */
  readonly original: Request
}

const NO_QUERY: Readonly<Record<string, string>> = Object.freeze(Object.create(null))

/**
 * A request reduced for reading its session outside of the actions (middleware, route guards):
 * whatever its path and method, only its URL (`https://` means secure cookie names) and its
 * cookies are read, as for GET `<basePath>/session`; the body is left unread.
 */
export function parseSessionRequest(request: Request, origin?: string): AuthRequest {
  return {
    url: requestURL(request, origin),
    method: "GET",
    action: "session",
    providerId: undefined,
    headers: request.headers,
    cookies: parseCookieHeader(request.headers.get("cookie")),
    query: NO_QUERY,
    body: undefined,
    original: request,
  }
}
