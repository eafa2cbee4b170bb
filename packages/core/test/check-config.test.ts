import { describe, expect, it } from "vitest"
import { MissingSecret } from "../src/errors.js"
import { Auth, checkConfig, setEnvDefaults } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import GitHub from "../src/providers/github.js"
import MicrosoftEntraID from "../src/providers/microsoft-entra-id.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, recordingLogger, SECRET } from "./support/client.js"

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
  it("is no configuration error: it is left out, with a warning naming the variable to set", () => {
    const log = recordingLogger()
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      providers: [GitHub],
      logger: log.logger,
    }
    setEnvDefaults({ AUTH_GITHUB_SECRET: "secret" }, config)
    expect(checkConfig(config)).toBeUndefined()
    expect(log.warnings).toEqual(["providers-unavailable"])
  })

  it("names the variable of a provider id with dashes", async () => {
    const warnings: Array<string | undefined> = []
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      providers: [MicrosoftEntraID({ clientSecret: "secret" })],
      logger: { warn: (_code, message) => void warnings.push(message) },
    }
    setEnvDefaults({}, config)
    await Auth(new Request("http://localhost/auth/providers"), config)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/set AUTH_MICROSOFT_ENTRA_ID_ID in the environment/)
  })

  it("is fine once AUTH_GITHUB_ID is set", () => {
    const log = recordingLogger()
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      providers: [GitHub],
      logger: log.logger,
    }
    setEnvDefaults({ AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" }, config)
    expect(checkConfig(config)).toBeUndefined()
    expect(log.warnings).toEqual([])
  })

  it("never redirects to the provider: the sign-in answers with the configuration error", async () => {
    const log = recordingLogger()
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      providers: [GitHub({ clientSecret: "secret" })],
      logger: log.logger,
    }
    const client = new AuthClient(config)
    const response = await client.postForm("/signin/github", {
      csrfToken: await client.csrfToken(),
    })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    )
    expect(log.errors[0]?.message).toMatch(/AUTH_GITHUB_ID/)
  })
})
