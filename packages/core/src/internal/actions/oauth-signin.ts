import { OAuthSignInError } from "../../errors.js"
import type { OAuthConfig } from "../../providers/oauth.js"
import type { Cookie } from "../../types/cookies.js"
import type { Profile } from "../../types/user.js"
import { type ActionResult, redirectTo } from "../http/action-result.js"
import { type AuthorizationChecks, authorizationUrl } from "../oauth/authorization-url.js"
import { createNonce, createPkce, createState } from "../oauth/checks.js"
import { authorizationServerForSignIn } from "../oauth/discovery.js"
import type { ResolvedOAuthProvider } from "../oauth/provider.js"
import { redirectTargetOf } from "../oauth/redirect-proxy.js"
import type { AuthContext } from "../request/context.js"
import { checkScopeOf, oauthProviderOf, providerUrlsOf } from "./oauth-provider.js"

/**
 * POST `/signin/<oauth provider>` (CSRF already checked): redirects to the provider's
 * authorization endpoint with the checks' cookies set. The request's query may add
 * authorization parameters such as `login_hint` or `prompt`, but not override the ones the
 * engine sets.
 *
 * @throws {OAuthSignInError} when the provider's endpoints cannot be discovered
 */
export async function oauthSignIn(
  context: AuthContext,
  config: OAuthConfig<Profile>,
  _callbackUrl: string,
): Promise<ActionResult> {
  const provider = oauthProviderOf(context, config)
  const endpoint = await authorizationEndpointOf(provider)
  const { redirectUri, stateOrigin } = redirectTargetOf(
    provider,
    context.origin,
    providerUrlsOf(context, provider).callbackUrl,
  )
  const { checks, cookies } = await createChecks(context, provider, stateOrigin)
  const url = authorizationUrl({
    endpoint,
    provider,
    redirectUri,
    requestParams: context.request.query,
    checks,
  })
  context.config.logger.debug("authorization url is ready", {
    url: url.href,
    provider: provider.id,
  })
  return redirectTo(url.href, cookies)
}

async function authorizationEndpointOf(provider: ResolvedOAuthProvider): Promise<string> {
  try {
    const as = await authorizationServerForSignIn(provider)
    return as.authorization_endpoint as string
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error))
    throw new OAuthSignInError(
      `The authorization endpoint of provider "${provider.id}" could not be discovered from ${provider.issuer}. Check that the issuer is reachable and serves /.well-known/openid-configuration, or set \`authorization\`.`,
      { cause: { err, provider: provider.id } },
    )
  }
}

async function createChecks(
  context: AuthContext,
  provider: ResolvedOAuthProvider,
  stateOrigin: string | undefined,
): Promise<{ checks: AuthorizationChecks; cookies: Cookie[] }> {
  const scope = checkScopeOf(context, provider)
  const checks: AuthorizationChecks = {}
  const cookies: Cookie[] = []
  if (provider.checks.has("state")) {
    const state = await createState(scope, stateOrigin)
    checks.state = state.value
    cookies.push(state.cookie)
  }
  if (provider.checks.has("pkce")) {
    const pkce = await createPkce(scope)
    checks.codeChallenge = pkce.value
    cookies.push(pkce.cookie)
  }
  if (provider.checks.has("nonce")) {
    const nonce = await createNonce(scope)
    checks.nonce = nonce.value
    cookies.push(nonce.cookie)
  }
  return { checks, cookies }
}
