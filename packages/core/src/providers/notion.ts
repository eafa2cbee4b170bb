/**
 * Sign in with Notion (public integration, OAuth 2).
 *
 * Callback URL to register in the Notion integration (Distribution → OAuth domain & URIs →
 * Redirect URIs): `<origin>/auth/callback/notion`.
 *
 * @see https://developers.notion.com/docs/authorization
 * @module providers/notion
 */
import { vendorAnswerError } from "../internal/oauth/vendor-response.js"
import { endpointUrl, fetchVendorJson } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The person behind a Notion user. */
export interface Person {
  email?: string
  [field: string]: unknown
}

/**
 * A Notion user.
 * @see https://developers.notion.com/reference/user
 */
export interface User {
  object: "user" | "bot"
  id: string
  type: string
  name: string
  avatar_url: null | string
  person?: Person
  owner?: { type: "workspace" | "user"; workspace: string }
  workspace_name?: string | null
  [field: string]: unknown
}

/** The owner of a bot: the user who added the integration. */
export interface Owner {
  type: string
  user: User
}

/**
 * Notion's token response (Auth.js names it the profile; the user comes from
 * `GET /v1/users/me`).
 * @see https://developers.notion.com/docs/authorization#step-4-notion-responds-with-an-access_token-and-some-additional-information
 */
export interface NotionProfile {
  access_token: string
  bot_id: string
  duplicated_template_id: string | null
  owner?: Owner
  workspace_icon: string | null
  workspace_id: string
  workspace_name: string | null
  [claim: string]: unknown
}

/** Notion-specific options. */
export interface NotionOptions {
  /** Sent as `redirect_uri` of the authorization request; the callback URL by default. */
  redirectUri?: string
}

const NOTION_API_VERSION = "2022-06-28"
const USERS_URL = "https://api.notion.com/v1/users"

/**
 * Adds Notion sign-in with `owner=user`. The user is the owner of the integration's bot, read
 * from `GET /v1/users/me` with the `Notion-Version` header; a bot owned by a workspace (not a
 * user) cannot sign in.
 *
 * @example
 * import Notion from "@auth/core/providers/notion"
 *
 * const config = {
 *   providers: [Notion({ clientId: env.AUTH_NOTION_ID, clientSecret: env.AUTH_NOTION_SECRET })],
 * }
 */
export default function NotionProvider<P extends User>(
  options: OAuthUserConfig<P> & NotionOptions = {},
): OAuthConfig<P> {
  return {
    id: "notion",
    name: "Notion",
    type: "oauth",
    token: { url: "https://api.notion.com/v1/oauth/token" },
    userinfo: {
      url: USERS_URL,
      async request({ tokens, provider }) {
        const base = endpointUrl(provider.userinfo) ?? USERS_URL
        const me = await fetchVendorJson(provider, `${base}/me`, {
          headers: {
            Authorization: `Bearer ${tokens.access_token}`,
            "Notion-Version": NOTION_API_VERSION,
          },
        })
        const owner = (me.bot as { owner?: { user?: unknown } } | undefined)?.owner
        if (!owner?.user) {
          throw vendorAnswerError(
            provider.id,
            `Notion's bot is not owned by a user (owner ${JSON.stringify(owner?.user ?? null)}): only user-owned integrations can sign in.`,
          )
        }
        return owner.user
      },
    },
    authorization: {
      params: {
        ...(options.clientId ? { client_id: options.clientId } : {}),
        response_type: "code",
        owner: "user",
        ...(options.redirectUri ? { redirect_uri: options.redirectUri } : {}),
      },
      url: "https://api.notion.com/v1/oauth/authorize",
    },
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.name,
        email: profile.person?.email,
        image: profile.avatar_url,
      }
    },
    style: { bg: "#fff", text: "#000" },
    options,
  }
}
