/**
 * Microsoft Entra ID's multi-tenant quirks, which no local provider reproduces: its `common`
 * discovery document names a `{tenantid}` issuer template, ID tokens come from the user's own
 * tenant, and token errors come as JSON bodies. The Microsoft endpoints are served through the
 * provider's `customFetch`, with ID tokens really signed and a real JWKS.
 */
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import { beforeAll, describe, expect, it } from "vitest"
import { OAuthCallbackError } from "../../src/errors.js"
import { customFetch } from "../../src/index.js"
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js"
import {
  APP_ORIGIN,
  callbackUrl,
  createApp,
  expectErrorRedirect,
  locationOf,
  redirectOf,
  startSignIn,
} from "./flow.js"

const LOGIN = "https://login.microsoftonline.com"
const TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad"
const TENANT_ISSUER = `${LOGIN}/${TENANT}/v2.0`
const CLIENT_ID = "entra-client"

let privateKey: CryptoKey
let jwks: { keys: object[] }

beforeAll(async () => {
  const pair = await generateKeyPair("RS256")
  privateKey = pair.privateKey
  jwks = {
    keys: [{ ...(await exportJWK(pair.publicKey)), kid: "entra-key", alg: "RS256", use: "sig" }],
  }
})

function metadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${LOGIN}/common/oauth2/v2.0/authorize`,
    token_endpoint: `${LOGIN}/common/oauth2/v2.0/token`,
    jwks_uri: `${LOGIN}/common/discovery/v2.0/keys`,
    userinfo_endpoint: "https://graph.microsoft.com/oidc/userinfo",
  }
}

/** Microsoft's endpoints; records the URLs requested. */
function microsoft(requested: string[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input)
    requested.push(`${url.origin}${url.pathname}`)
    switch (`${url.origin}${url.pathname}`) {
      case `${LOGIN}/common/v2.0/.well-known/openid-configuration`:
        return Response.json(metadata(`${LOGIN}/{tenantid}/v2.0`))
      case `${TENANT_ISSUER}/.well-known/openid-configuration`:
        return Response.json(metadata(TENANT_ISSUER))
      case `${LOGIN}/common/discovery/v2.0/keys`:
        return Response.json(jwks)
      case `${LOGIN}/common/oauth2/v2.0/token`: {
        const body = new URLSearchParams(String(init?.body))
        if (body.get("code") !== "good-code") {
          return Response.json(
            { error: "invalid_grant", error_description: "AADSTS70008: The code has expired." },
            { status: 400 },
          )
        }
        const idToken = await new SignJWT({
          tid: TENANT,
          name: "Megan",
          email: "megan@contoso.test",
        })
          .setProtectedHeader({ alg: "RS256", kid: "entra-key" })
          .setIssuer(TENANT_ISSUER)
          .setAudience(CLIENT_ID)
          .setSubject("megan-pairwise-sub")
          .setIssuedAt()
          .setExpirationTime("1h")
          .sign(privateKey)
        return Response.json({
          access_token: "at",
          token_type: "Bearer",
          expires_in: 3599,
          id_token: idToken,
        })
      }
      default:
        return new Response(null, { status: 404 })
    }
  }
}

describe("Microsoft Entra ID multi-tenant", () => {
  it("validates the ID token against the user's tenant, discovered from its tid", async () => {
    const requested: string[] = []
    const { client, log } = createApp({
      providers: [
        MicrosoftEntraID({
          clientId: CLIENT_ID,
          clientSecret: "s",
          [customFetch]: microsoft(requested),
        }),
      ],
    })

    const authorizationUrl = locationOf(await startSignIn(client, "microsoft-entra-id"))
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(
      `${LOGIN}/common/oauth2/v2.0/authorize`,
    )
    const response = await client.get(`${callbackUrl("microsoft-entra-id")}?code=good-code`)

    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(APP_ORIGIN)
    expect((await client.session())?.user).toMatchObject({
      name: "Megan",
      email: "megan@contoso.test",
    })
    expect(requested).toContain(`${TENANT_ISSUER}/.well-known/openid-configuration`)
    expect(requested).toContain(`${LOGIN}/common/discovery/v2.0/keys`)
  })

  it("shows a token error reported in Entra's JSON body as OAuthCallbackError", async () => {
    const { client, log } = createApp({
      providers: [
        MicrosoftEntraID({ clientId: CLIENT_ID, clientSecret: "s", [customFetch]: microsoft([]) }),
      ],
    })
    await startSignIn(client, "microsoft-entra-id")

    const response = await client.get(`${callbackUrl("microsoft-entra-id")}?code=expired-code`)

    expectErrorRedirect(response, "signin", "OAuthCallbackError")
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
    expect(log.errors[0]?.cause).toMatchObject({ error: "invalid_grant" })
  })
})
