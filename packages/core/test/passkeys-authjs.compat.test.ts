/**
 * A passkey sign-in started by Auth.js (the published `@auth/core` 0.41.3 serving
 * `/webauthn-options`) finishes on ours: same challenge cookie, same stored authenticator rows.
 * Apps switching over while users are mid-ceremony, or running both behind one balancer during
 * the switch, keep signing in.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server"
import { Auth as TheirAuth } from "authjs-core"
import TheirPasskey from "authjs-core/providers/passkey"
import { describe, expect, it } from "vitest"
import { Auth } from "../src/index.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Passkey from "../src/providers/passkey.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, SECRET, setCookies } from "./support/client.js"
import { createSoftAuthenticator } from "./webauthn/soft-authenticator.js"

const ORIGIN = "http://localhost:3000"

describe("a passkey ceremony Auth.js started", () => {
  it("signs in on ours with Auth.js's challenge cookie", async () => {
    const adapter = MemoryAdapter()
    const ours: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      adapter,
      session: { strategy: "jwt" },
      providers: [Passkey],
    }
    const client = new AuthClient(ours, ORIGIN)
    const authenticator = createSoftAuthenticator({ algorithm: "ES256" })

    // Registered on ours, stored as Auth.js stores it.
    const register = await client.get("/webauthn-options/passkey?email=ada%40example.test")
    const { options } = await register.json()
    const registration = await authenticator.register(options, { origin: ORIGIN })
    await client.postForm("/callback/passkey", {
      action: "register",
      data: JSON.stringify(registration),
    })
    client.jar.clear()

    // Auth.js serves the authentication options (discoverable credentials: no e-mail).
    const theirs = await TheirAuth(new Request(`${ORIGIN}/auth/webauthn-options/passkey`), {
      secret: SECRET,
      trustHost: true,
      adapter: adapter as never,
      providers: [TheirPasskey],
      experimental: { enableWebAuthn: true },
      logger: { warn: () => {}, error: () => {}, debug: () => {} },
    })
    expect(theirs.status).toBe(200)
    const body = (await theirs.json()) as {
      action: string
      options: PublicKeyCredentialRequestOptionsJSON
    }
    expect(body.action).toBe("authenticate")
    const challenge = setCookies(theirs).find((cookie) => cookie.name === "authjs.challenge")
    expect(challenge).toBeDefined()

    // The browser answers, and posts to ours with Auth.js's cookie.
    const assertion = await authenticator.authenticate(body.options, { origin: ORIGIN })
    const response = await Auth(
      new Request(`${ORIGIN}/auth/callback/passkey`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: `authjs.challenge=${challenge!.value}`,
        },
        body: new URLSearchParams({
          action: "authenticate",
          data: JSON.stringify(assertion),
          callbackUrl: `${ORIGIN}/home`,
        }),
      }),
      ours,
    )
    expect(response.headers.get("location")).toBe(`${ORIGIN}/home`)
    expect(setCookies(response).some((cookie) => cookie.name === "authjs.session-token")).toBe(true)
  })
})
