import { describe, expect, it } from "vitest"
import GitHub, { type GitHubEmail, type GitHubProfile } from "../../src/providers/github.js"
import type { OAuthConfig } from "../../src/providers/oauth.js"

import {
  endpointHref,
  fakeFetch,
  runUserinfoRequest,
  TOKENS,
  USER_CONFIG,
} from "../support/provider-fixtures.js"

const GITHUB_USER: GitHubProfile = {
  login: "octocat",
  id: 583231,
  node_id: "MDQ6VXNlcjU4MzIzMQ==",
  avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
  gravatar_id: "",
  url: "https://api.github.com/users/octocat",
  html_url: "https://github.com/octocat",
  followers_url: "https://api.github.com/users/octocat/followers",
  following_url: "https://api.github.com/users/octocat/following{/other_user}",
  gists_url: "https://api.github.com/users/octocat/gists{/gist_id}",
  starred_url: "https://api.github.com/users/octocat/starred{/owner}{/repo}",
  subscriptions_url: "https://api.github.com/users/octocat/subscriptions",
  organizations_url: "https://api.github.com/users/octocat/orgs",
  repos_url: "https://api.github.com/users/octocat/repos",
  events_url: "https://api.github.com/users/octocat/events{/privacy}",
  received_events_url: "https://api.github.com/users/octocat/received_events",
  type: "User",
  site_admin: false,
  name: "The Octocat",
  company: "@github",
  blog: "https://github.blog",
  location: "San Francisco",
  email: null,
  hireable: null,
  bio: null,
  twitter_username: null,
  public_repos: 8,
  public_gists: 8,
  followers: 17000,
  following: 9,
  created_at: "2011-01-25T18:44:36Z",
  updated_at: "2024-09-22T11:25:21Z",
  two_factor_authentication: true,
}

const GITHUB_EMAILS: GitHubEmail[] = [
  { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
  { email: "octocat@github.com", primary: true, verified: true, visibility: "private" },
]

describe("github", () => {
  it("uses GitHub's OAuth endpoints and the read:user user:email scope", () => {
    const provider = GitHub(USER_CONFIG)
    expect(provider).toMatchObject({ id: "github", name: "GitHub", type: "oauth" })
    expect(provider.issuer).toBe("https://github.com/login/oauth")
    expect(endpointHref(provider.authorization)).toBe(
      "https://github.com/login/oauth/authorize?scope=read%3Auser+user%3Aemail",
    )
    expect(endpointHref(provider.token)).toBe("https://github.com/login/oauth/access_token")
    expect(endpointHref(provider.userinfo)).toBe("https://api.github.com/user")
    expect(provider.options).toBe(USER_CONFIG)
  })

  it("maps the profile, falling back to the login for the name", () => {
    const provider = GitHub()
    expect(provider.profile?.({ ...GITHUB_USER, email: "octocat@github.com" }, TOKENS)).toEqual({
      id: "583231",
      name: "The Octocat",
      email: "octocat@github.com",
      image: "https://avatars.githubusercontent.com/u/583231?v=4",
    })
    expect(provider.profile?.({ ...GITHUB_USER, name: null }, TOKENS)).toMatchObject({
      name: "octocat",
    })
  })

  it("fetches the primary verified e-mail through customFetch when the profile has none", async () => {
    const { fetch, calls } = fakeFetch({
      "https://api.github.com/user": () => Response.json(GITHUB_USER),
      "https://api.github.com/user/emails": () => Response.json(GITHUB_EMAILS),
    })
    const profile = (await runUserinfoRequest(GitHub(USER_CONFIG), fetch)) as GitHubProfile

    expect(profile.email).toBe("octocat@github.com")
    expect(calls.map((call) => call.url)).toEqual([
      "https://api.github.com/user",
      "https://api.github.com/user/emails",
    ])
    for (const call of calls) {
      expect(call.headers.get("authorization")).toBe("Bearer at-123")
      expect(call.headers.get("user-agent")).toBe("authjs")
    }
  })

  it("keeps a public e-mail without asking for the list", async () => {
    const { fetch, calls } = fakeFetch({
      "https://api.github.com/user": () =>
        Response.json({ ...GITHUB_USER, email: "public@x.test" }),
    })
    const profile = (await runUserinfoRequest(GitHub(), fetch)) as GitHubProfile
    expect(profile.email).toBe("public@x.test")
    expect(calls).toHaveLength(1)
  })

  it("never picks an unverified address and tolerates a failed e-mail list", async () => {
    const unverified = fakeFetch({
      "https://api.github.com/user": () => Response.json(GITHUB_USER),
      "https://api.github.com/user/emails": () =>
        Response.json([{ email: "x@x.test", primary: true, verified: false, visibility: null }]),
    })
    expect(await runUserinfoRequest(GitHub(), unverified.fetch)).toMatchObject({ email: null })

    const forbidden = fakeFetch({
      "https://api.github.com/user": () => Response.json(GITHUB_USER),
      "https://api.github.com/user/emails": () =>
        Response.json({ message: "Resource not accessible by integration" }, { status: 403 }),
    })
    expect(await runUserinfoRequest(GitHub(), forbidden.fetch)).toMatchObject({ email: null })
  })

  it("reads the normalised userinfo URL and supports GitHub Enterprise", async () => {
    const provider = GitHub({ enterprise: { baseUrl: "https://ghe.example.test" } })
    expect(endpointHref(provider.authorization)).toMatch(
      /^https:\/\/ghe\.example\.test\/login\/oauth\/authorize\?/,
    )
    expect(endpointHref(provider.token)).toBe("https://ghe.example.test/login/oauth/access_token")
    const { fetch, calls } = fakeFetch({
      "https://ghe.example.test/api/v3/user": () => Response.json(GITHUB_USER),
      "https://ghe.example.test/api/v3/user/emails": () => Response.json(GITHUB_EMAILS),
    })
    // The engine normalises endpoint URLs to `URL` objects.
    const normalised = {
      ...provider,
      userinfo: {
        ...(provider.userinfo as object),
        url: new URL("https://ghe.example.test/api/v3/user"),
      },
    } as unknown as OAuthConfig<GitHubProfile>
    expect(await runUserinfoRequest(normalised, fetch)).toMatchObject({
      email: "octocat@github.com",
    })
    expect(calls).toHaveLength(2)
  })
})
