/**
 * The limits on sign-in e-mails: per address and per client, checked before anything is looked
 * up or sent, so that an over-limit request costs nothing and answers the same whether or not
 * the address belongs to a user.
 */
// `#crypto` is `internal/crypto/crypto.node.ts` under the "node" condition, else
// `internal/crypto/crypto.ts` (WebCrypto): see "imports" in package.json.
import { hmacSha256Hex } from "#crypto"
import { EmailSignInError } from "../../errors.js"
import type { RateLimitRule } from "../../types/rate-limit.js"
import { hitRateLimit, type RateLimitResult } from "../rate-limit/limit.js"
import type { AuthContext } from "../request/context.js"

/**
 * Separates these MACs from the others made with the same secret (CSRF cookies, e-mail
 * tokens), so that no value made for one purpose can be presented as another.
 */
const KEY_CONTEXT = "authjs.rate-limit:"

/**
 * Counts one sign-in e-mail request against the client's and the address's limits.
 *
 * Counter keys hold a keyed hash of the address or client, never the value itself, so a shared
 * store (Redis) does not collect e-mail addresses.
 *
 * @throws {EmailSignInError} when a limit is exceeded: the user is sent back to the sign-in page
 *   with `error=EmailSignin`, and no e-mail is sent
 */
export async function assertEmailRateLimits(
  context: AuthContext,
  providerId: string,
  identifier: string,
): Promise<void> {
  const { rateLimit } = context.config
  const { perClient, perAddress } = rateLimit.email
  if (perClient) {
    const client = await clientKeyOf(context)
    if (client) await assertWithin(context, perClient, "email-client", client, "client")
  }
  if (perAddress) {
    await assertWithin(
      context,
      perAddress,
      "email-address",
      `${providerId}:${identifier}`,
      "address",
    )
  }
}

async function clientKeyOf(context: AuthContext): Promise<string | undefined> {
  try {
    return (await context.config.rateLimit.clientKey(context.request.original)) ?? undefined
  } catch (error) {
    context.config.logger.error(
      new Error("rateLimit.clientKey threw; no per-client limit applied.", { cause: error }),
    )
    return undefined
  }
}

async function assertWithin(
  context: AuthContext,
  rule: RateLimitRule,
  scope: string,
  value: string,
  subject: "client" | "address",
): Promise<void> {
  const { rateLimit, secrets, logger } = context.config
  const key = `${scope}:${await hmacSha256Hex(secrets[0]!, `${KEY_CONTEXT}${scope}:${value}`)}`
  const result = await hitRateLimit(rateLimit.store, key, rule, logger)
  if (!result.allowed) throw overLimit(result, rule, subject)
}

function overLimit(
  result: Extract<RateLimitResult, { allowed: false }>,
  rule: RateLimitRule,
  subject: "client" | "address",
): EmailSignInError {
  const resetAt = new Date(result.resetAt).toISOString()
  return new EmailSignInError(
    `Too many sign-in e-mails were requested for this ${subject} (more than ${rule.limit} in ${rule.windowSeconds} seconds); none was sent. The limit resets at ${resetAt}.`,
    { reason: "rate-limited", limited: subject, limit: rule.limit, resetAt },
  )
}
