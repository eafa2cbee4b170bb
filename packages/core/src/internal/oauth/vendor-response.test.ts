import * as o from "oauth4webapi"
import { describe, expect, it } from "vitest"
import { OAuthCallbackError } from "../../errors.js"
import { isVendorAnswerFailure, readVendorJson } from "./vendor-response.js"

const as = { issuer: "https://idp.test", token_endpoint: "https://idp.test/token" }
const client = { client_id: "c" }

/** What oauth4webapi throws for a token endpoint answer. */
async function tokenFailure(response: Response): Promise<unknown> {
  try {
    await o.processAuthorizationCodeResponse(as, client, response)
  } catch (error) {
    return error
  }
  throw new Error("expected a failure")
}

describe("isVendorAnswerFailure", () => {
  it("classifies error bodies, non-2xx answers, HTML and missing fields as the vendor's", async () => {
    const failures = await Promise.all([
      tokenFailure(Response.json({ error: "invalid_grant" }, { status: 400 })),
      tokenFailure(new Response("<html>down</html>", { status: 502 })),
      tokenFailure(new Response("<html>ok?</html>", { status: 200 })),
      tokenFailure(Response.json({ error: "bad_verification_code" })),
      tokenFailure(Response.json({ access_token: "a", token_type: "mac" })),
    ])
    for (const failure of failures) expect(isVendorAnswerFailure(failure)).toBe(true)
  })

  it("leaves the app's own credentials and everything else to CallbackRouteError", async () => {
    const invalidClient = await tokenFailure(
      Response.json({ error: "invalid_client" }, { status: 401 }),
    )
    expect(isVendorAnswerFailure(invalidClient)).toBe(false)
    expect(isVendorAnswerFailure(new TypeError("fetch failed"))).toBe(false)
    expect(isVendorAnswerFailure(new o.OperationProcessingError('unexpected JWT "aud"'))).toBe(
      false,
    )
  })
})

describe("readVendorJson", () => {
  it("returns a 2xx JSON object", async () => {
    expect(await readVendorJson(Response.json({ id: 1 }), "acme", "The API")).toEqual({ id: 1 })
  })

  it.each([
    ["a non-2xx status", Response.json({ message: "Bad credentials" }, { status: 401 }), /401/],
    [
      "HTML",
      new Response("<html></html>", { headers: { "content-type": "text/html" } }),
      /no JSON \(text\/html\)/,
    ],
    ["an array", Response.json([1]), /no JSON object/],
  ])("refuses %s with OAuthCallbackError naming the provider", async (_label, response, reason) => {
    const error = await readVendorJson(response, "acme", "The API").catch((caught) => caught)
    expect(error).toBeInstanceOf(OAuthCallbackError)
    expect(error.message).toMatch(reason)
    expect(error.cause).toMatchObject({ provider: "acme" })
  })
})
