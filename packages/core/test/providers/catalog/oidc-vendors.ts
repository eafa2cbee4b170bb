/**
 * Catalog entries of the OpenID Connect vendors. The mimic serves each issuer's discovery
 * document, JWKS and ID tokens (signed RS256, or HS256 with the client secret for LINE), and
 * the userinfo endpoint for the providers that read the profile there.
 */
import Apple from "../../../src/providers/apple.js"
import Asgardeo from "../../../src/providers/asgardeo.js"
import Auth0 from "../../../src/providers/auth0.js"
import Authentik from "../../../src/providers/authentik.js"
import AzureAD from "../../../src/providers/azure-ad.js"
import AzureADB2C from "../../../src/providers/azure-ad-b2c.js"
import BankIDNorway from "../../../src/providers/bankid-no.js"
import BattleNet from "../../../src/providers/battlenet.js"
import BeyondIdentity from "../../../src/providers/beyondidentity.js"
import Cognito from "../../../src/providers/cognito.js"
import Descope from "../../../src/providers/descope.js"
import DuendeIdentityServer6 from "../../../src/providers/duende-identity-server6.js"
import Frontegg from "../../../src/providers/frontegg.js"
import FusionAuth from "../../../src/providers/fusionauth.js"
import Google from "../../../src/providers/google.js"
import Huggingface from "../../../src/providers/huggingface.js"
import IdentityServer4 from "../../../src/providers/identity-server4.js"
import Keycloak from "../../../src/providers/keycloak.js"
import Kinde from "../../../src/providers/kinde.js"
import LINE from "../../../src/providers/line.js"
import LinkedIn from "../../../src/providers/linkedin.js"
import Logto from "../../../src/providers/logto.js"
import MicrosoftEntraID from "../../../src/providers/microsoft-entra-id.js"
import Okta from "../../../src/providers/okta.js"
import OneLogin from "../../../src/providers/onelogin.js"
import OryHydra from "../../../src/providers/ory-hydra.js"
import Passage from "../../../src/providers/passage.js"
import PingId from "../../../src/providers/ping-id.js"
import Roblox from "../../../src/providers/roblox.js"
import Salesforce from "../../../src/providers/salesforce.js"
import SimpleLogin from "../../../src/providers/simplelogin.js"
import Slack from "../../../src/providers/slack.js"
import Twitch from "../../../src/providers/twitch.js"
import UnitedEffects from "../../../src/providers/united-effects.js"
import Vipps from "../../../src/providers/vipps.js"
import ZITADEL from "../../../src/providers/zitadel.js"
import { type CatalogEntry, oidc, type ProviderFactory } from "./types.js"

/** Standard claims of one person, and the session user they make. */
function person(sub: string, name: string, domain: string) {
  const email = `${name.split(" ")[0]?.toLowerCase()}@${domain}`
  const picture = `https://${domain}/avatars/${sub}.png`
  return {
    claims: { sub, name, email, email_verified: true, picture },
    expected: { name, email, image: picture },
  }
}

/** A discovery-based provider with standard claims on an issuer given through the env. */
function standard(
  module: string,
  factory: ProviderFactory,
  issuer: string,
  extra: Partial<Parameters<typeof oidc>[0]> = {},
): CatalogEntry {
  const { claims, expected } = person(`${module}-user-1`, "Ada Lovelace", "example.test")
  return oidc({ module, factory, issuer, envIssuer: issuer, claims, expected, ...extra })
}

const ENTRA_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad"
const ENTRA_ISSUER = `https://login.microsoftonline.com/${ENTRA_TENANT}/v2.0`
const ENTRA_PHOTO = {
  url: "https://graph.microsoft.com/v1.0/me/photos/48x48/$value",
  body: "\u0001\u0002\u0003",
  contentType: "image/jpeg",
}

/** Entra ID and its `azure-ad` alias: a tenant issuer, the `tid` claim, the Graph photo. */
function entra(module: string, factory: ProviderFactory): CatalogEntry {
  return oidc({
    module,
    factory,
    issuer: ENTRA_ISSUER,
    envIssuer: ENTRA_ISSUER,
    claims: {
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Megan Bowen",
      email: "megan@contoso.test",
      preferred_username: "megan@contoso.test",
      tid: ENTRA_TENANT,
      ver: "2.0",
    },
    vendor: { resources: [ENTRA_PHOTO] },
    // Auth.js's mapping fetches the photo from Graph with the global fetch.
    skipProfileComparison: true,
    expected: {
      name: "Megan Bowen",
      email: "megan@contoso.test",
      image: "data:image/jpeg;base64, AQID",
    },
  })
}

