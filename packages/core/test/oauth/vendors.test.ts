import { CookieJar } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { customFetch } from "../../src/index.js"
import Apple from "../../src/providers/apple.js"
import Auth0 from "../../src/providers/auth0.js"
import Cognito from "../../src/providers/cognito.js"
import Google from "../../src/providers/google.js"
import Keycloak from "../../src/providers/keycloak.js"
import LinkedIn from "../../src/providers/linkedin.js"
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js"
import type { OIDCConfig } from "../../src/providers/oauth.js"
import Okta from "../../src/providers/okta.js"
import Slack from "../../src/providers/slack.js"
import type { Profile } from "../../src/types.js"
import { setCookies } from "../support/client.js"
import { type Idp, startIdentityProvider } from "../support/idp.js"
import {
  APP_ORIGIN,
  authorizeAtIdp,
  callbackUrl,
  createApp,
  deliver,
  locationOf,
  redirectOf,
  sessionUser,
  startSignIn,
} from "./flow.js"

let idp: Idp

beforeAll(async () => {
  idp = await startIdentityProvider()
  idp.setRedirectUris(
    [
      "google",
      "okta",
      "keycloak",
      "auth0",
      "cognito",
      "slack",
      "linkedin",
      "apple",
      "microsoft-entra-id",
      "formpost",
    ].map((id) => callbackUrl(id)),
  )
})

afterAll(async () => {
  await idp?.close()
})

describe("built-in OIDC providers through discovery on the local provider", () => {
  const basic = () => ({
    clientId: idp.clients.client_secret_basic.clientId,
    clientSecret: idp.clients.client_secret_basic.clientSecret,
    issuer: idp.issuer,
  })
  const post = () => ({
    clientId: idp.clients.client_secret_post.clientId,
    clientSecret: idp.clients.client_secret_post.clientSecret,
    issuer: idp.issuer,
  })
  const cases: [string, () => OIDCConfig<Profile>][] = [
    ["google", () => Google(basic()) as OIDCConfig<Profile>],
    ["okta", () => Okta(basic()) as OIDCConfig<Profile>],
    ["keycloak", () => Keycloak(basic()) as OIDCConfig<Profile>],
    ["auth0", () => Auth0(basic()) as OIDCConfig<Profile>],
    ["cognito", () => Cognito(basic()) as OIDCConfig<Profile>],
    ["slack", () => Slack(basic()) as OIDCConfig<Profile>],
    ["linkedin", () => LinkedIn(post()) as OIDCConfig<Profile>],
  ]

  it.each(cases)("signs in with %s", async (id, factory) => {
    const { client, log } = createApp({ providers: [factory()] })

    const response = await deliver(client, await authorizeAtIdp(client, idp, id, "alice"))

    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(APP_ORIGIN)
    expect(await sessionUser(client)).toEqual({
      name: "Alice",
      email: "alice@example.test",
      image: "https://images.example.test/alice.png",
    })
  })

  it("signs in with Microsoft Entra ID, fetching the photo through customFetch", async () => {
    const graphRequests: string[] = []
    const fetchImpl: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input)
      if (url.hostname === "graph.microsoft.com") {
        graphRequests.push(url.pathname)
        return Promise.resolve(new Response(new Uint8Array([1, 2, 3])))
      }
      return fetch(input, init)
    }
    const { client, log } = createApp({
      providers: [MicrosoftEntraID({ ...basic(), [customFetch]: fetchImpl })],
    })

    const url = locationOf(await startSignIn(client, "microsoft-entra-id"))
    expect(url.searchParams.get("scope")).toBe("openid profile email User.Read")
    const response = await deliver(client, await idp.login(new CookieJar(), url, "alice"))

    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(APP_ORIGIN)
    expect((await sessionUser(client))?.image).toBe("data:image/jpeg;base64, AQID")
    expect(graphRequests).toEqual(["/v1.0/me/photos/48x48/$value"])
  })
})

describe("response_mode=form_post", () => {
  it("takes the callback as a POST with the parameters in the body, its check cookies SameSite=None", async () => {
    const { client, log } = createApp({
      providers: [
        {
          ...idp.oidcProvider("client_secret_basic"),
          id: "formpost",
          checks: ["pkce", "state", "nonce"],
          authorization: { params: { response_mode: "form_post" } },
        } as OIDCConfig<Profile>,
      ],
    })

    const signIn = await startSignIn(client, "formpost")
    expect(locationOf(signIn).searchParams.get("response_mode")).toBe("form_post")
    for (const cookie of setCookies(signIn).filter((c) => /state|nonce|pkce/.test(c.name))) {
      expect(cookie.attributes).toMatchObject({ samesite: "None", secure: true })
    }
    const authorization = await idp.login(new CookieJar(), locationOf(signIn), "bob")
    expect(authorization.responseMode).toBe("form_post")
    expect(authorization.url.search).toBe("")

    const response = await deliver(client, authorization)

    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(APP_ORIGIN)
    expect((await sessionUser(client))?.email).toBe("bob@example.test")
  })

  it("signs in with Apple (form_post), reading the user's name from the posted `user` field", async () => {
    const { client, log } = createApp({
      providers: [
        Apple({
          clientId: idp.clients.client_secret_post.clientId,
          clientSecret: idp.clients.client_secret_post.clientSecret,
          issuer: idp.issuer,
          // Apple's scopes are "name email"; the local provider needs openid for an ID token.
          authorization: { params: { scope: "openid email" } },
        }),
      ],
    })
    const signIn = await startSignIn(client, "apple")
    const url = locationOf(signIn)
    expect(url.searchParams.get("response_mode")).toBe("form_post")
    expect(url.searchParams.get("nonce")).toBeTruthy()
    const authorization = await idp.login(new CookieJar(), url, "carol")
    // Apple adds the user's name, once, as a form field next to code and state.
    authorization.params.set(
      "user",
      JSON.stringify({
        name: { firstName: "Carol", lastName: "Apple" },
        email: "carol@example.test",
      }),
    )

    const response = await deliver(client, authorization)

    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(APP_ORIGIN)
    expect(await sessionUser(client)).toMatchObject({
      name: "Carol Apple",
      email: "carol@example.test",
    })
  })
})
