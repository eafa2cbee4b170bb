import type { AuthorizationServer } from "oauth4webapi"
import { describe, expect, it } from "vitest"
import { clientAuthOf } from "./client-auth.js"

const as: AuthorizationServer = {
  issuer: "https://idp.test",
  token_endpoint: "https://idp.test/token",
}

function provider(method: string | undefined, clientSecret: string | undefined = "s3cr3t +/") {
  return {
    id: "idp",
    clientId: "my-client.apps",
    clientSecret,
    client: method ? { token_endpoint_auth_method: method as "none" } : {},
    token: { url: undefined, params: {} },
  }
}

describe("clientAuthOf", () => {
  it("sends client_secret_basic form-encoded like Auth.js (by default)", async () => {
    const headers = new Headers()
    await clientAuthOf(provider(undefined), as)(
      as,
      { client_id: "my-client.apps" },
      new URLSearchParams(),
      headers,
    )

    expect(headers.get("authorization")).toBe(`Basic ${btoa("my-client.apps:s3cr3t+%2B%2F")}`)
  })

  it("sends client_secret_post in the body", async () => {
    const body = new URLSearchParams()
    await clientAuthOf(provider("client_secret_post"), as)(
      as,
      { client_id: "my-client.apps" },
      body,
      new Headers(),
    )

    expect(Object.fromEntries(body)).toEqual({
      client_id: "my-client.apps",
      client_secret: "s3cr3t +/",
    })
  })

  it("names the missing secret or key, and refuses unknown methods", () => {
    expect(() => clientAuthOf(provider("client_secret_basic", ""), as)).toThrow(/AUTH_IDP_SECRET/)
    expect(() => clientAuthOf(provider("private_key_jwt"), as)).toThrow(/clientPrivateKey/)
    expect(() => clientAuthOf(provider("tls_client_auth"), as)).toThrow(/unsupported/)
  })
})
