/**
 * The limits on sign-in e-mails: per address and per client, checked before anything is looked
 * up or sent, so that an over-limit request costs nothing and answers the same whether or not
 * the address belongs to a user.
 */
import type { RateLimitRule } from "../../types/rate-limit.js"
import { rateLimitOf } from "../config/rate-limits.js"
import { hitRateLimit } from "../rate-limit/limit.js"
import type { AuthContext } from "../request/context.js"
import { clientKeyOf, limiterOf, limitKey, refuseLimited } from "./rate-limits.js"

/**
 * Counts one sign-in e-mail request against the client's and the address's limits.
 *
 * Counter keys hold a keyed hash of the address or client, never the value itself, so a shared
 * store (Redis) does not collect e-mail addresses.
 *
 * @throws {RateLimited} when a limit is exceeded: the user is sent back to the sign-in page
 *   with `error=RateLimited` (a script gets `429`), and no e-mail is sent
 */
export async function assertEmailRateLimits(
  context: AuthContext,
  providerId: string,
  identifier: string,
): Promise<void> {
  const { perClient, perAddress } = rateLimitOf(context.config).email
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

async function assertWithin(
  context: AuthContext,
  rule: RateLimitRule,
  scope: string,
  value: string,
  subject: "client" | "address",
): Promise<void> {
  const key = await limitKey(context, scope, value)
  const result = await hitRateLimit(limiterOf(context), key, rule)
  if (!result.allowed) throw await refuseLimited(context, `email-${subject}`, result.resetAt)
}
