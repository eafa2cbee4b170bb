/**
 * Sign in with Pipedrive (OAuth 2, profile from `GET /users/me`).
 *
 * Callback URL to register in the Pipedrive Developer Hub app ("Callback URL"):
 * `<origin>/auth/callback/pipedrive`.
 *
 * @see https://pipedrive.readme.io/docs/marketplace-oauth-authorization
 * @module providers/pipedrive
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.pipedrive.com/users/me`.
 * @see https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser
 */
export interface PipedriveProfile {
  success: boolean
  data: {
    id: number
    name: string
    default_currency?: string
    locale?: string
    lang?: number
    email: string
    phone?: string
    activated?: boolean
    last_login?: string
    created?: string
    modified?: string
    signup_flow_variation?: string
    has_created_company?: boolean
    is_admin?: number
    active_flag?: boolean
    timezone_name?: string
    timezone_offset?: string
    role_id?: number
    icon_url?: string
    is_you?: boolean
    company_id?: number
    company_name?: string
    company_domain?: string
    company_country?: string
    company_industry?: string
    language?: { language_code?: string; country_code?: string }
  }
  [claim: string]: unknown
}

/**
 * Adds Pipedrive sign-in. The API wraps the user in `data`; the numeric id becomes a string.
 *
 * @example
 * import Pipedrive from "@auth/core/providers/pipedrive"
 *
 * const config = {
 *   providers: [
 *     Pipedrive({ clientId: env.AUTH_PIPEDRIVE_ID, clientSecret: env.AUTH_PIPEDRIVE_SECRET }),
 *   ],
 * }
 */
export default function Pipedrive<P extends PipedriveProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "pipedrive",
    name: "Pipedrive",
    type: "oauth",
    authorization: "https://oauth.pipedrive.com/oauth/authorize",
    token: "https://oauth.pipedrive.com/oauth/token",
    userinfo: "https://api.pipedrive.com/users/me",
    profile: ({ data: profile }) => {
      return {
        id: requireId(profile?.id, "data.id"),
        name: profile.name,
        email: profile.email,
        image: profile.icon_url,
      }
    },
    options,
  }
}
