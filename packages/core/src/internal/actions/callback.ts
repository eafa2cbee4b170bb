import { InvalidProvider } from "../../errors.js"
import type { ActionResult } from "../routing/action-result.js"
import type { AuthContext } from "../routing/context.js"
import { credentialsCallback } from "./credentials.js"
import { emailCallback } from "./email-callback.js"
import { oauthCallback } from "./oauth-callback.js"
import { requireProvider } from "./provider-lookup.js"

/** GET or POST `/callback/<provider>`: completes the provider's sign-in flow. */
export async function callbackAction(context: AuthContext): Promise<ActionResult> {
  const provider = requireProvider(context)
  switch (provider.type) {
    case "oauth":
    case "oidc":
      return oauthCallback(context, provider)
    case "email":
      return emailCallback(context, provider)
    case "credentials":
      if (context.request.method === "POST") return credentialsCallback(context, provider)
      break
    default:
      break
  }
  throw new InvalidProvider(
    `${context.request.method} ${context.basePath}/callback/${provider.id} is not supported for a provider of type "${provider.type}".`,
  )
}
