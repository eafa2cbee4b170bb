import { InvalidProvider } from "../../errors.js"
import type { AuthContext } from "../request/context.js"
import { requireProvider } from "./provider-lookup.js"

/**
 * GET `/webauthn-options/<provider>`. Passkeys are not implemented yet, so every WebAuthn
 * provider is left out and this fails for each, with what to do in the log: a WebAuthn
 * provider's own error (see `findProviderProblem`), `InvalidProvider` for any other (as in
 * Auth.js, which serves these options only for WebAuthn providers). Both are answered with the
 * `Configuration` error page.
 *
 * @throws {InvalidProvider} always
 */
export function webAuthnOptionsAction(context: AuthContext): never {
  const provider = requireProvider(context)
  throw new InvalidProvider(
    `Provider "${provider.id}" is not a WebAuthn provider: ${context.basePath}/webauthn-options serves only those.`,
  )
}
