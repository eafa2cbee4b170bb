/**
 * E-mail sign-in as apps moving over from Auth.js rely on it: the link's address is used as it
 * was normalized (once), custom senders get Auth.js's arguments, and a link without `email`
 * is looked up by its token as Auth.js does.
 */
import { describe, expect, it } from "vitest"
import type { Adapter, VerificationToken } from "../src/adapters.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import { emailApp } from "./support/apps.js"
import { AuthClient } from "./support/client.js"
import { requestLink } from "./support/email.js"

const ORIGIN = "http://localhost:3000"

function setup(options: Parameters<typeof emailApp>[0] = {}) {
  const app = emailApp(options)
  return { ...app, client: new AuthClient(app.config) }
}

/** A memory adapter that, like some Auth.js adapters, finds a token by its hash alone. */
function tokenOnlyAdapter(): Adapter {
  const inner = MemoryAdapter()
  const identifiers = new Map<string, string>()
  return {
    ...inner,
    async createVerificationToken(token: VerificationToken) {
      identifiers.set(token.token, token.identifier)
      return inner.createVerificationToken!(token)
    },
    async useVerificationToken({ identifier, token }) {
      return inner.useVerificationToken!({
        identifier: identifier ?? identifiers.get(token) ?? "",
        token,
      })
    },
  }
}

describe("the e-mail callback normalizes the address once", () => {
  it("signs in with a normalizer that turns a user name into an address (not idempotent)", async () => {
    const { client, sent } = setup({
      provider: {
        normalizeIdentifier: (name: string) => `${name.trim().toLowerCase()}@company.example`,
      },
    })
    const response = await requestLink(client, "JDoe", { providerId: "email" })
    expect(response.headers.get("location")).toBe(
      `${ORIGIN}/auth/verify-request?provider=email&type=email`,
    )
    const link = new URL(sent.at(-1)!.url)
    expect(link.searchParams.get("email")).toBe("jdoe@company.example")
    const callback = await client.get(link.href)
    expect(callback.headers.get("location")).not.toContain("error=")
    expect(await client.session()).toMatchObject({ user: { email: "jdoe@company.example" } })
  })

  it("still refuses a link whose address was changed", async () => {
    const { client, sent } = setup()
    await requestLink(client, "first@example.test", { providerId: "email" })
    const link = new URL(sent.at(-1)!.url)
    link.searchParams.set("email", "FIRST@example.test")
    const response = await client.get(link.href)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Verification`)
  })
})

describe("sendVerificationRequest receives what Auth.js passes", () => {
  it("a provider with signinUrl and callbackUrl, and the theme with its empty defaults", async () => {
    const { client, sent } = setup()
    await requestLink(client, "theme@example.test", { providerId: "email" })
    const params = sent.at(-1)!
    const provider = params.provider as typeof params.provider & Record<string, unknown>
    expect(provider.signinUrl).toBe(`${ORIGIN}/auth/signin/email`)
    expect(provider.callbackUrl).toBe(`${ORIGIN}/auth/callback/email`)
    expect(provider.id).toBe("email")
    expect(params.theme).toEqual({ colorScheme: "auto", logo: "", brandColor: "", buttonText: "" })
  })

  it("the configured theme over those defaults", async () => {
    const { client, sent } = setup({ config: { theme: { brandColor: "#123456", logo: "/l.png" } } })
    await requestLink(client, "theme2@example.test", { providerId: "email" })
    expect(sent.at(-1)!.theme).toEqual({
      colorScheme: "auto",
      logo: "/l.png",
      brandColor: "#123456",
      buttonText: "",
    })
  })
})

describe("links without their e-mail address or token", () => {
  it("looks a link without email up by its token alone, and signs in when the adapter finds it", async () => {
    const { client, sent, recorded } = setup({ adapter: tokenOnlyAdapter() })
    await requestLink(client, "no-email@example.test", { providerId: "email" })
    const link = new URL(sent.at(-1)!.url)
    link.searchParams.delete("email")
    const response = await client.get(link.href)
    expect(response.headers.get("location")).not.toContain("error=")
    expect(await client.session()).toMatchObject({ user: { email: "no-email@example.test" } })
    const [lookup] = recorded.argsOf("useVerificationToken").at(-1) as [Record<string, unknown>]
    expect(lookup.identifier).toBeUndefined()
  })

  it("answers Verification when the adapter keys tokens on the address too", async () => {
    const { client, sent } = setup()
    await requestLink(client, "keyed@example.test", { providerId: "email" })
    const link = new URL(sent.at(-1)!.url)
    link.searchParams.delete("email")
    expect((await client.get(link.href)).headers.get("location")).toBe(
      `${ORIGIN}/auth/error?error=Verification`,
    )
  })

  it("answers a link without token with Verification (Auth.js: Configuration)", async () => {
    const { client } = setup()
    const response = await client.get("/callback/email?email=someone%40example.test")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Verification`)
  })
})
