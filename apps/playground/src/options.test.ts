import { describe, expect, it } from "vitest"
import { playgroundOptionsFromEnv } from "./options.js"

describe("playgroundOptionsFromEnv", () => {
  it("reads every variable", () => {
    expect(
      playgroundOptionsFromEnv({
        PORT: "0",
        PLAYGROUND_DATA_DIR: "/tmp/data",
        DATABASE_URL: "postgres://127.0.0.1/test",
        REDIS_URL: "redis://127.0.0.1:6379",
        AUTH_SESSION_STRATEGY: "jwt",
        AUTH_SECRET: "s".repeat(40),
        NODE_ENV: "production",
      }),
    ).toEqual({
      port: 0,
      dataDir: "/tmp/data",
      databaseUrl: "postgres://127.0.0.1/test",
      redisUrl: "redis://127.0.0.1:6379",
      sessionStrategy: "jwt",
      secret: "s".repeat(40),
      production: true,
    })
  })

  it("leaves unset and empty variables to the defaults", () => {
    expect(playgroundOptionsFromEnv({ PORT: "", AUTH_SECRET: " " })).toEqual({
      port: undefined,
      dataDir: undefined,
      databaseUrl: undefined,
      redisUrl: undefined,
      sessionStrategy: undefined,
      secret: undefined,
      production: false,
    })
  })

  it.each(["-1", "65536", "3000.5", "http"])("rejects PORT=%s", (port) => {
    expect(() => playgroundOptionsFromEnv({ PORT: port })).toThrow(/PORT must be a port number/)
  })

  it("rejects an unknown AUTH_SESSION_STRATEGY", () => {
    expect(() => playgroundOptionsFromEnv({ AUTH_SESSION_STRATEGY: "cookie" })).toThrow(
      'AUTH_SESSION_STRATEGY must be "jwt" or "database", not "cookie".',
    )
  })
})
