import { InvalidProvider } from "../../errors.js"
import type { InternalProvider } from "../config/provider.js"
import { unavailableProviderError } from "../config/provider-problems.js"
import type { AuthContext } from "../request/context.js"

/**
 * The provider named in the path.
 *
 * @throws {InvalidProvider} when the path names none, an unknown one, or one left out because
 *   it cannot serve (its message says what to set)
 */
export function requireProvider(context: AuthContext): InternalProvider {
  const id = context.request.providerId
  const provider = id === undefined ? undefined : context.config.providerById.get(id)
  if (!provider) {
    assertNotUnavailable(context)
    const known = [...context.config.providerById.keys()].join(", ")
    throw new InvalidProvider(
      id === undefined
        ? `The ${context.request.action} action needs a provider id in the path. Configured providers: ${known}.`
        : `No provider has the id "${id}". Configured providers: ${known}.`,
    )
  }
  return provider
}

/**
 * Throws when the path names a listed provider that was left out (not configured by the
 * environment, or WebAuthn), so the log says what to set rather than "no such provider".
 *
 * @throws {InvalidProvider} for such a provider
 */
export function assertNotUnavailable(context: AuthContext): void {
  const id = context.request.providerId
  const problem = id === undefined ? undefined : context.config.unavailableProviders.get(id)
  if (problem) throw unavailableProviderError(problem)
}
