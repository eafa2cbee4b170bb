/**
 * Every OAuth / OIDC provider of the catalog, and how the tests build one from the env, as an
 * app that sets only `AUTH_<ID>_ID`, `AUTH_<ID>_SECRET` (and `AUTH_<ID>_ISSUER`) does.
 */
import { startVendorServer, type VendorServer } from "@auth/dev-servers"
import { afterAll, beforeAll } from "vitest"
import { setEnvDefaults } from "../../../src/internal/config/env.js"
import { customFetch } from "../../../src/internal/symbols.js"
import type { Provider } from "../../../src/providers/index.js"
import { callbackUrl } from "../../oauth/flow.js"
import { OAUTH2_QUIRKS } from "./oauth2-quirks.js"
import { OAUTH2_VENDORS } from "./oauth2-vendors.js"
import { OIDC_VENDORS } from "./oidc-vendors.js"
import type { CatalogEntry } from "./types.js"

export type { CatalogEntry } from "./types.js"

/** Every OAuth / OIDC provider module, by module name. */
export const OAUTH_CATALOG: readonly CatalogEntry[] = [
  ...OAUTH2_VENDORS,
  ...OAUTH2_QUIRKS,
  ...OIDC_VENDORS,
].sort((a, b) => a.module.localeCompare(b.module))

/** The env prefix of a provider id: `AUTH_` + upper snake case. */
export function envPrefix(id: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}`
}

/** The env an app of this provider sets. */
export function envFor(
  entry: CatalogEntry,
  vendor: Pick<VendorServer, "clientId" | "clientSecret">,
) {
  const prefix = envPrefix(entry.id)
  return {
    [`${prefix}_ID`]: vendor.clientId,
    [`${prefix}_SECRET`]: vendor.clientSecret,
    ...(entry.issuer ? { [`${prefix}_ISSUER`]: entry.issuer } : {}),
  }
}

/**
 * The provider as an app configures it: the factory itself in `providers` (so the env fills
 * its credentials), plus the entry's own options and the mimic's `fetch`.
 */
export function providerFromEnv(
  entry: CatalogEntry,
  vendor: Pick<VendorServer, "clientId" | "clientSecret" | "fetch">,
): Provider {
  const config = {
    providers: [
      (fromEnv: Record<string, unknown> = {}) =>
        entry.factory({ ...fromEnv, ...entry.options, [customFetch]: vendor.fetch }),
    ] as unknown as Provider[],
  }
  setEnvDefaults(envFor(entry, vendor), config as never)
  return config.providers[0] as Provider
}

/**
 * Starts the vendor mimic for a test file (every catalog provider's callback URL registered)
 * and stops it after; the returned function gives the running server.
 */
export function useVendorServer(): () => VendorServer {
  let vendor: VendorServer | undefined
  beforeAll(async () => {
    vendor = await startVendorServer()
    vendor.setRedirectUris(OAUTH_CATALOG.map((entry) => callbackUrl(entry.id)))
  })
  afterAll(async () => {
    await vendor?.close()
  })
  return () => {
    if (!vendor) throw new Error("The vendor server is not started yet.")
    return vendor
  }
}
