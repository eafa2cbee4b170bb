import { describe, expect, it } from "vitest"
import { CredentialsSignin, InvalidCheck } from "../errors.js"
import { REDACTED, redactAdapterArgs, redactSecrets, scrubError } from "./log-redaction.js"

describe("redactSecrets", () => {
  it("replaces credentials by member name, at any depth, and keeps the rest", () => {
    const account = {
      provider: "github",
      providerAccountId: "42",
      access_token: "gho_abc",
      refresh_token: "ghr_abc",
      id_token: "eyJ",
      token_type: "bearer",
      expires_at: 1,
    }
    expect(redactSecrets({ args: [account], user: { email: "a@b.c", password: "p" } })).toEqual({
      args: [
        {
          provider: "github",
          providerAccountId: "42",
          access_token: REDACTED,
          refresh_token: REDACTED,
          id_token: REDACTED,
          token_type: REDACTED,
          expires_at: 1,
        },
      ],
      user: { email: "a@b.c", password: REDACTED },
    })
    expect(
      redactSecrets({ sessionToken: "s", csrfToken: "c", clientSecret: "x", code: "y" }),
    ).toEqual({
      sessionToken: REDACTED,
      csrfToken: REDACTED,
      clientSecret: REDACTED,
      code: REDACTED,
    })
  })

  it("replaces secret query and fragment parameters of URLs, and leaves other strings alone", () => {
    const link = "http://localhost:3000/auth/callback/email?callbackUrl=%2F&token=abc&email=a%40b.c"
    const redacted = new URL(redactSecrets(link) as string)
    expect(redacted.searchParams.get("token")).toBe(REDACTED)
    expect(redacted.searchParams.get("email")).toBe("a@b.c")
    const callback = redactSecrets({ url: "https://app/cb?code=c0de&state=st8&iss=x" }) as {
      url: string
    }
    expect(callback.url).not.toMatch(/c0de|st8/)
    expect(redactSecrets("https://app/#access_token=at&x=1")).not.toContain("access_token=at")
    expect(redactSecrets("https://app/plain?x=1")).toBe("https://app/plain?x=1")
    expect(redactSecrets("not a url token=abc")).toBe("not a url token=abc")
  })

  it("reduces errors to name, message and code, dropping members such as decrypted payloads", () => {
    const error = Object.assign(new Error("expired"), { code: "E", payload: { at: "secret" } })
    expect(redactSecrets(error)).toEqual({ name: "Error", message: "expired", code: "E" })
  })

  it("copes with cycles and depth", () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => redactSecrets(cyclic)).not.toThrow()
  })
})

describe("redactAdapterArgs", () => {
  it("removes the raw session token of getSessionAndUser and deleteSession", () => {
    expect(redactAdapterArgs("getSessionAndUser", ["raw-token"])).toEqual([REDACTED])
    expect(redactAdapterArgs("deleteSession", ["raw-token"])).toEqual([REDACTED])
    expect(redactAdapterArgs("getUser", ["user-1"])).toEqual(["user-1"])
    expect(
      redactAdapterArgs("createSession", [
        { sessionToken: "t", userId: "1", expires: new Date(0) },
      ]),
    ).toEqual([{ sessionToken: REDACTED, userId: "1", expires: new Date(0) }])
  })
})

describe("scrubError", () => {
  it("returns the very error when it carries no credential", () => {
    const error = new InvalidCheck("no state", { cause: { provider: "github" } })
    expect(scrubError(error)).toBe(error)
    const signIn = new CredentialsSignin()
    expect(scrubError(signIn)).toBe(signIn)
  })

  it("copies an error whose cause holds a token response, keeping class, message, stack and code", () => {
    const body = { access_token: "at-123", refresh_token: "rt-456", scope: "read" }
    const inner = Object.assign(new Error("token_type missing", { cause: body }), { code: "E_T" })
    const error = new InvalidCheck("token request failed", { cause: { err: inner, provider: "x" } })
    const scrubbed = scrubError(error)
    expect(scrubbed).not.toBe(error)
    expect(scrubbed).toBeInstanceOf(InvalidCheck)
    expect(scrubbed.message).toBe(error.message)
    expect(scrubbed.stack).toBe(error.stack)
    const cause = scrubbed.cause as { err: Error & { code: string }; provider: string }
    expect(cause.provider).toBe("x")
    expect(cause.err.code).toBe("E_T")
    expect(cause.err.cause).toEqual({
      access_token: REDACTED,
      refresh_token: REDACTED,
      scope: "read",
    })
    expect((error.cause as { err: Error }).err.cause).toBe(body)
  })
})
