import type { Adapter, VerificationToken } from "../../adapters.js"
import { Verification } from "../../errors.js"
import type { EmailConfig } from "../../providers/email.js"
import { emitEvent } from "../config/resolve-config.js"
import { candidateTokenHashes } from "../email/verification-token.js"
import { type ActionResult, redirectTo } from "../http/action-result.js"
import { type AuthContext, callbackUrlOf } from "../request/context.js"
import { establishSession } from "../session/session.js"
import { authorizeSignIn } from "./authorize-sign-in.js"
import { emailSignInParty } from "./email-signin.js"
import { handleLoginOrRegister } from "./handle-login.js"
import { withQuery } from "./with-query.js"

/**
 * GET or POST `/callback/<email provider>?token=…&email=…`: the link from the e-mail. Consumes
 * the token (once: of concurrent clicks exactly one succeeds), then signs the user in, creating
 * them on their first sign-in, and redirects to `pages.newUser` (first sign-in) or the link's
 * callback URL.
 *
 * @throws {Verification} when the link lacks its token, or the token is unknown, expired,
 *   already used or was sent to another address
 * @throws {AccessDenied} when the `signIn` callback refuses the sign-in
 * @throws {AdapterError} when the adapter fails
 */
export async function emailCallback(
  context: AuthContext,
  provider: EmailConfig,
): Promise<ActionResult> {
  const adapter = context.config.adapter as Required<Adapter>
  const callbackUrl = await callbackUrlOf(context)
  const identifier = await consumeToken(context, adapter, provider)

  const { user, account } = await emailSignInParty(adapter, provider, identifier)
  const redirect = await authorizeSignIn(context, { user, account })
  if (redirect) return redirectTo(redirect)

  const login = await handleLoginOrRegister(context, { user, account })
  const cookies = await establishSession(context, {
    user: login.user,
    account: login.account,
    isNewUser: login.isNewUser,
    trigger: login.isNewUser ? "signUp" : "signIn",
  })
  await emitEvent(context.config, "signIn", {
    user: login.user,
    account: login.account,
    isNewUser: login.isNewUser,
  })
  const { newUser } = context.config.pages
  const target = login.isNewUser && newUser ? withQuery(newUser, { callbackUrl }) : callbackUrl
  return redirectTo(target, cookies)
}

/**
 * Consumes the link's token and returns the address it was sent to. The token is looked up
 * under its hash with each secret it may have been stored with (see `candidateTokenHashes`).
 *
 * The link's `email` is the address as it was normalized when the link was made, so it is
 * compared as it is: normalizing it again would break a `normalizeIdentifier` that is not
 * idempotent (a user name turned into `name@company.com`). As in Auth.js, a link without
 * `email` is looked up by its token alone (the adapter receives no `identifier`; adapters that
 * key tokens on both, as ours do, then find nothing).
 *
 * @throws {Verification} when the token cannot be used
 */
async function consumeToken(
  context: AuthContext,
  adapter: Required<Adapter>,
  provider: EmailConfig,
): Promise<string> {
  const params =
    context.request.method === "POST"
      ? { ...context.request.query, ...context.request.body }
      : context.request.query
  const { token, email } = params
  if (typeof token !== "string" || token === "") {
    throw new Verification("The sign-in link has no token. Request a new link.")
  }
  if (email !== undefined && (typeof email !== "string" || email === "")) {
    throw new Verification("The sign-in link's e-mail address is invalid. Request a new link.")
  }
  const secrets = provider.secret ? [provider.secret] : context.config.secrets
  let invite: VerificationToken | null = null
  for (const hash of await candidateTokenHashes(token, secrets)) {
    // Auth.js passes the missing address on as `undefined` too: adapters decide.
    invite = await adapter.useVerificationToken({ identifier: email as string, token: hash })
    if (invite) break
  }
  const expired = invite !== null && invite.expires.valueOf() < Date.now()
  if (!invite || expired || (email !== undefined && invite.identifier !== email)) {
    throw new Verification(
      "The sign-in link is unknown, expired, already used or for another address. Request a new link.",
      { hasInvite: invite !== null, expired },
    )
  }
  return invite.identifier
}
