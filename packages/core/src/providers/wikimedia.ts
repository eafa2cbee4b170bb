/**
 * Sign in with Wikimedia (Wikipedia and its sister projects; OAuth 2 on meta.wikimedia.org).
 *
 * Callback URL to register in the OAuth consumer (Special:OAuthConsumerRegistration/propose/oauth2):
 * `<origin>/auth/callback/wikimedia`.
 *
 * @see https://www.mediawiki.org/wiki/Extension:OAuth#OAuth_2
 * @module providers/wikimedia
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

export type WikimediaGroup =
  | "*"
  | "user"
  | "autoconfirmed"
  | "extendedconfirmed"
  | "bot"
  | "sysop"
  | "bureaucrat"
  | "steward"
  | "accountcreator"
  | "import"
  | "transwiki"
  | "ipblock-exempt"
  | "oversight"
  | "rollbacker"
  | "propertycreator"
  | "wikidata-staff"
  | "flood"
  | "translationadmin"
  | "confirmed"
  | "flow-bot"
  | "checkuser"

export type WikimediaGrant =
  | "basic"
  | "blockusers"
  | "checkuser"
  | "createaccount"
  | "delete"
  | "editinterface"
  | "editmycssjs"
  | "editmyoptions"
  | "editmywatchlist"
  | "editpage"
  | "editprotected"
  | "editsiteconfig"
  | "globalblock"
  | "highvolume"
  | "import"
  | "mergehistory"
  | "oath"
  | "oversight"
  | "patrol"
  | "privateinfo"
  | "protect"
  | "rollback"
  | "sendemail"
  | "shortenurls"
  | "uploadfile"
  | "viewdeleted"
  | "viewmywatchlist"

/** A user right; the list is long and grows, so any string is accepted. */
export type WikimediaRight = string

/**
 * The response of `GET https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile`.
 * @see https://www.mediawiki.org/wiki/Extension:OAuth#Resource_owner_profile
 */
export interface WikimediaProfile {
  sub: string
  username: string
  editcount: number
  confirmed_email: boolean
  blocked: boolean
  registered: string
  groups: WikimediaGroup[]
  rights: WikimediaRight[]
  grants: WikimediaGrant[]
  realname: string
  email: string
  [claim: string]: unknown
}

/**
 * Adds Wikimedia sign-in. No scope is requested: the consumer's registered grants apply (the
 * e-mail address needs "User identity verification" with e-mail access).
 *
 * @example
 * import Wikimedia from "@auth/core/providers/wikimedia"
 *
 * const config = {
 *   providers: [
 *     Wikimedia({ clientId: env.AUTH_WIKIMEDIA_ID, clientSecret: env.AUTH_WIKIMEDIA_SECRET }),
 *   ],
 * }
 */
export default function Wikimedia<P extends WikimediaProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "wikimedia",
    name: "Wikimedia",
    type: "oauth",
    token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    authorization: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize?scope=",
    profile(profile) {
      return {
        id: requireId(profile.sub, "sub"),
        name: profile.username,
        email: profile.email,
        image: null,
      }
    },
    style: { bg: "#000", text: "#fff" },
    options,
  }
}
