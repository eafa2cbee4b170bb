/**
 * The catalog against the published `@auth/core@0.41.3`: the same provider modules with the
 * same exports, and for every OAuth / OIDC provider the same id, name, type, endpoints, scopes,
 * checks, client settings and `profile` mapping, except where a deviation below says why.
 */
import { describe, expect, it } from "vitest"
import { normalizeProvider } from "../../src/internal/config/provider.js"
import type { Provider } from "../../src/providers/index.js"
import { type CatalogEntry, OAUTH_CATALOG } from "./catalog/index.js"
import {
  type ComparableConfig,
  comparable,
  comparableUser,
  loadReference,
  ourExports,
  ourModules,
  referenceExports,
  referenceModules,
  referenceProviderModules,
} from "./catalog/reference.js"

/**
 * Where a provider deliberately differs from Auth.js 0.41.3 (each also in the provider's TSDoc
 * and in docs/compatibility.md): the fields that replace the reference's.
 */
const DEVIATIONS: Record<string, Partial<ComparableConfig>> = {
  // Auth.js posts to the authorization endpoint and never sends its JWT-bearer request; PKCE,
  // which Azure DevOps ignores, is replaced by `state`.
  "azure-devops": {
    token: { url: "https://app.vssps.visualstudio.com/oauth2/token", params: {} },
    checks: ["state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
  },
  // The organization URL is completed to Asgardeo's issuer, where discovery lives.
  asgardeo: { issuer: "https://api.asgardeo.io/t/acme/oauth2/token" },
  // The account URL is completed to OneLogin's OIDC issuer, where discovery lives.
  onelogin: { issuer: "https://acme.onelogin.test/oidc/2" },
  // `appid` and `secret` travel in the query of a GET: no client authentication header.
  wechat: { client: { token_endpoint_auth_method: "none" } },
  // Graph API v22.0 instead of v19.0, and the userinfo fields as endpoint params.
  facebook: {
    authorization: {
      url: "https://www.facebook.com/v22.0/dialog/oauth",
      params: { scope: "email" },
    },
    token: { url: "https://graph.facebook.com/v22.0/oauth/access_token", params: {} },
    userinfo: {
      url: "https://graph.facebook.com/v22.0/me",
      params: { fields: "id,name,email,picture" },
    },
  },
  // The username scope and fields, which the profile mapping needs.
  tiktok: {
    authorization: {
      url: "https://www.tiktok.com/v2/auth/authorize",
      params: { client_key: "CID", scope: "user.info.basic,user.info.profile" },
    },
    userinfo: {
      url: "https://open.tiktokapis.com/v2/user/info/",
      params: { fields: "open_id,union_id,avatar_url,display_name,username" },
    },
  },
}

/** Options both factories get: what the env would give, plus the entry's own. */
function factoryOptions(entry: CatalogEntry): Record<string, unknown> {
  return {
    clientId: "CID",
    clientSecret: "CS",
    ...(entry.issuer ? { issuer: entry.issuer } : {}),
    ...entry.options,
  }
}

async function referenceFactory(module: string): Promise<(options: unknown) => object> {
  return (await loadReference(module)).default as (options: unknown) => object
}

describe("the provider modules", () => {
  it("are the modules of Auth.js 0.41.3, no more and no fewer", () => {
    expect(ourModules()).toEqual(referenceModules())
    expect(referenceModules()).toHaveLength(107)
  })

  it.each(referenceModules())("%s exports every name Auth.js's exports", (module) => {
    const ours = ourExports(module)
    const missing = [...referenceExports(module)].filter((name) => !ours.has(name))
    expect(missing).toEqual([])
  })

  it("covers every OAuth and OIDC provider of Auth.js in the catalog", async () => {
    const oauthModules: string[] = []
    // Auth.js's WebAuthn modules need `@simplewebauthn/server`, which is not installed.
    const webAuthn = new Set(["webauthn", "passkey"])
    for (const module of referenceProviderModules().filter((name) => !webAuthn.has(name))) {
      const factory = (await loadReference(module)).default
      if (typeof factory !== "function") continue
      let type: unknown
      try {
        type = (
          factory({ clientId: "CID", issuer: "https://issuer.test", server: "smtp://x" }) as {
            type?: unknown
          }
        ).type
      } catch {
        type = undefined
      }
      if (type === "oauth" || type === "oidc") oauthModules.push(module)
    }
    expect(OAUTH_CATALOG.map((entry) => entry.module)).toEqual(oauthModules.sort())
    expect(oauthModules).toHaveLength(93)
  })
})

describe("every OAuth and OIDC provider is configured as in Auth.js", () => {
  it.each(OAUTH_CATALOG.map((entry) => [entry.module, entry] as const))(
    "%s",
    async (module, entry) => {
      const options = factoryOptions(entry)
      const reference = comparable((await referenceFactory(module))(options))
      const ours = comparable(entry.factory(options))
      expect(ours).toEqual({ ...reference, ...DEVIATIONS[module] })
      expect(ours.id).toBe(entry.id)
    },
  )
})

describe("every profile mapping gives the user Auth.js's gives", () => {
  const comparableEntries = OAUTH_CATALOG.filter((entry) => !entry.skipProfileComparison)
  it.each(comparableEntries.map((entry) => [entry.module, entry] as const))(
    "%s",
    async (module, entry) => {
      const options = factoryOptions(entry)
      const tokens = { access_token: "at", token_type: "bearer", ...entry.tokens }
      const reference = normalizeProvider((await referenceFactory(module))(options) as Provider)
      const ours = normalizeProvider(entry.factory(options) as Provider)
      const map = (provider: Record<string, unknown>, profile: unknown) =>
        typeof provider.profile === "function"
          ? provider.profile(profile, tokens)
          : defaultMapping(profile as Record<string, unknown>)
      const profile = entry.referenceProfile ?? entry.profile
      expect(comparableUser(await map(ours, entry.profile))).toEqual(
        comparableUser(await map(reference, profile)),
      )
    },
  )
})

/** The engine's mapping for providers without `profile` (Auth.js's default, minus the random id). */
function defaultMapping(profile: Record<string, unknown>) {
  return {
    id: profile.sub ?? profile.id,
    name: profile.name ?? profile.nickname ?? profile.preferred_username,
    email: profile.email,
    image: profile.picture,
  }
}
