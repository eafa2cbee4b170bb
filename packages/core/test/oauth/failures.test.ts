import { CookieJar } from "@auth/dev-servers"
import { ResponseBodyError } from "oauth4webapi"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  CallbackRouteError,
  InvalidCheck,
  OAuthCallbackError,
  OAuthProfileParseError,
  OAuthSignInError,
} from "../../src/errors.js"
import { customFetch } from "../../src/index.js"
import type { OIDCConfig } from "../../src/providers/oauth.js"
import type { Profile } from "../../src/types.js"
import { type Idp, startIdentityProvider } from "../support/idp.js"
import {
  authorizeAtIdp,
  callbackUrl,
  createApp,
  deliver,
  expectErrorRedirect,
  locationOf,
  recordingFetch,
  startSignIn,
} from "./flow.js"

let idp: Idp

beforeAll(async () => {
  idp = await startIdentityProvider()
  idp.setRedirectUris(["idp", "idp-a", "idp-b"].map((id) => callbackUrl(id)))
})

afterAll(async () => {
  await idp?.close()
})

function oidc(overrides: Partial<OIDCConfig<Profile>> = {}): OIDCConfig<Profile> {
  return { ...idp.oidcProvider("client_secret_basic"), ...overrides } as OIDCConfig<Profile>
}

/** A logged error and its causes (Auth.js-style `{ err }` causes included), outermost first. */
function causeChain(error: Error | undefined): Error[] {
  const chain: Error[] = []
  let current: unknown = error
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    chain.push(current)
    const cause: unknown = current.cause
    current = cause instanceof Error ? cause : (cause as { err?: unknown } | undefined)?.err
  }
  return chain
}

/** The messages of {@link causeChain}. */
function causeMessages(error: Error | undefined): string[] {
  return causeChain(error).map((cause) => cause.message)
}

/** The OAuth `error` code of the token endpoint's error response in the cause chain. */
function oauthErrorCode(error: Error | undefined): unknown {
  return causeChain(error).find((cause) => cause instanceof ResponseBodyError)?.error
}

/** Replaces claims of the ID token in token responses, keeping its header and signature. */
function tamperIdToken(change: (claims: Record<string, unknown>) => void): typeof fetch {
  return recordingFetch(async (url, response) => {
    if (url.pathname !== "/token" || !response.ok) return response
    const body = (await response.json()) as Record<string, unknown>
    const [header, payload, signature] = String(body.id_token).split(".")
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"))
    change(claims)
    const tampered = Buffer.from(JSON.stringify(claims)).toString("base64url")
    return Response.json({ ...body, id_token: `${header}.${tampered}.${signature}` })
  }).fetch
}

