import { describe, expect, it } from "vitest"
import { customFetch } from "../../src/internal/symbols.js"
import Apple, { type AppleProfile } from "../../src/providers/apple.js"
import Discord, { type DiscordProfile } from "../../src/providers/discord.js"
import Facebook, { type FacebookProfile } from "../../src/providers/facebook.js"
import GitLab, { type GitLabProfile } from "../../src/providers/gitlab.js"
import Google, { type GoogleProfile } from "../../src/providers/google.js"
import MicrosoftEntraID, {
  type MicrosoftEntraIDProfile,
} from "../../src/providers/microsoft-entra-id.js"
import type { OAuthConfig } from "../../src/providers/oauth.js"
import TikTok, { type TiktokProfile } from "../../src/providers/tiktok.js"
import Twitter, { type TwitterProfile } from "../../src/providers/twitter.js"

import {
  endpointHref,
  fakeFetch,
  scopeOf,
  TOKENS,
  USER_CONFIG,
} from "../support/provider-fixtures.js"

describe("google", () => {
  it("is an OIDC provider discovered from accounts.google.com", () => {
    const provider = Google(USER_CONFIG)
    expect(provider).toMatchObject({
      id: "google",
      name: "Google",
      type: "oidc",
      issuer: "https://accounts.google.com",
      options: USER_CONFIG,
    })
    expect(provider.authorization).toBeUndefined()
    expect(provider.token).toBeUndefined()
  })

  it("maps the ID token claims", () => {
    const claims: GoogleProfile = {
      iss: "https://accounts.google.com",
      azp: "1234987819200.apps.googleusercontent.com",
      aud: "1234987819200.apps.googleusercontent.com",
      sub: "10769150350006150715113082367",
      hd: "example.com",
      email: "jsmith@example.com",
      email_verified: true,
      at_hash: "HK6E_P6Dh8Y93mRNtsDB1Q",
      name: "John Smith",
      picture: "https://lh3.googleusercontent.com/a/ACg8ocJ=s96-c",
      given_name: "John",
      family_name: "Smith",
      iat: 1353601026,
      exp: 1353604926,
    }
    expect(Google().profile?.(claims, TOKENS)).toEqual({
      id: "10769150350006150715113082367",
      name: "John Smith",
      email: "jsmith@example.com",
      image: "https://lh3.googleusercontent.com/a/ACg8ocJ=s96-c",
    })
  })
})

describe("apple", () => {
  const claims: AppleProfile = {
    iss: "https://appleid.apple.com",
    aud: "com.example.web",
    exp: 1735689600,
    iat: 1735603200,
    sub: "001234.56789abcdef0123456789abcdef01.2345",
    nonce: "n-0S6_WzA2Mj",
    nonce_supported: true,
    at_hash: "qTj2S9fQvbVkYkQmS2b3tA",
    email: "abc123@privaterelay.appleid.com",
    email_verified: true,
    is_private_email: true,
    real_user_status: 2,
    transfer_sub: "",
    auth_time: 1735603190,
  }

  it("posts the response form, authenticates with client_secret_post and checks nonce and state", () => {
    const provider = Apple(USER_CONFIG)
    expect(provider).toMatchObject({
      id: "apple",
      type: "oidc",
      issuer: "https://appleid.apple.com",
      authorization: { params: { scope: "name email", response_mode: "form_post" } },
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["nonce", "state"],
      options: USER_CONFIG,
    })
  })

  it("reads the name from the user parameter when Apple sent it", () => {
    const provider = Apple()
    const user = { name: { firstName: "Jane", lastName: "Appleseed" }, email: claims.email }
    expect(provider.profile?.({ ...claims, user }, TOKENS)).toEqual({
      id: "001234.56789abcdef0123456789abcdef01.2345",
      name: "Jane Appleseed",
      email: "abc123@privaterelay.appleid.com",
      image: null,
    })
    expect(provider.profile?.(claims, TOKENS)).toMatchObject({ name: claims.email })
  })

  it("adds a userinfo endpoint to discovery, through the user's customFetch", async () => {
    const { fetch, calls } = fakeFetch({
      "https://appleid.apple.com/.well-known/openid-configuration": () =>
        Response.json({ issuer: "https://appleid.apple.com", token_endpoint: "https://t" }),
    })
    const provider = Apple({ [customFetch]: fetch })
    const wrapped = provider[customFetch]
    const response = await wrapped?.("https://appleid.apple.com/.well-known/openid-configuration")
    expect(await response?.json()).toEqual({
      issuer: "https://appleid.apple.com",
      token_endpoint: "https://t",
      userinfo_endpoint: "https://appleid.apple.com/fake_endpoint",
    })
    expect(calls).toHaveLength(1)
  })
})

