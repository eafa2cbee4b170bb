import { describe, expect, it } from "vitest"
import { setEnvDefaults } from "../../src/index.js"
import GitHub from "../../src/providers/github.js"
import Google from "../../src/providers/google.js"
import type { AuthConfig } from "../../src/types.js"
import { AuthClient, recordingLogger, SECRET } from "../support/client.js"

describe("vendor providers configured the Auth.js way", () => {
  it("uses `providers: [GitHub, Google({...})]` with client ids and secrets from the environment", async () => {
    const config: AuthConfig = {
      logger: recordingLogger().logger,
      providers: [GitHub, Google({ clientSecret: "explicit-google-secret" })],
    }
    setEnvDefaults(
      {
        AUTH_SECRET: SECRET,
        AUTH_GITHUB_ID: "gh-client",
        AUTH_GITHUB_SECRET: "gh-secret",
        AUTH_GOOGLE_ID: "google-client",
        AUTH_GOOGLE_SECRET: "env-google-secret",
      },
      config,
    )
    // Env fills what the user left out; the user's own options still win when merged.
    expect(config.providers[1]).toMatchObject({
      clientId: "google-client",
      options: { clientSecret: "explicit-google-secret" },
    })

    const client = new AuthClient(config)
    const providers = (await (await client.get("/providers")).json()) as Record<
      string,
      { type: string }
    >
    expect(Object.keys(providers)).toEqual(["github", "google"])
    expect(providers.google?.type).toBe("oidc")

    const csrfToken = await client.csrfToken()
    const response = await client.postForm("/signin/github", { csrfToken })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location")!)
    expect(location.origin + location.pathname).toBe("https://github.com/login/oauth/authorize")
    expect(location.searchParams.get("client_id")).toBe("gh-client")
    expect(location.searchParams.get("redirect_uri")).toBe(
      "http://localhost:3000/auth/callback/github",
    )
    expect(location.searchParams.get("scope")).toBe("read:user user:email")
    expect(location.searchParams.get("code_challenge_method")).toBe("S256")
  })
})
