import { describe, expect, it } from "vitest"
import { playgroundOptionsFromEnv } from "./options.js"

describe("playgroundOptionsFromEnv", () => {
  it("reads every variable", () => {
    expect(
      playgroundOptionsFromEnv({
        PORT: "0",
        PLAYGROUND_DATA_DIR: "/tmp/data",
        DATABASE_URL: "postgres://127.0.0.1/test",
        PLAYGROUND_DB_SCHEMA: "shop",
        REDIS_URL: "redis://127.0.0.1:6379",
        PLAYGROUND_REDIS_PREFIX: "shop:",
        PLAYGROUND_RATE_LIMIT_ON_STORE_FAILURE: "closed",
        AUTH_SESSION_STRATEGY: "jwt",
        AUTH_SECRET: "s".repeat(40),
        NODE_ENV: "production",
        SMTP_URL: "smtp://127.0.0.1:2525",
        PLAYGROUND_ID_ISSUER: "http://127.0.0.1:4000",
        PLAYGROUND_ID_CLIENT_ID: "shop",
        PLAYGROUND_ID_CLIENT_SECRET: "c".repeat(32),
      }),
    ).toEqual({
      port: 0,
      dataDir: "/tmp/data",
      databaseUrl: "postgres://127.0.0.1/test",
      databaseSchema: "shop",
      redisUrl: "redis://127.0.0.1:6379",
      redisPrefix: "shop:",
      rateLimitOnStoreFailure: "closed",
      sessionStrategy: "jwt",
      secret: "s".repeat(40),
      production: true,
      smtpUrl: "smtp://127.0.0.1:2525",
      identityProvider: {
        issuer: "http://127.0.0.1:4000",
        clientId: "shop",
        clientSecret: "c".repeat(32),
      },
    })
  })

  it("leaves unset and empty variables to the defaults", () => {
    expect(playgroundOptionsFromEnv({ PORT: "", AUTH_SECRET: " " })).toEqual({
      port: undefined,
      dataDir: undefined,
      databaseUrl: undefined,
      databaseSchema: undefined,
      redisUrl: undefined,
      redisPrefix: undefined,
      rateLimitOnStoreFailure: undefined,
      sessionStrategy: undefined,
      secret: undefined,
      production: false,
      smtpUrl: undefined,
      identityProvider: undefined,
    })
  })

  it("reads the secrets of a rotation, the one that seals new tokens first, as core does", () => {
    expect(
      playgroundOptionsFromEnv({ AUTH_SECRET: "old".repeat(11), AUTH_SECRET_1: "new".repeat(11) })
        .secret,
    ).toEqual(["new".repeat(11), "old".repeat(11)])
  })

  it("refuses PLAYGROUND_ID_ISSUER without its client", () => {
    expect(() =>
      playgroundOptionsFromEnv({ PLAYGROUND_ID_ISSUER: "http://127.0.0.1:4000" }),
    ).toThrow("PLAYGROUND_ID_ISSUER needs PLAYGROUND_ID_CLIENT_ID and PLAYGROUND_ID_CLIENT_SECRET")
  })

  it.each(["-1", "65536", "3000.5", "http"])("rejects PORT=%s", (port) => {
    expect(() => playgroundOptionsFromEnv({ PORT: port })).toThrow(/PORT must be a port number/)
  })

  it("reads PLAYGROUND_ID_ACCESS_TOKEN_TTL in seconds, and refuses what is not a lifetime", () => {
    expect(playgroundOptionsFromEnv({ PLAYGROUND_ID_ACCESS_TOKEN_TTL: "30" }).accessTokenTtl).toBe(
      30,
    )
    for (const ttl of ["0", "1.5", "1m"]) {
      expect(() => playgroundOptionsFromEnv({ PLAYGROUND_ID_ACCESS_TOKEN_TTL: ttl })).toThrow(
        `PLAYGROUND_ID_ACCESS_TOKEN_TTL must be a whole number of seconds, at least 1, not "${ttl}".`,
      )
    }
  })

  it("rejects an unknown AUTH_SESSION_STRATEGY", () => {
    expect(() => playgroundOptionsFromEnv({ AUTH_SESSION_STRATEGY: "cookie" })).toThrow(
      'AUTH_SESSION_STRATEGY must be "jwt" or "database", not "cookie".',
    )
  })
})