describe("microsoft-entra-id", () => {
  const claims = {
    aud: "6731de76-14a6-49ae-97bc-6eba6914391e",
    iss: "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0",
    iat: 1735603200,
    nbf: 1735603200,
    exp: 1735607100,
    name: "Megan Bowen",
    oid: "00000000-0000-0000-66f3-3332eca7ea81",
    preferred_username: "megan@contoso.test",
    email: "megan@contoso.test",
    sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
    tid: "9188040d-6c67-4c5b-b112-36a304b66dad",
    ver: "2.0",
  } as MicrosoftEntraIDProfile

  it("defaults to the common issuer and requests User.Read", () => {
    const provider = MicrosoftEntraID(USER_CONFIG)
    expect(provider).toMatchObject({
      id: "microsoft-entra-id",
      name: "Microsoft Entra ID",
      type: "oidc",
      issuer: "https://login.microsoftonline.com/common/v2.0",
      authorization: { params: { scope: "openid profile email User.Read" } },
      options: USER_CONFIG,
    })
  })

  it("keeps a tenant issuer from the options and fills the discovery issuer template", async () => {
    const issuer = "https://login.microsoftonline.com/organizations/v2.0"
    const { fetch } = fakeFetch({
      [`${issuer}/.well-known/openid-configuration`]: () =>
        Response.json({ issuer: "https://login.microsoftonline.com/{tenantid}/v2.0" }),
    })
    const provider = MicrosoftEntraID({ issuer, [customFetch]: fetch })
    expect(provider.options?.issuer).toBe(issuer)
    const response = await provider[customFetch]?.(`${issuer}/.well-known/openid-configuration`)
    expect(await response?.json()).toEqual({ issuer })
  })

  it("maps the claims and the Graph photo, fetched with the user's customFetch", async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0])
    const { fetch, calls } = fakeFetch({
      "https://graph.microsoft.com/v1.0/me/photos/96x96/$value": () => new Response(photo),
    })
    const provider = MicrosoftEntraID({ profilePhotoSize: 96, [customFetch]: fetch })
    expect(await provider.profile?.(claims, TOKENS)).toEqual({
      id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Megan Bowen",
      email: "megan@contoso.test",
      image: "data:image/jpeg;base64, /9j/4A==",
    })
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer at-123")

    const noPhoto = MicrosoftEntraID({ [customFetch]: fakeFetch({}).fetch })
    expect(await noPhoto.profile?.(claims, TOKENS)).toMatchObject({ image: null })
  })
})

