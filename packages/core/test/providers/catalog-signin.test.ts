/**
 * Every OAuth / OIDC provider of the catalog signs in end to end through `Auth()`: built from
 * the env as an app builds it, against a local mimic of its vendor that answers as the vendor
 * documents (non-standard answers included), at the vendor's own URLs.
 */
import { describe, expect, it } from "vitest"
import {
  APP_ORIGIN,
  createApp,
  deliver,
  locationOf,
  redirectOf,
  sessionUser,
  startSignIn,
} from "../oauth/flow.js"
import { OAUTH_CATALOG, providerFromEnv, useVendorServer } from "./catalog/index.js"

const server = useVendorServer()

describe("every OAuth and OIDC provider signs in against its vendor's documented answers", () => {
  it.each(OAUTH_CATALOG.map((entry) => [entry.module, entry] as const))(
    "%s",
    async (_module, entry) => {
      const vendor = server()
      vendor.use(entry.vendor)
      const { client, log } = createApp({ providers: [providerFromEnv(entry, vendor)] })

      const authorizationUrl = locationOf(await startSignIn(client, entry.id))
      const response = await deliver(client, await vendor.authorize(authorizationUrl))

      expect(log.errors).toEqual([])
      // The default callback URL: the origin (with or without its trailing slash).
      expect(new URL(redirectOf(response)).href).toBe(`${APP_ORIGIN}/`)
      expect(await sessionUser(client)).toEqual(entry.expected)
    },
  )
})
