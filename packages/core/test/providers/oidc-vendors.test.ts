import { describe, expect, it } from "vitest"
import Apple from "../../src/providers/apple.js"
import Auth0, { type Auth0Profile } from "../../src/providers/auth0.js"
import Cognito, { type CognitoProfile } from "../../src/providers/cognito.js"
import Discord from "../../src/providers/discord.js"
import Facebook from "../../src/providers/facebook.js"
import GitHub from "../../src/providers/github.js"
import GitLab from "../../src/providers/gitlab.js"
import Google from "../../src/providers/google.js"
import Keycloak, { type KeycloakProfile } from "../../src/providers/keycloak.js"
import LinkedIn, { type LinkedInProfile } from "../../src/providers/linkedin.js"
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js"
import type { OAuthConfig } from "../../src/providers/oauth.js"
import Okta, { type OktaProfile } from "../../src/providers/okta.js"
import Slack, { type SlackProfile } from "../../src/providers/slack.js"
import TikTok from "../../src/providers/tiktok.js"
import Twitter from "../../src/providers/twitter.js"
import type { TokenSet } from "../../src/types.js"

import { TOKENS, USER_CONFIG } from "../support/provider-fixtures.js"

const OIDC_CLAIMS = {
  sub: "248289761001",
  name: "Jane Doe",
  email: "janedoe@example.test",
  picture: "https://images.example.test/janedoe.jpg",
}

describe.each([
  {
    id: "linkedin",
    factory: () => LinkedIn(USER_CONFIG),
    fields: {
      name: "LinkedIn",
      issuer: "https://www.linkedin.com/oauth",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
    },
    claims: {
      ...OIDC_CLAIMS,
      given_name: "Jane",
      family_name: "Doe",
      locale: "en-US",
      email_verified: true,
    } satisfies LinkedInProfile,
  },
  {
    id: "slack",
    factory: () => Slack(USER_CONFIG),
    fields: { name: "Slack", issuer: "https://slack.com", checks: ["nonce"] },
    claims: {
      ...OIDC_CLAIMS,
      ok: true,
      "https://slack.com/user_id": "U0R7JM",
      "https://slack.com/team_id": "T0R7GR",
      email_verified: true,
      date_email_verified: 1622128723,
      given_name: "Jane",
      family_name: "Doe",
      locale: "en-US",
      "https://slack.com/team_name": "Acme",
      "https://slack.com/team_domain": "acme",
    } as SlackProfile,
  },
  {
    id: "auth0",
    factory: () => Auth0({ ...USER_CONFIG, issuer: "https://acme.eu.auth0.com" }),
    fields: { name: "Auth0", issuer: "https://acme.eu.auth0.com" },
    claims: {
      ...OIDC_CLAIMS,
      sub: "auth0|63d1f0c8a7b1c2d3e4f5a6b7",
      nickname: "janedoe",
      email_verified: true,
      updated_at: "2024-11-20T10:00:00.000Z",
    } as Auth0Profile,
  },
  {
    id: "okta",
    factory: () => Okta({ ...USER_CONFIG, issuer: "https://acme.okta.com/oauth2/default" }),
    fields: {
      name: "Okta",
      issuer: "https://acme.okta.com/oauth2/default",
      checks: ["pkce", "state"],
    },
    claims: {
      ...OIDC_CLAIMS,
      sub: "00uid4BxXw6I6TV4m0g3",
      ver: "1",
      iss: "https://acme.okta.com/oauth2/default",
      preferred_username: "janedoe@example.test",
      email_verified: true,
      amr: ["pwd"],
    } as OktaProfile,
  },
  {
    id: "keycloak",
    factory: () => Keycloak({ ...USER_CONFIG, issuer: "https://sso.example.test/realms/acme" }),
    fields: { name: "Keycloak", issuer: "https://sso.example.test/realms/acme" },
    claims: {
      ...OIDC_CLAIMS,
      sub: "f:2c7d7f3e-1b1e-4e8f-9d3c-5a6b7c8d9e0f:janedoe",
      preferred_username: "janedoe",
      email_verified: true,
      typ: "ID",
      azp: "my-client-id",
    } as KeycloakProfile,
  },
  {
    id: "cognito",
    factory: () =>
      Cognito({
        ...USER_CONFIG,
        issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI",
      }),
    fields: {
      name: "Cognito",
      issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI",
    },
    claims: {
      ...OIDC_CLAIMS,
      sub: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
      "cognito:username": "janedoe",
    } satisfies CognitoProfile,
  },
])("$id (OIDC)", ({ id, factory, fields, claims }) => {
  it("is an OIDC provider with its issuer and checks, options kept", () => {
    const provider = factory()
    expect(provider).toMatchObject({ id, type: "oidc", ...fields })
    expect(provider.options).toMatchObject(USER_CONFIG)
    expect(provider.style?.brandColor).toMatch(/^#[0-9a-fA-F]{3,6}$/)
  })

  it("maps the standard claims", () => {
    const profile = factory().profile as (claims: unknown, tokens: TokenSet) => unknown
    expect(profile(claims, TOKENS)).toEqual({
      id: claims.sub,
      name: "Jane Doe",
      email: "janedoe@example.test",
      image: "https://images.example.test/janedoe.jpg",
    })
  })
})

describe("OIDC claim mapping", () => {
  it("falls back to nickname, then preferred_username, and leaves absent claims out", () => {
    const keycloak = Keycloak()
    const claims = { sub: "1", preferred_username: "jdoe" } as KeycloakProfile
    expect(keycloak.profile?.(claims, TOKENS)).toEqual({ id: "1", name: "jdoe" })
  })
})

describe("every provider", () => {
  const factories = [
    GitHub,
    Google,
    Apple,
    MicrosoftEntraID,
    Discord,
    GitLab,
    Facebook,
    Twitter,
    LinkedIn,
    Slack,
    Auth0,
    Okta,
    Keycloak,
    Cognito,
    TikTok,
  ] as Array<(config?: object) => OAuthConfig<never>>

  it("can be called without options (env supplies the client later)", () => {
    const ids = factories.map((factory) => factory().id)
    expect(ids).toEqual([
      "github",
      "google",
      "apple",
      "microsoft-entra-id",
      "discord",
      "gitlab",
      "facebook",
      "twitter",
      "linkedin",
      "slack",
      "auth0",
      "okta",
      "keycloak",
      "cognito",
      "tiktok",
    ])
  })

  it("keeps user overrides in options without touching the defaults or the input", () => {
    for (const factory of factories) {
      const config = Object.freeze({
        clientId: "id",
        authorization: Object.freeze({ params: Object.freeze({ prompt: "login" }) }),
      })
      const provider = factory(config)
      expect(provider.options).toBe(config)
      const { authorization } = provider
      const params = typeof authorization === "object" ? authorization.params : undefined
      expect(params?.prompt).toBeUndefined()
      expect(provider.style?.brandColor).toBeTruthy()
      expect(typeof provider.profile).toBe("function")
    }
  })
})
