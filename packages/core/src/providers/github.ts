/**
 * Sign in with GitHub (OAuth 2, profile from the REST API).
 *
 * Callback URL to register in the GitHub OAuth App: `<origin>/auth/callback/github`
 * (`<origin>/api/auth/callback/github` with the Next.js integration).
 *
 * @see https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
 * @see https://docs.github.com/en/rest/users/users#get-the-authenticated-user
 * @module providers/github
 */

import { endpointUrl, fetchVendorJson, getJson } from "./internal/fetch.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** An entry of `GET /user/emails`. */
export interface GitHubEmail {
  email: string
  primary: boolean
  verified: boolean
  visibility: "public" | "private" | null
}

/**
 * The authenticated user, as `GET /user` returns it.
 * @see https://docs.github.com/en/rest/users/users#get-the-authenticated-user
 */
export interface GitHubProfile {
  login: string
  id: number
  node_id: string
  avatar_url: string
  gravatar_id: string | null
  url: string
  html_url: string
  followers_url: string
  following_url: string
  gists_url: string
  starred_url: string
  subscriptions_url: string
  organizations_url: string
  repos_url: string
  events_url: string
  received_events_url: string
  type: string
  site_admin: boolean
  name: string | null
  company: string | null
  blog: string | null
  location: string | null
  /** The public e-mail address; `null` when the user keeps it private. */
  email: string | null
  hireable: boolean | null
  bio: string | null
  twitter_username?: string | null
  public_repos: number
  public_gists: number
  followers: number
  following: number
  created_at: string
  updated_at: string
  private_gists?: number
  total_private_repos?: number
  owned_private_repos?: number
  disk_usage?: number
  suspended_at?: string | null
  collaborators?: number
  two_factor_authentication: boolean
  plan?: {
    collaborators: number
    name: string
    space: number
    private_repos: number
  }
  [claim: string]: unknown
}

/** GitHub-specific options. */
export interface GitHubOptions {
  /** GitHub Enterprise Server. */
  enterprise?: {
    /**
     * The server's URL; the API is then `<baseUrl>/api/v3`.
     * @default "https://github.com"
     */
    baseUrl?: string
  }
}

/**
 * Adds GitHub sign-in. Requests the `read:user user:email` scopes; when the user's public e-mail
 * is `null`, the primary verified address from `GET /user/emails` is used instead (the first
 * verified one if the primary is not verified; none if no address is verified).
 *
 * @example
 * import GitHub from "@auth/core/providers/github"
 *
 * const config = {
 *   providers: [GitHub({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET })],
 * }
 */
export default function GitHub(
  config: OAuthUserConfig<GitHubProfile> & GitHubOptions = {},
): OAuthConfig<GitHubProfile> {
  const baseUrl = config.enterprise?.baseUrl ?? "https://github.com"
  const apiBaseUrl = config.enterprise?.baseUrl
    ? `${config.enterprise.baseUrl}/api/v3`
    : "https://api.github.com"

  return {
    id: "github",
    name: "GitHub",
    type: "oauth",
    issuer: `${baseUrl}/login/oauth`,
    authorization: {
      url: `${baseUrl}/login/oauth/authorize`,
      params: { scope: "read:user user:email" },
    },
    token: `${baseUrl}/login/oauth/access_token`,
    userinfo: {
      url: `${apiBaseUrl}/user`,
      async request({ tokens, provider }) {
        // GitHub rejects API requests without a User-Agent.
        const headers = { "User-Agent": "authjs" }
        const url = endpointUrl(provider.userinfo) ?? `${apiBaseUrl}/user`
        // An error page or error body must fail the sign-in, not become the profile.
        const profile = (await fetchVendorJson(provider, url, {
          headers: { Authorization: `Bearer ${tokens.access_token}`, ...headers },
        })) as GitHubProfile
        if (profile && !profile.email) {
          const emails = await getJson(
            provider,
            `${apiBaseUrl}/user/emails`,
            tokens.access_token,
            headers,
          ).catch(() => undefined)
          if (Array.isArray(emails)) profile.email = verifiedEmail(emails as GitHubEmail[])
        }
        return profile
      },
    },
    profile(profile) {
      return {
        id: profile.id.toString(),
        name: profile.name ?? profile.login,
        email: profile.email,
        image: profile.avatar_url,
      }
    },
    style: { brandColor: "#24292f" },
    options: config,
  }
}

function verifiedEmail(emails: GitHubEmail[]): string | null {
  const verified = emails.filter((entry) => entry.verified)
  return (verified.find((entry) => entry.primary) ?? verified[0])?.email ?? null
}
