import { describe, expect, it } from "vitest"
import { MissingSecret } from "../src/errors.js"
import { Auth, checkConfig, setEnvDefaults } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import GitHub from "../src/providers/github.js"
import MicrosoftEntraID from "../src/providers/microsoft-entra-id.js"
import type { AuthConfig } from "../src/types.js"
import { recordingLogger, SECRET } from "./support/client.js"

const credentials = Credentials({ authorize: () => null })

describe("checkConfig", () => {
  it("returns nothing for a valid config, and logs nothing", () => {
    const log = recordingLogger()
    expect(
      checkConfig({
        secret: SECRET,
        trustHost: true,
        providers: [credentials],
        logger: log.logger,
      }),
    ).toBeUndefined()
    expect(log.errors).toEqual([])
  })

  it("returns the first mistake, with the fix in its message, and logs nothing", () => {
    const log = recordingLogger()
    const error = checkConfig({ trustHost: true, providers: [credentials], logger: log.logger })
    expect(error).toBeInstanceOf(MissingSecret)
    expect(error?.message).toMatch(/AUTH_SECRET/)
    expect(log.errors).toEqual([])
  })

  it("finds the same mistake Auth() answers with, from the same cached resolution", async () => {
    const log = recordingLogger()
    const config: AuthConfig = { trustHost: true, providers: [credentials], logger: log.logger }
    const error = checkConfig(config)
    const response = await Auth(new Request("http://localhost/auth/session"), config)
    expect(response.status).toBe(500)
    expect(log.errors).toEqual([error])
  })
})

describe("an OAuth provider without a client id", () => {
  it("is a configuration error naming the variable to set", () => {
    const config: AuthConfig = { secret: SECRET, trustHost: true, providers: [GitHub] }
    setEnvDefaults({}, config)
    const error = checkConfig(config)
    expect(error?.type).toBe("AuthError")
    expect(error?.message).toMatch(/^Provider "github" has no client id\. Set AUTH_GITHUB_ID /)
  })

  it("names the variable of a provider id with dashes", () => {
    const config: AuthConfig = { secret: SECRET, trustHost: true, providers: [MicrosoftEntraID] }
    setEnvDefaults({}, config)
    expect(checkConfig(config)?.message).toMatch(/Set AUTH_MICROSOFT_ENTRA_ID_ID /)
  })

  it("is fine once AUTH_GITHUB_ID is set", () => {
    const config: AuthConfig = { secret: SECRET, trustHost: true, providers: [GitHub] }
    setEnvDefaults({ AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" }, config)
    expect(checkConfig(config)).toBeUndefined()
  })

  it("never redirects to the provider: the sign-in answers with the configuration error", async () => {
    const log = recordingLogger()
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      providers: [GitHub({ clientSecret: "secret" })],
      logger: log.logger,
    }
    const response = await Auth(
      new Request("http://localhost/auth/signin/github", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "csrfToken=x",
      }),
      config,
    )
    expect(response.status).toBe(500)
    expect(response.headers.get("location")).toBeNull()
    expect(log.errors[0]?.message).toMatch(/AUTH_GITHUB_ID/)
  })
})