export const OIDC_VENDORS: CatalogEntry[] = [
  {
    ...oidc({
      module: "apple",
      factory: Apple,
      issuer: "https://appleid.apple.com",
      claims: {
        sub: "001234.56789abcdef0123456789abcdef01.2345",
        email: "abc123@privaterelay.appleid.com",
        email_verified: true,
        is_private_email: true,
      },
      vendor: { clientAuth: "client_secret_post" },
      expected: {
        name: "abc123@privaterelay.appleid.com",
        email: "abc123@privaterelay.appleid.com",
        image: null,
      },
    }),
  },
  oidc({
    module: "asgardeo",
    factory: Asgardeo,
    issuer: "https://api.asgardeo.io/t/acme/oauth2/token",
    envIssuer: "https://api.asgardeo.io/t/acme",
    vendor: {
      authorization: "https://api.asgardeo.io/t/acme/oauth2/authorize",
      token: "https://api.asgardeo.io/t/acme/oauth2/token",
    },
    ...person("asgardeo-user", "Asha Gardeo", "acme.test"),
  }),
  standard("auth0", Auth0, "https://acme.eu.auth0.test/"),
  standard("authentik", Authentik, "https://authentik.example.test/application/o/acme/"),
  entra("azure-ad", AzureAD),
  oidc({
    module: "azure-ad-b2c",
    factory: AzureADB2C,
    issuer: "https://acme.b2clogin.test/6f1f2d1c-0a4b-4c5e-9f3e-2b1e0c9d8a7b/v2.0/",
    envIssuer: "https://acme.b2clogin.test/6f1f2d1c-0a4b-4c5e-9f3e-2b1e0c9d8a7b/v2.0/",
    claims: {
      sub: "b2c-user",
      name: "Bea Two",
      emails: ["bea@b2c.test", "other@b2c.test"],
      tfp: "B2C_1_signupsignin",
    },
    expected: { name: "Bea Two", email: "bea@b2c.test", image: null },
  }),
  oidc({
    module: "bankid-no",
    factory: BankIDNorway,
    issuer: "https://auth.bankid.no/auth/realms/prod",
    claims: { sub: "9578-6000-4-365161", amr: "BIS" },
    vendor: { clientAuth: "client_secret_post" },
    oidc: {
      userinfoFormat: "jwt",
      userinfo: { sub: "9578-6000-4-365161", name: "Kari Nordmann", email: "kari@bankid.test" },
    },
    expected: { name: "Kari Nordmann", email: "kari@bankid.test", image: null },
  }),
  oidc({
    module: "battlenet",
    factory: BattleNet,
    issuer: "https://oauth.battle.net",
    envIssuer: "https://oauth.battle.net",
    claims: { sub: "123456789", battle_tag: "Player#1234" },
    expected: { name: "Player#1234", image: null },
  }),
  oidc({
    module: "beyondidentity",
    factory: BeyondIdentity,
    issuer: "https://auth-us.beyondidentity.test/v1/tenants/t/realms/r/applications/a",
    envIssuer: "https://auth-us.beyondidentity.test/v1/tenants/t/realms/r/applications/a",
    claims: { sub: "bi-user", name: "Bey Ond", preferred_username: "beyond", email: "bey@bi.test" },
    expected: { name: "Bey Ond", email: "bey@bi.test", image: null },
  }),
  standard("cognito", Cognito, "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI"),
  oidc({
    module: "descope",
    factory: Descope,
    issuer: "https://api.descope.com/vendor-client",
    ...person("descope-user", "Dee Scope", "descope.test"),
  }),
  standard("duende-identity-server6", DuendeIdentityServer6, "https://demo.duendesoftware.test"),
  standard("frontegg", Frontegg, "https://acme.frontegg.test", {
    vendor: {
      authorization: "https://acme.frontegg.test/oauth/authorize",
      token: "https://acme.frontegg.test/oauth/token",
    },
  }),
  standard("fusionauth", FusionAuth, "https://auth.fusion.test", {
    vendor: { token: "https://auth.fusion.test/oauth2/token" },
  }),
  oidc({
    module: "google",
    factory: Google,
    issuer: "https://accounts.google.com",
    ...person("10769150350006150715113082367", "John Smith", "gmail.test"),
  }),
  oidc({
    module: "huggingface",
    factory: Huggingface,
    issuer: "https://huggingface.co",
    claims: {
      sub: "5f9c0e5f9b3e2a1b2c3d4e5f",
      name: "Hug Face",
      preferred_username: "hugface",
      picture: "https://cdn-avatars.huggingface.co/hugface.png",
      email: "hug@face.test",
      isPro: false,
      orgs: [],
    },
    expected: {
      name: "Hug Face",
      email: "hug@face.test",
      image: "https://cdn-avatars.huggingface.co/hugface.png",
    },
  }),
  standard("identity-server4", IdentityServer4, "https://is4.example.test"),
  standard("keycloak", Keycloak, "https://keycloak.example.test/realms/acme"),
  standard("kinde", Kinde, "https://acme.kinde.test"),
  oidc({
    module: "line",
    factory: LINE,
    issuer: "https://access.line.me",
    oidc: { idTokenAlg: "HS256" },
    ...person("U1234567890abcdef1234567890abcdef", "Taro Line", "line.test"),
  }),
  oidc({
    module: "linkedin",
    factory: LinkedIn,
    issuer: "https://www.linkedin.com/oauth",
    vendor: { clientAuth: "client_secret_post" },
    ...person("782bbtaQ", "Link Edin", "linkedin.test"),
  }),
  standard("logto", Logto, "https://acme.logto.test/oidc"),
  entra("microsoft-entra-id", MicrosoftEntraID),
  standard("okta", Okta, "https://acme.okta.test/oauth2/default"),
  oidc({
    module: "onelogin",
    factory: OneLogin,
    issuer: "https://acme.onelogin.test/oidc/2",
    envIssuer: "https://acme.onelogin.test",
    ...person("onelogin-user", "One Login", "onelogin.test"),
  }),
  standard("ory-hydra", OryHydra, "https://hydra.example.test/", { id: "hydra" }),
  standard("passage", Passage, "https://auth.passage.test", {
    vendor: { clientAuth: "client_secret_basic" },
  }),
  standard("ping-id", PingId, "https://auth.pingone.test/4a1d7a7e-00c3-4a43-8f9c/as"),
  oidc({
    module: "roblox",
    factory: Roblox,
    issuer: "https://apis.roblox.com/oauth/",
    claims: {
      sub: "1516563360",
      name: "Builder Man",
      nickname: "builderman",
      preferred_username: "builderman",
      created_at: 1143532800,
      profile: "https://www.roblox.com/users/1516563360/profile",
      picture: "https://tr.rbxcdn.com/headshot.png",
    },
    expected: { name: "Builder Man", image: "https://tr.rbxcdn.com/headshot.png" },
  }),
  oidc({
    module: "salesforce",
    factory: Salesforce,
    issuer: "https://login.salesforce.com",
    claims: { sub: "https://login.salesforce.com/id/00Dxx0000001gPL/005xx000001Sv6A" },
    oidc: {
      userinfo: {
        sub: "https://login.salesforce.com/id/00Dxx0000001gPL/005xx000001Sv6A",
        name: "Sales Force",
        nickname: "salesforce",
        email: "sales@force.test",
        picture: "https://c.salesforce.test/profilephoto/005/F",
      },
    },
    expected: {
      name: "Sales Force",
      email: "sales@force.test",
      image: "https://c.salesforce.test/profilephoto/005/F",
    },
  }),
  oidc({
    module: "simplelogin",
    factory: SimpleLogin,
    issuer: "https://app.simplelogin.io",
    claims: {
      id: 1,
      sub: "1",
      email: "alias@simplelogin.test",
      email_verified: true,
      name: "Simple Login",
      avatar_url: "https://app.simplelogin.io/avatar/1.png",
      client: "acme",
    },
    expected: {
      name: "Simple Login",
      email: "alias@simplelogin.test",
      image: "https://app.simplelogin.io/avatar/1.png",
    },
  }),
  oidc({
    module: "slack",
    factory: Slack,
    issuer: "https://slack.com",
    ...person("U0R7JM", "Krane Slack", "slack.test"),
  }),
  oidc({
    module: "twitch",
    factory: Twitch,
    issuer: "https://id.twitch.tv/oauth2",
    claims: {
      sub: "713936733",
      preferred_username: "twitchdev",
      email: "dev@twitch.test",
      picture: "https://static-cdn.jtvnw.net/user-default-pictures/twitchdev.png",
    },
    vendor: {
      clientAuth: "client_secret_post",
      tokenResponse: ({ accessToken, idToken }) => ({
        access_token: accessToken,
        expires_in: 14124,
        id_token: idToken,
        refresh_token: "eyJfMzUtNDU0OC4MWYwLTQ5MDY5ODY4NGNlMSJ9%asdfasdf=",
        scope: ["openid", "user:read:email"],
        token_type: "bearer",
      }),
    },
    expected: {
      name: "twitchdev",
      email: "dev@twitch.test",
      image: "https://static-cdn.jtvnw.net/user-default-pictures/twitchdev.png",
    },
  }),
  standard(
    "united-effects",
    UnitedEffects,
    "https://auth.unitedeffects.test/YQpbQV5dbW-224dCovz-3",
  ),
  oidc({
    module: "vipps",
    factory: Vipps,
    issuer: "https://api.vipps.no/access-management-1.0/access/",
    claims: { sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944" },
    oidc: {
      userinfo: {
        sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
        name: "Ada Lovelace",
        email: "ada@vipps.test",
        email_verified: true,
      },
    },
    expected: { name: "Ada Lovelace", email: "ada@vipps.test" },
  }),
  standard("zitadel", ZITADEL, "https://acme.zitadel.test"),
]
