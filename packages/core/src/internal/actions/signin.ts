import { rateLimitOf } from "../config/rate-limits.js"
import { type ActionResult, redirectTo } from "../http/action-result.js"
import { lazyModule } from "../lazy.js"
import { type AuthContext, actionUrl, assertCsrf, callbackUrlOf } from "../request/context.js"
import { requireProvider } from "./provider-lookup.js"
import { limitClient } from "./rate-limits.js"

// The OAuth client and the e-mail code load with the first sign-in that needs them.
const oauthSignInModule = /* @__PURE__ */ lazyModule(() => import("./oauth-signin.js"))
const emailSignInModule = /* @__PURE__ */ lazyModule(() => import("./email-signin.js"))

/**
 * POST `/signin/<provider>` (CSRF-checked): starts the provider's sign-in flow. Credentials
 * providers sign in through POST `/callback/<id>`, so for them (and without a provider) this
 * redirects to the sign-in page.
 */
export async function signInAction(context: AuthContext): Promise<ActionResult> {
  await assertCsrf(context)
  const callbackUrl = await callbackUrlOf(context)
  const signInPage = actionUrl(context, "signin")
  if (context.request.providerId === undefined) return redirectTo(signInPage)
  const provider = requireProvider(context)
  switch (provider.type) {
    case "oauth":
    case "oidc":
      await limitClient(context, rateLimitOf(context.config).signIn, "sign-in")
      return (await oauthSignInModule()).oauthSignIn(context, provider, callbackUrl)
    case "email":
      return (await emailSignInModule()).emailSignIn(context, provider, callbackUrl)
    default:
      return redirectTo(signInPage)
  }
}
