import type { Adapter, VerificationToken } from "../../adapters.js"
import { Verification } from "../../errors.js"
import type { EmailConfig } from "../../providers/email.js"
import { emitEvent } from "../config/resolve-config.js"
import { candidateTokenHashes } from "../email/verification-token.js"
import { type ActionResult, redirectTo } from "../routing/action-result.js"
import { type AuthContext, callbackUrlOf } from "../routing/context.js"
import { establishSession } from "../session/session.js"
import { authorizeSignIn } from "./authorize-sign-in.js"
import { emailSignInParty, normalizeIdentifier } from "./email-signin.js"
import { handleLoginOrRegister } from "./handle-login.js"
import { withQuery } from "./with-query.js"

/**
 * GET or POST `/callback/<email provider>?token=…&email=…`: the link from the e-mail. Consumes
 * the token (once: of concurrent clicks exactly one succeeds), then signs the user in, creating
 * them on their first sign-in, and redirects to `pages.newUser` (first sign-in) or the link's
 * callback URL.
 *
 * @throws {Verification} when the link lacks its token or address, or the token is unknown,
 *   expired, already used or was sent to another address
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
  if (typeof token !== "string" || token === "" || typeof email !== "string" || email === "") {
    throw new Verification(
      "The sign-in link has no token or no e-mail address. Request a new link.",
    )
  }
  let identifier: string
  try {
    identifier = normalizeIdentifier(provider, email)
  } catch (error) {
    throw new Verification("The sign-in link's e-mail address is invalid.", { cause: error })
  }
  const secrets = provider.secret ? [provider.secret] : context.config.secrets
  let invite: VerificationToken | null = null
  for (const hash of await candidateTokenHashes(token, secrets)) {
    invite = await adapter.useVerificationToken({ identifier, token: hash })
    if (invite) break
  }
  const expired = invite !== null && invite.expires.valueOf() < Date.now()
  if (!invite || expired || invite.identifier !== identifier) {
    throw new Verification(
      "The sign-in link is unknown, expired, already used or for another address. Request a new link.",
      { hasInvite: invite !== null, expired },
    )
  }
  return identifier
}
