/**
 * Passkey ceremonies over HTTP against a cluster, with core's software authenticator (real keys,
 * CBOR and signatures) in place of the browser's `navigator.credentials`: the options from one
 * target, the signed response posted to another.
 */
import {
  createSoftAuthenticator,
  type SoftAuthenticator,
} from "../../core/test/webauthn/soft-authenticator.js"
import { AUTH_BASE, type FlowBrowser, type Served, type Target } from "./flow-client.js"

/** The playground's passkey provider id. */
export const PASSKEY_PROVIDER = "passkey"

/**
 * What `GET /auth/webauthn-options/passkey` answers (the option types are SimpleWebAuthn's, as
 * the authenticator takes them: this package does not depend on it).
 */
type CeremonyOptions =
  | { action: "register"; options: Parameters<SoftAuthenticator["register"]>[0] }
  | { action: "authenticate"; options: Parameters<SoftAuthenticator["authenticate"]>[0] }

/** The two halves of a ceremony and where each was served. */
export interface PasskeyCeremony {
  readonly action: "register" | "authenticate"
  /** The options' response (its challenge cookie is in the browser's jar). */
  readonly options: Served
  /** The callback's response: a redirect with the session cookie when it verified. */
  readonly callback: Served
}

/** A synced platform passkey, as the playground's users would have. */
export function createPasskeyAuthenticator(): SoftAuthenticator {
  return createSoftAuthenticator({ algorithm: "ES256", backupEligible: true, backedUp: true })
}

/**
 * Runs the ceremony the options ask for: with `email` of a new user, a registration; without,
 * an authentication with any passkey of the site. The options come from `from`, the response is
 * posted to `to` (resolved once the options are in, so that `to` may depend on where they were
 * served).
 *
 * @throws Error when the options are not answered with 200
 */
export async function passkeyCeremony(
  browser: FlowBrowser,
  authenticator: SoftAuthenticator,
  steps: { from: Target; to: (optionsServedBy: string) => Promise<Target>; callbackUrl: string },
  email?: string,
): Promise<PasskeyCeremony> {
  const query = email === undefined ? "" : `?${new URLSearchParams({ email })}`
  const options = await browser.fetch(
    steps.from,
    `${AUTH_BASE}/webauthn-options/${PASSKEY_PROVIDER}${query}`,
  )
  if (options.response.status !== 200) {
    throw new Error(
      `The passkey options on ${options.servedBy} answered ${options.response.status}.`,
    )
  }
  const ceremony = (await options.response.json()) as CeremonyOptions
  // The relying party is AUTH_URL, the balancer: the page's origin in a browser.
  const context = { origin: browser.cluster.url }
  const data =
    ceremony.action === "register"
      ? await authenticator.register(ceremony.options, context)
      : await authenticator.authenticate(ceremony.options, context)
  const callback = await browser.postForm(
    await steps.to(options.servedBy),
    `/callback/${PASSKEY_PROVIDER}`,
    { action: ceremony.action, data: JSON.stringify(data), callbackUrl: steps.callbackUrl },
  )
  return { action: ceremony.action, options, callback }
}