describe("discord", () => {
  const user: DiscordProfile = {
    id: "80351110224678912",
    username: "nelly",
    discriminator: "0",
    global_name: "Nelly",
    avatar: "8342729096ea3675442027381ff50dfe",
    mfa_enabled: true,
    banner: null,
    accent_color: 16711680,
    locale: "en-US",
    verified: true,
    email: "nelly@discord.test",
    flags: 64,
    premium_type: 1,
    public_flags: 64,
    display_name: null,
    avatar_decoration: null,
    banner_color: null,
    image_url: "",
  }

  it("uses Discord's endpoints and the identify email scope", () => {
    const provider = Discord(USER_CONFIG)
    expect(provider).toMatchObject({ id: "discord", type: "oauth", options: USER_CONFIG })
    expect(scopeOf(provider as OAuthConfig<never>)).toBe("identify email")
    expect(endpointHref(provider.authorization)).toMatch(
      /^https:\/\/discord\.com\/api\/oauth2\/authorize\?/,
    )
    expect(endpointHref(provider.token)).toBe("https://discord.com/api/oauth2/token")
    expect(endpointHref(provider.userinfo)).toBe("https://discord.com/api/users/@me")
  })

  it("builds avatar URLs, animated and default ones included", () => {
    const provider = Discord()
    expect(provider.profile?.({ ...user }, TOKENS)).toEqual({
      id: "80351110224678912",
      name: "Nelly",
      email: "nelly@discord.test",
      image:
        "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    })
    expect(
      provider.profile?.({ ...user, avatar: "a_1269e74af4df7417b13759eae50c83dc" }, TOKENS),
    ).toMatchObject({ image: expect.stringMatching(/\/a_1269e74af4df7417b13759eae50c83dc\.gif$/) })
    // (80351110224678912 >> 22) % 6 === 5
    expect(provider.profile?.({ ...user, avatar: null, global_name: null }, TOKENS)).toMatchObject({
      name: "nelly",
      image: "https://cdn.discordapp.com/embed/avatars/5.png",
    })
    expect(
      provider.profile?.({ ...user, avatar: null, discriminator: "1337" }, TOKENS),
    ).toMatchObject({ image: "https://cdn.discordapp.com/embed/avatars/2.png" })
  })
})

describe("gitlab", () => {
  it("uses gitlab.com by default and a self-managed base URL, sub-path included", () => {
    const provider = GitLab(USER_CONFIG)
    expect(provider).toMatchObject({ id: "gitlab", name: "GitLab", type: "oauth" })
    expect(endpointHref(provider.authorization)).toBe(
      "https://gitlab.com/oauth/authorize?scope=read_user",
    )
    expect(endpointHref(provider.token)).toBe("https://gitlab.com/oauth/token")
    expect(endpointHref(provider.userinfo)).toBe("https://gitlab.com/api/v4/user")
    expect(provider.options).toBe(USER_CONFIG)

    const selfManaged = GitLab({ baseUrl: "https://code.example.test/gitlab" })
    expect(endpointHref(selfManaged.token)).toBe("https://code.example.test/gitlab/oauth/token")
  })

  it("maps the profile", () => {
    const user = {
      id: 1,
      username: "john_smith",
      name: "John Smith",
      state: "active",
      avatar_url: "https://gitlab.example.test/uploads/-/system/user/avatar/1/avatar.png",
      web_url: "https://gitlab.example.test/john_smith",
      email: "john@example.test",
      public_email: "",
      bot: false,
    } as GitLabProfile
    expect(GitLab().profile?.(user, TOKENS)).toEqual({
      id: "1",
      name: "John Smith",
      email: "john@example.test",
      image: "https://gitlab.example.test/uploads/-/system/user/avatar/1/avatar.png",
    })
  })
})

describe("facebook", () => {
  it("asks the Graph API for id, name, email and picture", () => {
    const provider = Facebook(USER_CONFIG)
    expect(provider).toMatchObject({ id: "facebook", type: "oauth", options: USER_CONFIG })
    expect(scopeOf(provider as OAuthConfig<never>)).toBe("email")
    expect(endpointHref(provider.authorization)).toMatch(
      /^https:\/\/www\.facebook\.com\/v\d+\.0\/dialog\/oauth\?scope=email$/,
    )
    expect(endpointHref(provider.token)).toMatch(
      /^https:\/\/graph\.facebook\.com\/v\d+\.0\/oauth\/access_token$/,
    )
    const userinfo = new URL(endpointHref(provider.userinfo) ?? "")
    expect(userinfo.pathname).toMatch(/\/me$/)
    expect(userinfo.searchParams.get("fields")).toBe("id,name,email,picture")
  })

  it("maps the profile", () => {
    const user: FacebookProfile = {
      id: "10224053402842171",
      name: "Mark Z",
      email: "mark@facebook.test",
      picture: {
        data: {
          height: 50,
          is_silhouette: false,
          url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224053402842171",
          width: 50,
        },
      },
    }
    expect(Facebook().profile?.(user, TOKENS)).toEqual({
      id: "10224053402842171",
      name: "Mark Z",
      email: "mark@facebook.test",
      image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224053402842171",
    })
    expect(Facebook().profile?.({ id: "1" }, TOKENS)).toEqual({
      id: "1",
      name: null,
      email: null,
      image: null,
    })
  })
})

describe("twitter", () => {
  it("uses X's OAuth 2 endpoints with PKCE and state", () => {
    const provider = Twitter(USER_CONFIG)
    expect(provider).toMatchObject({
      id: "twitter",
      type: "oauth",
      checks: ["pkce", "state"],
      options: USER_CONFIG,
    })
    expect(scopeOf(provider as OAuthConfig<never>)).toBe("users.read tweet.read offline.access")
    expect(endpointHref(provider.authorization)).toMatch(
      /^https:\/\/x\.com\/i\/oauth2\/authorize\?/,
    )
    expect(endpointHref(provider.token)).toBe("https://api.x.com/2/oauth2/token")
    expect(endpointHref(provider.userinfo)).toBe(
      "https://api.x.com/2/users/me?user.fields=profile_image_url",
    )
  })

  it("maps the profile without an e-mail address", () => {
    const user: TwitterProfile = {
      data: {
        id: "2244994945",
        name: "X Dev",
        username: "XDevelopers",
        profile_image_url:
          "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
      },
    }
    expect(Twitter().profile?.(user, TOKENS)).toEqual({
      id: "2244994945",
      name: "X Dev",
      email: null,
      image: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
    })
  })
})

describe("tiktok", () => {
  const user: TiktokProfile = {
    data: {
      user: {
        open_id: "-000ZUlwY9ss2Dp9C9TJNqIjZZEFTjdQeRr4",
        union_id: "c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1",
        avatar_url:
          "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b~c5_168x168.jpeg",
        display_name: "Tik Toker",
        username: "tiktoker",
      },
    },
    error: { code: "ok", message: "", log_id: "20231102181425A1C4D1E1F8B6B5A3C2D1" },
  }

  it("sends client_key, comma-separated scopes and asks for the profile fields", () => {
    const provider = TikTok(USER_CONFIG)
    expect(provider).toMatchObject({
      id: "tiktok",
      name: "TikTok",
      type: "oauth",
      client: { token_endpoint_auth_method: "client_secret_post" },
      options: USER_CONFIG,
    })
    const authorization = new URL(endpointHref(provider.authorization) ?? "")
    expect(authorization.origin + authorization.pathname).toBe(
      "https://www.tiktok.com/v2/auth/authorize",
    )
    expect(authorization.searchParams.get("client_key")).toBe("my-client-id")
    expect(authorization.searchParams.get("scope")).toBe("user.info.basic,user.info.profile")
    expect(endpointHref(provider.token)).toBe("https://open.tiktokapis.com/v2/oauth/token/")
    const userinfo = new URL(endpointHref(provider.userinfo) ?? "")
    expect(userinfo.searchParams.get("fields")).toBe(
      "open_id,union_id,avatar_url,display_name,username",
    )
  })

  it("maps the profile with a null e-mail", () => {
    expect(TikTok().profile?.(user, TOKENS)).toEqual({
      id: "-000ZUlwY9ss2Dp9C9TJNqIjZZEFTjdQeRr4",
      name: "Tik Toker",
      email: null,
      image: "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b~c5_168x168.jpeg",
    })
  })

  it("copies client_id to client_key in the token request only", async () => {
    const token = "https://open.tiktokapis.com/v2/oauth/token/"
    const userinfo = "https://open.tiktokapis.com/v2/user/info/"
    const { fetch, calls } = fakeFetch({
      [token]: () => Response.json({ access_token: "act.1", token_type: "Bearer" }),
      [userinfo]: () => Response.json(user),
    })
    const wrapped = TikTok({ ...USER_CONFIG, [customFetch]: fetch })[customFetch]
    await wrapped?.(token, {
      method: "POST",
      body: new URLSearchParams({ client_id: "my-client-id", client_secret: "s", code: "c" }),
    })
    await wrapped?.(userinfo, { headers: { authorization: "Bearer act.1" } })
    expect(new URLSearchParams(calls[0]?.body as URLSearchParams).get("client_key")).toBe(
      "my-client-id",
    )
    expect(calls[1]?.body).toBeUndefined()
  })
})
