/**
 * `getAccessToken(c, provider)` on a real Hono server (`@hono/node-server`): the access-token
 * contract of `@auth/integration-test` (one refresh grant however many ask at once, the re-sealed
 * cookie on the context's response, the account row updated), and the answer to a `Host` no URL
 * can have.
 */
import { runAccessTokenContract } from "@auth/integration-test"
import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import { type AuthConfig, authHandler, getAccessToken, initAuthConfig } from "../src/index.js"
import { listen } from "./app.js"

const SECRET = "hono-access-token-tests-secret-0123456789"

/** The auth routes at `/auth` and `GET /token`, which calls `getAccessToken`. */
function createApp(config: AuthConfig) {
  const app = new Hono()
  app.use(
    "*",
    initAuthConfig(() => config),
  )
  app.use("/auth/*", authHandler())
  app.get("/token", async (c) => {
    const token = await getAccessToken(c, "idp")
    return c.json(token.error ? { code: token.code } : token)
  })
  return app
}

runAccessTokenContract({
  name: "Hono",
  secret: SECRET,
  startApp: (config) => listen(createApp(config)),
})

describe("getAccessToken from a Hono handler", () => {
  it("answers InvalidRequest to a Host no URL can have", async () => {
    // In-process: `@hono/node-server` itself refuses such a request before the app sees it.
    const app = createApp({
      basePath: "/auth",
      secret: SECRET,
      trustHost: true,
      providers: [{ id: "idp", name: "IdP", type: "oidc", issuer: "https://idp.example" }],
    })
    const response = await app.request("/token", { headers: { host: "evil.example:99999" } })
    expect(await response.json()).toEqual({ code: "InvalidRequest" })
  })
})
