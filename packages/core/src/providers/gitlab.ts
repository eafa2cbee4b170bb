/**
 * Sign in with GitLab (OAuth 2, profile from the REST API).
 *
 * Callback URL to register in the GitLab application (User settings → Applications):
 * `<origin>/auth/callback/gitlab`.
 *
 * @see https://docs.gitlab.com/api/oauth2/
 * @see https://docs.gitlab.com/api/users/#for-non-administrator-users
 * @module providers/gitlab
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The authenticated user, as `GET /api/v4/user` returns it.
 * @see https://docs.gitlab.com/api/users/#for-non-administrator-users
 */
export interface GitLabProfile {
  id: number
  username: string
  email: string
  name: string
  state: string
  avatar_url: string
  web_url: string
  created_at: string
  bio: string
  location?: string
  public_email: string
  skype: string
  linkedin: string
  twitter: string
  website_url: string
  organization: string
  job_title: string
  pronouns: string
  bot: boolean
  work_information?: string
  followers: number
  following: number
  local_time: string
  last_sign_in_at: string
  confirmed_at: string
  theme_id: number
  last_activity_on: string
  color_scheme_id: number
  projects_limit: number
  current_sign_in_at: string
  identities: Array<{ provider: string; extern_uid: string }>
  can_create_group: boolean
  can_create_project: boolean
  two_factor_enabled: boolean
  external: boolean
  private_profile: boolean
  commit_email: string
  shared_runners_minutes_limit: number
  extra_shared_runners_minutes_limit: number
  [claim: string]: unknown
}

/** GitLab-specific options. */
export interface GitLabOptions {
  /**
   * A self-managed GitLab instance.
   * @default "https://gitlab.com"
   */
  baseUrl?: URL | string
}

/**
 * Adds GitLab sign-in with the `read_user` scope, on gitlab.com or a self-managed instance.
 *
 * @example
 * import GitLab from "@auth/core/providers/gitlab"
 *
 * const config = {
 *   providers: [GitLab({ clientId: env.AUTH_GITLAB_ID, clientSecret: env.AUTH_GITLAB_SECRET })],
 * }
 */
export default function GitLab<P extends GitLabProfile>(
  options: OAuthUserConfig<P> & GitLabOptions = {},
): OAuthConfig<P> {
  const base = new URL(String(options.baseUrl ?? "https://gitlab.com"))
  // Keep a path prefix (GitLab under a sub-path) when resolving the endpoints below.
  if (!base.pathname.endsWith("/")) base.pathname += "/"
  const at = (path: string): string => new URL(path, base).href

  return {
    id: "gitlab",
    name: "GitLab",
    type: "oauth",
    authorization: { url: at("oauth/authorize"), params: { scope: "read_user" } },
    token: at("oauth/token"),
    userinfo: at("api/v4/user"),
    profile(profile) {
      // `sub` when the userinfo endpoint is switched to GitLab's OpenID Connect one.
      const id = (profile.sub as string | number | undefined) ?? profile.id
      return {
        // A profile without an id must not sign in (`String(undefined)` would be one account
        // shared by every such profile).
        id: requireId(id, "id"),
        name: profile.name ?? profile.username,
        email: profile.email,
        image: profile.avatar_url,
      }
    },
    style: { brandColor: "#FC6D26" },
    options,
  }
}
