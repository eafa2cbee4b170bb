import { InvalidProvider } from "../../errors.js"
import type { InternalProvider } from "../config/provider.js"
import type { AuthContext } from "../request/context.js"

/**
 * The provider named in the path.
 *
 * @throws {InvalidProvider} when the path names none or an unknown one
 */
export function requireProvider(context: AuthContext): InternalProvider {
  const id = context.request.providerId
  const provider = id === undefined ? undefined : context.config.providerById.get(id)
  if (!provider) {
    const known = [...context.config.providerById.keys()].join(", ")
    throw new InvalidProvider(
      id === undefined
        ? `The ${context.request.action} action needs a provider id in the path. Configured providers: ${known}.`
        : `No provider has the id "${id}". Configured providers: ${known}.`,
    )
  }
  return provider
}
