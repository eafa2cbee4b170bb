import { InvalidProvider } from "../../errors.js"
import type { ActionResult } from "../http/action-result.js"
import { lazyModule } from "../lazy.js"
import type { AuthContext } from "../request/context.js"
import { credentialsCallback } from "./credentials.js"
import { requireProvider } from "./provider-lookup.js"

// The OAuth client and the e-mail code load with the first callback that needs them.
const oauthCallbackModule = /* @__PURE__ */ lazyModule(() => import("./oauth-callback.js"))
const emailCallbackModule = /* @__PURE__ */ lazyModule(() => import("./email-callback.js"))
const webAuthnCallbackModule = /* @__PURE__ */ lazyModule(() => import("./webauthn-callback.js"))

/** GET or POST `/callback/<provider>`: completes the provider's sign-in flow. */
export async function callbackAction(context: AuthContext): Promise<ActionResult> {
  const provider = requireProvider(context)
  switch (provider.type) {
    case "oauth":
    case "oidc":
      return (await oauthCallbackModule()).oauthCallback(context, provider)
    case "email":
      return (await emailCallbackModule()).emailCallback(context, provider)
    case "credentials":
      if (context.request.method === "POST") return credentialsCallback(context, provider)
      break
    case "webauthn":
      if (context.request.method === "POST") {
        return (await webAuthnCallbackModule()).webAuthnCallback(context, provider)
      }
      break
    default:
      break
  }
  throw new InvalidProvider(
    `${context.request.method} ${context.basePath}/callback/${provider.id} is not supported for a provider of type "${provider.type}".`,
  )
}
