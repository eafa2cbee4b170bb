/**
 * Sign in with Facebook (OAuth 2, profile from the Graph API).
 *
 * Callback URL to register in the Meta app (Facebook Login → Settings → Valid OAuth Redirect
 * URIs): `<origin>/auth/callback/facebook`.
 *
 * @see https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
 * @module providers/facebook
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The `picture` field of a Graph API user. */
export interface FacebookPicture {
  data: {
    url: string
    height?: number
    width?: number
    is_silhouette?: boolean
  }
}

/**
 * The Graph API user with the fields `id,name,email,picture`.
 * @see https://developers.facebook.com/docs/graph-api/reference/user/#fields
 */
export interface FacebookProfile {
  /** App-scoped user id. */
  id: string
  name?: string
  /** Absent when the user has no confirmed e-mail address or did not grant `email`. */
  email?: string
  picture?: FacebookPicture
  [claim: string]: unknown
}

/** The Graph API version of every endpoint; override the URLs in the options to pin another. */
const GRAPH_API_VERSION = "v22.0"
const GRAPH_API = `https://graph.facebook.com/${GRAPH_API_VERSION}`
const USER_FIELDS_URL = `${GRAPH_API}/me?fields=id,name,email,picture`

/**
 * Adds Facebook sign-in with the `email` scope; the profile is the Graph API's `GET /me` with the
 * fields `id,name,email,picture`.
 *
 * @example
 * import Facebook from "@auth/core/providers/facebook"
 *
 * const config = {
 *   providers: [
 *     Facebook({ clientId: env.AUTH_FACEBOOK_ID, clientSecret: env.AUTH_FACEBOOK_SECRET }),
 *   ],
 * }
 */
export default function Facebook<P extends FacebookProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "facebook",
    name: "Facebook",
    type: "oauth",
    authorization: {
      url: `https://www.facebook.com/${GRAPH_API_VERSION}/dialog/oauth`,
      params: { scope: "email" },
    },
    token: `${GRAPH_API}/oauth/access_token`,
    // An object, so `userinfo: { params: { fields: "..." } }` in the options can change the fields.
    userinfo: { url: USER_FIELDS_URL },
    profile(profile) {
      return {
        // Without an id the engine would make a random account: each sign-in a new user.
        id: requireId(profile.id, "id"),
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture?.data.url ?? null,
      }
    },
    style: { brandColor: "#006aff" },
    options,
  }
}
