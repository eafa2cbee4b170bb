import type { Adapter, AdapterUser } from "../../adapters.js"
import { EmailSignInError } from "../../errors.js"
import type { EmailConfig } from "../../providers/email.js"
import type { Account, User } from "../../types/user.js"
import { callbackUrlOf as providerCallbackUrl, signinUrlOf } from "../config/provider.js"
import { EMAIL_LINK_MAX_AGE_SECONDS } from "../email/defaults.js"
import { normalizeEmailIdentifier } from "../email/normalize-identifier.js"
import { hashVerificationToken, randomVerificationToken } from "../email/verification-token.js"
import { type ActionResult, redirectTo } from "../http/action-result.js"
import { type AuthContext, actionUrl, replayRequest } from "../request/context.js"
import { authorizeSignIn } from "./authorize-sign-in.js"
import { assertEmailRateLimits } from "./email-limits.js"

/**
 * POST `/signin/<email provider>` (CSRF checked by the caller): sends a sign-in link to the
 * submitted address and redirects to the verify-request page.
 *
 * Only a keyed hash of the link's token is stored, for `provider.maxAge` seconds. The token is
 * stored before the e-mail is sent, so that a quick click finds it; when sending fails it is
 * deleted again. A refused address, a request over the `rateLimit` for its address or client,
 * or a failed send sends the user back to the sign-in page with `error=EmailSignin` (the cause
 * is logged).
 *
 * @throws {EmailSignInError} when the address is refused, a rate limit is exceeded, or sending
 *   fails
 * @throws {AccessDenied} when the `signIn` callback refuses the request
 * @throws {AdapterError} when the adapter fails
 * @see https://authjs.dev/getting-started/authentication/email
 */
export async function emailSignIn(
  context: AuthContext,
  provider: EmailConfig,
  callbackUrl: string,
): Promise<ActionResult> {
  const adapter = context.config.adapter as Required<Adapter>
  let identifier: string
  try {
    identifier = normalizeIdentifier(provider, context.request.body?.email)
  } catch (error) {
    throw new EmailSignInError(asError(error), {
      provider: provider.id,
      reason: "The submitted e-mail address was refused.",
    })
  }
  await assertEmailRateLimits(context, provider.id, identifier)

  const { user, account } = await emailSignInParty(adapter, provider, identifier)
  const redirect = await authorizeSignIn(context, {
    user,
    account,
    email: { verificationRequest: true },
  })
  if (redirect) return redirectTo(redirect)

  const token = (await provider.generateVerificationToken?.()) ?? randomVerificationToken()
  const expires = new Date(Date.now() + (provider.maxAge ?? EMAIL_LINK_MAX_AGE_SECONDS) * 1000)
  const secret = provider.secret ?? context.config.secrets[0]!
  const stored = { identifier, token: await hashVerificationToken(secret, token) }
  await adapter.createVerificationToken({ ...stored, expires })

  const url = magicLink(context, provider, { callbackUrl, token, email: identifier })
  try {
    await provider.sendVerificationRequest({
      identifier,
      token,
      expires,
      url,
      provider: withProviderUrls(context, provider),
      theme: context.config.theme,
      request: replayRequest(context),
    })
  } catch (error) {
    await forgetToken(adapter, stored)
    throw new EmailSignInError(asError(error), {
      provider: provider.id,
      reason: "The sign-in e-mail could not be sent.",
    })
  }
  return redirectTo(actionUrl(context, "verify-request", { provider: provider.id, type: "email" }))
}

/**
 * Normalizes a submitted address with the provider's `normalizeIdentifier`, or the default one
 * (which refuses anything but exactly one plain address).
 *
 * @throws {TypeError} when the address is missing or refused
 */
export function normalizeIdentifier(provider: EmailConfig, value: unknown): string {
  if (!provider.normalizeIdentifier) return normalizeEmailIdentifier(value)
  if (typeof value !== "string" || value === "") {
    throw new TypeError("Missing email from request body.")
  }
  const identifier = provider.normalizeIdentifier(value)
  if (typeof identifier !== "string" || identifier === "") {
    throw new TypeError("The provider's normalizeIdentifier returned no address.")
  }
  return identifier
}

/**
 * The user and account the `signIn` callback sees for an address: the stored user with that
 * e-mail, or (before the first sign-in) one that has no `id` yet.
 *
 * @throws {AdapterError} when the adapter fails
 */
export async function emailSignInParty(
  adapter: Required<Adapter>,
  provider: EmailConfig,
  identifier: string,
): Promise<{ user: AdapterUser | (User & { emailVerified: null }); account: Account }> {
  const existing = await adapter.getUserByEmail(identifier)
  const account: Account = { providerAccountId: identifier, type: "email", provider: provider.id }
  if (!existing) return { user: { email: identifier, emailVerified: null }, account }
  return { user: existing, account: { ...account, userId: existing.id } }
}

/**
 * The provider as Auth.js hands it to `sendVerificationRequest`: with its `signinUrl` and
 * `callbackUrl` (custom senders build links and buttons from them).
 */
function withProviderUrls(
  context: AuthContext,
  provider: EmailConfig,
): EmailConfig & { signinUrl: string; callbackUrl: string } {
  return {
    ...provider,
    signinUrl: signinUrlOf(context.origin, context.basePath, provider.id),
    callbackUrl: providerCallbackUrl(context.origin, context.basePath, provider.id),
  }
}

/** The link in the e-mail: the provider's callback with `callbackUrl`, `token` and `email`. */
function magicLink(
  context: AuthContext,
  provider: EmailConfig,
  params: { callbackUrl: string; token: string; email: string },
): string {
  const base = providerCallbackUrl(context.origin, context.basePath, provider.id)
  return `${base}?${new URLSearchParams(params)}`
}

/** Deletes a stored token whose e-mail was not sent, so that no usable token is left behind. */
async function forgetToken(
  adapter: Required<Adapter>,
  stored: { identifier: string; token: string },
): Promise<void> {
  try {
    await adapter.useVerificationToken(stored)
  } catch {
    // Logged as AdapterError by the adapter wrapper; the token's link was never sent.
  }
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value))
}
