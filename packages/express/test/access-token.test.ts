/**
 * `getAccessToken(req, res, config, provider)` on a real Express server: the access-token
 * contract of `@auth/integration-test` (one refresh grant however many ask at once, the re-sealed
 * cookie on `res`, the account row updated), and the answer to a `Host` no URL can have.
 */
import { HttpClient, runAccessTokenContract } from "@auth/integration-test"
import express from "express"
import { describe, expect, it } from "vitest"
import { ExpressAuth, type ExpressAuthConfig, getAccessToken } from "../src/index.js"
import { listen } from "./app.js"
import { SECRET } from "./support.js"

/** The auth routes at `/auth` and `GET /token`, which calls `getAccessToken`. */
function startApp(config: ExpressAuthConfig) {
  const app = express()
  app.use("/auth", ExpressAuth(config))
  app.get("/token", async (req, res) => {
    const token = await getAccessToken(req, res, config, "idp")
    res.json(token.error ? { code: token.code } : token)
  })
  return listen(app)
}

runAccessTokenContract({ name: "Express", secret: SECRET, startApp })

describe("getAccessToken from an Express route", () => {
  it("answers InvalidRequest to a Host no URL can have", async () => {
    const app = await startApp({
      secret: SECRET,
      trustHost: true,
      providers: [{ id: "idp", name: "IdP", type: "oidc", issuer: "https://idp.example" }],
    })
    try {
      const client = new HttpClient(app.baseUrl, "/auth")
      const response = await client.raw({ path: "/token", headers: { host: "evil.example:99999" } })
      expect(JSON.parse(response.body)).toEqual({ code: "InvalidRequest" })
    } finally {
      await app.close()
    }
  })
})
