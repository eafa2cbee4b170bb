import { describe, expect, it } from "vitest"
import { prepare } from "./config.js"

const providers = [{ id: "github", type: "oauth" as const, name: "GitHub" }]

describe("prepare", () => {
  it("serves /api/auth by default, where Auth.js left core on /auth", () => {
    expect(prepare({ providers: [] }, {}).basePath).toBe("/api/auth")
    expect(prepare({ providers: [] }, {}).config.basePath).toBe("/api/auth")
  })

  it("makes `prefix` the base path, normalised, and drops it from core's config", () => {
    const { config, basePath } = prepare({ providers: [], prefix: "custom/auth/" }, {})
    expect(basePath).toBe("/custom/auth")
    expect(config.basePath).toBe("/custom/auth")
    expect(config).not.toHaveProperty("prefix")
  })

  it("takes `basePath` without `prefix`; `prefix` wins when both are set", () => {
    expect(prepare({ providers: [], basePath: "/auth" }, {}).basePath).toBe("/auth")
    expect(prepare({ providers: [], basePath: "/auth", prefix: "/api/x" }, {}).basePath).toBe(
      "/api/x",
    )
  })

  it("keeps the route's path over AUTH_URL's, and takes AUTH_URL's origin", () => {
    const { config } = prepare({ providers: [] }, { AUTH_URL: "https://app.example/elsewhere" })
    expect(config.basePath).toBe("/api/auth")
    expect(config.url).toBe("https://app.example/elsewhere")
    expect(config.trustHost).toBe(true)
  })

  it("reads the secrets, trustHost and provider credentials from the environment", () => {
    const { config } = prepare(
      { providers },
      {
        AUTH_SECRET: "current",
        AUTH_SECRET_1: "previous",
        AUTH_TRUST_HOST: "false",
        NODE_ENV: "production",
        AUTH_GITHUB_ID: "id-from-env",
      },
    )
    expect(config.secret).toEqual(["previous", "current"])
    // Auth.js reads any non-empty AUTH_TRUST_HOST, "false" included, as true.
    expect(config.trustHost).toBe(false)
    expect(config.providers[0]).toMatchObject({ clientId: "id-from-env" })
  })

  it("trusts the host outside production, as Auth.js does", () => {
    expect(prepare({ providers: [] }, {}).config.trustHost).toBe(true)
    expect(prepare({ providers: [] }, { NODE_ENV: "production" }).config.trustHost).toBe(false)
  })

  it("never changes the user's config", () => {
    const input = { providers, prefix: "/auth" }
    const frozen = Object.freeze({ ...input, providers: [...providers] })
    Object.freeze(frozen.providers)
    prepare(frozen, { AUTH_SECRET: "s" })
    expect(frozen).toEqual(input)
  })
})
