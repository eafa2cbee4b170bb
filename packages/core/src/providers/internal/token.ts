/**
 * Token responses of providers that do not quite follow OAuth 2: a missing `token_type`, a
 * `scope` sent as an array or `null`, an error reported with a 2xx status.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.1 Successful response
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2 Error response
 */
import type { Awaitable } from "../../types/common.js"

/** An OAuth error the provider reported its own way, as RFC 6749 5.2 names it. */
export interface ProviderErrorBody {
  error: string
  error_description?: string
}

/** What {@link conformTokenResponse} adjusts. */
export interface ConformOptions {
  /**
   * Reads an error the provider reports in a 2xx body in its own shape (`{ errcode, errmsg }`);
   * returns `undefined` when the body is not an error.
   */
  readError?: (body: Record<string, unknown>) => ProviderErrorBody | undefined
  /**
   * Replaces the provider's `token_type` with `bearer`, for providers that name their bearer
   * tokens otherwise (Azure DevOps says `jwt-bearer`).
   * @default false
   */
  bearerTokenType?: boolean
}

/**
 * Creates a `token.conform` hook that makes a provider's token response conform: `token_type`
 * defaults to `bearer` (the only kind these providers issue), an array `scope` is joined with
 * spaces, a `null` scope is dropped, and an error in the provider's own shape becomes a
 * standard error response with status 400. Anything that is not a JSON object passes unchanged,
 * for the engine to reject.
 */
export function conformTokenResponse(
  options: ConformOptions = {},
): (response: Response) => Awaitable<Response | undefined> {
  return async (response) => {
    let body: unknown
    try {
      body = await response.clone().json()
    } catch {
      return undefined
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined
    const fields = body as Record<string, unknown>
    const error = options.readError?.(fields)
    if (error) return Response.json(error, { status: 400 })
    if (!response.ok) return undefined
    const conformed: Record<string, unknown> = { ...fields }
    const missingType = conformed.token_type === undefined || options.bearerTokenType === true
    if (missingType && typeof conformed.access_token === "string") conformed.token_type = "bearer"
    if (Array.isArray(conformed.scope)) conformed.scope = conformed.scope.join(" ")
    if (conformed.scope === null) delete conformed.scope
    return Response.json(conformed, { status: response.status })
  }
}
