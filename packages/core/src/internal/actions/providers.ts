import type { PublicProvider } from "../../types.js"
import { callbackUrlOf, signinUrlOf } from "../config/provider.js"
import { type ActionResult, json } from "../http/action-result.js"
import type { AuthContext } from "../request/context.js"

/** The client-safe view of every configured provider, keyed by id, in config order. */
export function publicProviders(context: AuthContext): Record<string, PublicProvider> {
  const result: Record<string, PublicProvider> = {}
  for (const { id, name, type } of context.config.providers) {
    result[id] = {
      id,
      name,
      type,
      signinUrl: signinUrlOf(context.origin, context.basePath, id),
      callbackUrl: callbackUrlOf(context.origin, context.basePath, id),
    }
  }
  return result
}

/** GET `/providers`. */
export function providersAction(context: AuthContext): ActionResult {
  return json(publicProviders(context) as unknown as Record<string, unknown>)
}
