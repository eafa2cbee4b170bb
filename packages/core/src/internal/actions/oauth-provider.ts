import type { OAuthConfig } from "../../providers/oauth.js"
import type { Profile } from "../../types/user.js"
import { callbackUrlOf, signinUrlOf } from "../config/provider.js"
import type { CheckScope } from "../oauth/checks.js"
import { type ResolvedOAuthProvider, resolveOAuthProvider } from "../oauth/provider.js"
import type { AuthContext } from "../request/context.js"

/** The OAuth provider of a request, read once per provider config. */
export function oauthProviderOf(
  context: AuthContext,
  provider: OAuthConfig<Profile>,
): ResolvedOAuthProvider {
  return resolveOAuthProvider(provider, context.config.redirectProxyUrl)
}

/** Where the request's check cookies are sealed and opened, bound to the provider. */
export function checkScopeOf(context: AuthContext, provider: ResolvedOAuthProvider): CheckScope {
  return {
    secrets: context.config.secrets,
    cookies: context.cookies,
    providerId: provider.id,
    crossSiteCallback: provider.responseMode === "form_post",
  }
}

/** The provider's sign-in and callback URLs on this request's origin. */
export function providerUrlsOf(
  context: AuthContext,
  provider: ResolvedOAuthProvider,
): { signinUrl: string; callbackUrl: string } {
  return {
    signinUrl: signinUrlOf(context.origin, context.basePath, provider.id),
    callbackUrl: callbackUrlOf(context.origin, context.basePath, provider.id),
  }
}