describe("OAuth callback failures, each induced against the real provider", () => {
  it("sends a provider error (the user cancels) to the sign-in page as OAuthCallbackError", async () => {
    const { client, log } = createApp({ providers: [oidc({ checks: ["pkce", "state"] })] })
    const authorizationUrl = locationOf(await startSignIn(client, "idp"))
    const denied = await idp.deny(new CookieJar(), authorizationUrl)
    expect(denied.params.get("error")).toBe("access_denied")

    const response = await deliver(client, denied)

    expectErrorRedirect(response, "signin", "OAuthCallbackError")
    // An addition to Auth.js's URL: the sign-in page reads the cancel as one.
    expect(locationOf(response).searchParams.get("code")).toBe("access_denied")
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
    expect(log.errors[0]?.cause).toMatchObject({ providerId: "idp", error: "access_denied" })
    expect(await client.session()).toBeNull()
  })

  it("rejects a tampered state", async () => {
    const { client, log } = createApp({ providers: [oidc({ checks: ["pkce", "state"] })] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    authorization.url.searchParams.set("state", `${authorization.params.get("state")}x`)

    const response = await deliver(client, authorization)

    expectErrorRedirect(response, "error", "Configuration")
    expect(log.errors[0]).toBeInstanceOf(CallbackRouteError)
    expect(causeMessages(log.errors[0]).join(" ")).toMatch(/unexpected "state"/)
    expect(await client.session()).toBeNull()
  })

  it("rejects a response without the state it was sent", async () => {
    const { client, log } = createApp({ providers: [oidc({ checks: ["pkce", "state"] })] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    authorization.url.searchParams.delete("state")

    expectErrorRedirect(await deliver(client, authorization), "error", "Configuration")
    expect(causeMessages(log.errors[0]).join(" ")).toMatch(/"state" missing/)
  })

  it("refuses check cookies that another provider set (GHSA-x445-f3h2-j279)", async () => {
    const { client, log } = createApp({
      providers: [
        oidc({ id: "idp-a", checks: ["pkce", "state"] }),
        oidc({ id: "idp-b", checks: ["pkce", "state"] }),
      ],
    })
    const authorization = await authorizeAtIdp(client, idp, "idp-a", "alice")

    const response = await client.get(`${callbackUrl("idp-b")}${authorization.url.search}`)

    expectErrorRedirect(response, "error", "Configuration")
    expect(log.errors[0]).toBeInstanceOf(InvalidCheck)
    expect(log.errors[0]?.message).toMatch(/set for another provider than "idp-b"/)
  })

  it("rejects a callback whose check cookie is missing", async () => {
    const { client, log } = createApp({ providers: [oidc()] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    client.jar.delete("authjs.pkce.code_verifier")

    expectErrorRedirect(await deliver(client, authorization), "error", "Configuration")
    expect(log.errors[0]).toBeInstanceOf(InvalidCheck)
    expect(log.errors[0]?.message).toMatch(/authjs\.pkce\.code_verifier cookie is missing/)
  })

  it("rejects a check cookie altered in the browser", async () => {
    const { client, log } = createApp({ providers: [oidc()] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    client.jar.set("authjs.pkce.code_verifier", `${client.jar.get("authjs.pkce.code_verifier")}x`)

    expectErrorRedirect(await deliver(client, authorization), "error", "Configuration")
    expect(log.errors[0]).toBeInstanceOf(InvalidCheck)
  })

  it("fails the token request when the PKCE verifier is not the one of the challenge", async () => {
    const { client, log } = createApp({ providers: [oidc()] })
    const first = await authorizeAtIdp(client, idp, "idp", "alice")
    // A second sign-in in the same browser replaces the verifier cookie.
    await startSignIn(client, "idp")

    const response = await deliver(client, first)
    expectErrorRedirect(response, "signin", "OAuthCallbackError")
    // Not a cancel: no code.
    expect(locationOf(response).searchParams.has("code")).toBe(false)
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
    expect(log.errors[0]?.cause).toMatchObject({ provider: "idp" })
    expect(oauthErrorCode(log.errors[0])).toBe("invalid_grant")
  })

  it("rejects a replayed authorization code, even with the check cookies replayed too", async () => {
    const { client, log } = createApp({ providers: [oidc()] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    const cookies = new Map(client.jar)
    expect(locationOf(await deliver(client, authorization)).origin).toBe("http://localhost:3000")
    for (const [name, value] of cookies) client.jar.set(name, value)

    const replay = await deliver(client, authorization)

    expectErrorRedirect(replay, "signin", "OAuthCallbackError")
    expect(log.errors).toHaveLength(1)
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
    expect(oauthErrorCode(log.errors[0])).toBe("invalid_grant")
  })

  it("fails when the token endpoint answers with an error", async () => {
    const { client, log } = createApp({ providers: [oidc()] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    idp.failNext("token", { error: "invalid_client", error_description: "who are you?" })

    expectErrorRedirect(await deliver(client, authorization), "error", "Configuration")
    expect(log.errors[0]).toBeInstanceOf(CallbackRouteError)
    expect(oauthErrorCode(log.errors[0])).toBe("invalid_client")
  })

  it("fails when the token endpoint answers 500", async () => {
    const { client, log } = createApp({ providers: [oidc()] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    idp.failNext("token", { error: "server_error", error_description: "down", status: 500 })

    expectErrorRedirect(await deliver(client, authorization), "signin", "OAuthCallbackError")
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
    expect(causeMessages(log.errors[0]).join(" ")).toMatch(/unexpected HTTP status code/)
  })

  it("fails when the token endpoint answers garbage", async () => {
    const { client, log } = createApp({ providers: [oidc()] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    idp.failNext("token", { garbage: "<html>Bad gateway</html>", contentType: "text/html" })

    expectErrorRedirect(await deliver(client, authorization), "signin", "OAuthCallbackError")
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
  })

  it("fails when the token response has no token_type", async () => {
    const fetchImpl = recordingFetch(async (url, response) => {
      if (url.pathname !== "/token") return response
      const { token_type: _dropped, ...body } = (await response.json()) as Record<string, unknown>
      return Response.json(body)
    }).fetch
    const { client, log } = createApp({ providers: [oidc({ [customFetch]: fetchImpl })] })

    const response = await deliver(client, await authorizeAtIdp(client, idp, "idp", "alice"))

    expectErrorRedirect(response, "signin", "OAuthCallbackError")
    expect(causeMessages(log.errors[0]).join(" ")).toMatch(/token_type/)
  })

  it.each([
    [
      "a wrong issuer",
      (c: Record<string, unknown>) => {
        c.iss = "https://evil.test"
      },
      /"iss"/,
    ],
    [
      "a wrong audience",
      (c: Record<string, unknown>) => {
        c.aud = "another-client"
      },
      /"aud"/,
    ],
    [
      "expired",
      (c: Record<string, unknown>) => {
        c.iat = Math.floor(Date.now() / 1000) - 7200
        c.exp = Math.floor(Date.now() / 1000) - 3600
      },
      /"exp"/,
    ],
    [
      "a wrong nonce",
      (c: Record<string, unknown>) => {
        c.nonce = "replayed"
      },
      /"nonce"/,
    ],
    [
      "a forged claim (bad signature)",
      (c: Record<string, unknown>) => {
        c.email = "admin@example.test"
      },
      /signature/,
    ],
  ])("rejects an ID token with %s", async (_label, change, message) => {
    const { client, log } = createApp({
      providers: [oidc({ checks: ["pkce", "nonce"], [customFetch]: tamperIdToken(change) })],
    })

    const response = await deliver(client, await authorizeAtIdp(client, idp, "idp", "alice"))

    expectErrorRedirect(response, "error", "Configuration")
    expect(log.errors[0]).toBeInstanceOf(CallbackRouteError)
    expect(causeMessages(log.errors[0]).join(" ")).toMatch(message)
    expect(await client.session()).toBeNull()
  })

  it("rejects an unsigned ID token (alg none)", async () => {
    const fetchImpl = recordingFetch(async (url, response) => {
      if (url.pathname !== "/token") return response
      const body = (await response.json()) as Record<string, unknown>
      const [, payload] = String(body.id_token).split(".")
      const header = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")
      return Response.json({ ...body, id_token: `${header}.${payload}.` })
    }).fetch
    const { client, log } = createApp({ providers: [oidc({ [customFetch]: fetchImpl })] })

    const response = await deliver(client, await authorizeAtIdp(client, idp, "idp", "alice"))

    expectErrorRedirect(response, "error", "Configuration")
    expect(log.errors[0]).toBeInstanceOf(CallbackRouteError)
  })

  it("rejects a response whose RFC 9207 iss is not the issuer, or is missing", async () => {
    const { client, log } = createApp({ providers: [oidc()] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    authorization.url.searchParams.set("iss", "https://evil.test")

    expectErrorRedirect(await deliver(client, authorization), "error", "Configuration")
    expect(causeMessages(log.errors[0]).join(" ")).toMatch(/"iss"/)

    const second = await authorizeAtIdp(client, idp, "idp", "alice")
    second.url.searchParams.delete("iss")
    expectErrorRedirect(await deliver(client, second), "error", "Configuration")
    expect(causeMessages(log.errors[1]).join(" ")).toMatch(/"iss" \(issuer\) missing/)
  })

  it("fails when the userinfo endpoint fails (idToken: false)", async () => {
    const { client, log } = createApp({ providers: [oidc({ idToken: false })] })
    const authorization = await authorizeAtIdp(client, idp, "idp", "alice")
    idp.failNext("userinfo")

    expectErrorRedirect(await deliver(client, authorization), "signin", "OAuthCallbackError")
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
  })

  it("logs OAuthProfileParseError and sends the user back to sign in when profile() throws", async () => {
    const { client, log } = createApp({
      providers: [
        oidc({
          profile: () => {
            throw new Error("unexpected profile shape")
          },
        }),
      ],
    })

    const response = await deliver(client, await authorizeAtIdp(client, idp, "idp", "alice"))

    expectErrorRedirect(response, "signin", "OAuthCallbackError")
    const parseError = log.errors.find((error) => error instanceof OAuthProfileParseError)
    expect(parseError?.cause).toMatchObject({ provider: "idp" })
    expect(causeMessages(parseError).join(" ")).toMatch(/unexpected profile shape/)
    expect(await client.session()).toBeNull()
  })

  it("sends the user to the sign-in page when discovery fails", async () => {
    // A fresh customFetch: discovery is cached per issuer and fetch.
    const { client, log } = createApp({
      providers: [oidc({ [customFetch]: recordingFetch().fetch })],
    })
    idp.failNext("discovery")

    const response = await startSignIn(client, "idp")

    expectErrorRedirect(response, "signin", "OAuthSignin")
    expect(log.errors[0]).toBeInstanceOf(OAuthSignInError)
    expect(client.jar.has("authjs.pkce.code_verifier")).toBe(false)
    // Failures are not cached: the next attempt discovers again and succeeds.
    expect(locationOf(await startSignIn(client, "idp")).origin).toBe(idp.issuer)
  })

  it("sends the user to the sign-in page when the issuer's metadata names another issuer", async () => {
    const fetchImpl = recordingFetch(async (url, response) => {
      if (!url.pathname.endsWith("/openid-configuration")) return response
      return Response.json({ ...((await response.json()) as object), issuer: "https://evil.test" })
    }).fetch
    const { client, log } = createApp({ providers: [oidc({ [customFetch]: fetchImpl })] })

    expectErrorRedirect(await startSignIn(client, "idp"), "signin", "OAuthSignin")
    expect(causeMessages(log.errors[0]).join(" ")).toMatch(/issuer/)
  })
})
