import { type ActionResult, redirectTo } from "../routing/action-result.js"
import { type AuthContext, actionUrl, assertCsrf, callbackUrlOf } from "../routing/context.js"
import { emailSignIn } from "./email-signin.js"
import { oauthSignIn } from "./oauth-signin.js"
import { requireProvider } from "./provider-lookup.js"

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
      return oauthSignIn(context, provider, callbackUrl)
    case "email":
      return emailSignIn(context, provider, callbackUrl)
    default:
      return redirectTo(signInPage)
  }
}
