import { OAuthCallbackError, OAuthProfileParseError } from "../../errors.js"
import type { OAuthConfig } from "../../providers/oauth.js"
import type { Profile } from "../../types/user.js"
import { emitEvent } from "../config/resolve-config.js"
import { type ActionResult, redirectTo } from "../http/action-result.js"
import { type AuthorizationResponseResult, completeAuthorization } from "../oauth/callback.js"
import type { ResolvedOAuthProvider } from "../oauth/provider.js"
import { proxyForwardUrl, redirectTargetOf } from "../oauth/redirect-proxy.js"
import { type AuthContext, callbackUrlOf } from "../request/context.js"
import { establishSession } from "../session/session.js"
import { authorizeSignIn } from "./authorize-sign-in.js"
import { handleLoginOrRegister } from "./handle-login.js"
import { checkScopeOf, oauthProviderOf, providerUrlsOf } from "./oauth-provider.js"
import { withQuery } from "./with-query.js"

/**
 * GET (or POST, for `response_mode=form_post`) `/callback/<oauth provider>`: completes the
 * authorization, runs the `signIn` callback, finds or creates the stored user, starts the
 * session and redirects to the callback URL (or `pages.newUser` for a new user). On a redirect
 * proxy, a response meant for another deployment is forwarded there instead.
 *
 * @throws {OAuthCallbackError} when the provider answered with an error, or the `profile`
 *   callback threw (the `OAuthProfileParseError` is logged)
 * @throws {InvalidCheck} when a check cookie is missing or does not match
 * @throws {CallbackRouteError} for any other failure of the protocol
 * @throws {OAuthAccountNotLinked} when the account or its e-mail belongs to another user
 */
export async function oauthCallback(
  context: AuthContext,
  config: OAuthConfig<Profile>,
): Promise<ActionResult> {
  const provider = oauthProviderOf(context, config)
  const params = callbackParams(context, provider)
  const forwardUrl = await proxyForwardUrl(provider, context.origin, params, context.config)
  if (forwardUrl) {
    context.config.logger.debug("redirect proxy forwards the callback", { url: forwardUrl })
    return redirectTo(forwardUrl)
  }
  const callbackUrl = await callbackUrlOf(context)
  const { user, account, profile, cookies } = await authorize(context, provider, params)

  const userByAccount = await context.config.adapter?.getUserByAccount?.({
    provider: account.provider,
    providerAccountId: account.providerAccountId,
  })
  const redirect = await authorizeSignIn(context, { user: userByAccount ?? user, account, profile })
  if (redirect) return redirectTo(redirect, cookies)

  const login = await handleLoginOrRegister(context, { user, account, profile })
  const { isNewUser } = login
  const sessionCookies = await establishSession(context, {
    user: login.user,
    account,
    profile,
    isNewUser,
    trigger: isNewUser ? "signUp" : "signIn",
    session: login.session,
  })
  await emitEvent(context.config, "signIn", { user: login.user, account, profile, isNewUser })
  const newUserPage = context.config.pages.newUser
  const target = isNewUser && newUserPage ? withQuery(newUserPage, { callbackUrl }) : callbackUrl
  return redirectTo(target, [...cookies, ...sessionCookies])
}

/**
 * The authorization response's parameters: the body of a `form_post` callback, else the query.
 * Only string values count.
 */
function callbackParams(context: AuthContext, provider: ResolvedOAuthProvider): URLSearchParams {
  const { method, body, query } = context.request
  const source = provider.responseMode === "form_post" && method === "POST" ? (body ?? {}) : query
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === "string") params.append(key, value)
  }
  return params
}

async function authorize(
  context: AuthContext,
  provider: ResolvedOAuthProvider,
  params: URLSearchParams,
): Promise<AuthorizationResponseResult> {
  const urls = providerUrlsOf(context, provider)
  try {
    return await completeAuthorization({
      provider,
      params,
      requestCookies: context.request.cookies,
      scope: checkScopeOf(context, provider),
      redirectUri: redirectTargetOf(provider, context.origin, urls.callbackUrl).redirectUri,
      urls,
    })
  } catch (error) {
    if (!(error instanceof OAuthProfileParseError)) throw error
    // Auth.js sends the user to a broken URL here; the sign-in page says what to do instead.
    context.config.logger.error(error)
    throw new OAuthCallbackError(
      `The profile callback of provider "${provider.id}" failed (logged as OAuthProfileParseError); the user is asked to sign in again.`,
      { cause: { err: error, provider: provider.id } },
    )
  }
}
