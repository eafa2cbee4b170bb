import { describe, expect, it } from "vitest"
import { OAuthProfileParseError } from "../../errors.js"
import { defaultProfile, identityFromProfile, withExpiresAt } from "./profile.js"

describe("defaultProfile", () => {
  it("maps the standard claims and leaves absent ones out", () => {
    expect(
      defaultProfile({
        sub: "s1",
        nickname: "nick",
        email: "a@b.test",
        picture: "https://p.test/a.png",
      }),
    ).toEqual({ id: "s1", name: "nick", email: "a@b.test", image: "https://p.test/a.png" })
    expect(defaultProfile({ id: "i1", preferred_username: "pref" })).toEqual({
      id: "i1",
      name: "pref",
    })
  })

  it("makes up an id when the profile has none", () => {
    expect(defaultProfile({}).id).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe("withExpiresAt", () => {
  it("computes expires_at from expires_in, in seconds", () => {
    expect(withExpiresAt({ access_token: "a", expires_in: 3600 }, 1_000_500)).toEqual({
      access_token: "a",
      expires_in: 3600,
      expires_at: 1000 + 3600,
    })
    expect(withExpiresAt({ access_token: "a" })).toEqual({ access_token: "a" })
  })
})

describe("identityFromProfile", () => {
  const provider = { id: "acme", type: "oauth" as const }

  it("gives the user a random id, lowercases the e-mail and keeps every token field", async () => {
    const { user, account } = await identityFromProfile(
      {
        ...provider,
        profile: (p) => ({ id: p.id as string, email: "Ada@Example.TEST", name: "Ada" }),
      },
      { id: 42 as unknown as string },
      { access_token: "at", token_type: "bearer", extra: "x" },
    )

    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: "ada@example.test",
      name: "Ada",
    })
    expect(account).toEqual({
      access_token: "at",
      token_type: "bearer",
      extra: "x",
      provider: "acme",
      type: "oauth",
      providerAccountId: "42",
    })
  })

  it("turns a throwing profile callback into OAuthProfileParseError", async () => {
    const failing = identityFromProfile(
      {
        ...provider,
        profile: () => {
          throw new Error("boom")
        },
      },
      {},
      {},
    )

    await expect(failing).rejects.toBeInstanceOf(OAuthProfileParseError)
    await expect(failing).rejects.toMatchObject({ cause: { provider: "acme" } })
  })

  it("refuses a profile callback that returns nothing", async () => {
    await expect(
      identityFromProfile({ ...provider, profile: () => undefined as never }, {}, {}),
    ).rejects.toBeInstanceOf(OAuthProfileParseError)
  })
})
