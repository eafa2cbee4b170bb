/**
 * Sign in with 42 School (OAuth 2, profile from the 42 intra API).
 *
 * Callback URL to register in the 42 intra application ("Redirect URI"):
 * `<origin>/auth/callback/42-school`.
 *
 * @see https://api.intra.42.fr/apidoc/guides/web_application_flow
 * @module providers/42-school
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The user fields of `GET /v2/me`. */
export interface UserData {
  id: number
  email: string
  login: string
  first_name: string
  last_name: string
  usual_full_name: string | null
  usual_first_name: string | null
  url: string
  phone: string | null
  displayname: string
  image_url: string | null
  "staff?": boolean
  correction_point: number
  pool_month: string | null
  pool_year: string | null
  location: string | null
  wallet: number
  anonymize_date: string
  created_at: string
  updated_at: string | null
  alumni: boolean
  "is_launched?": boolean
}

/** A cursus the user follows. */
export interface CursusUser {
  grade: string | null
  level: number
  skills: Array<{ id: number; name: string; level: number }>
  blackholed_at: string | null
  id: number
  begin_at: string | null
  end_at: string | null
  cursus_id: number
  has_coalition: boolean
  created_at: string
  updated_at: string | null
  user: UserData
  cursus: { id: number; created_at: string; name: string; slug: string }
}

/** A project of the user. */
export interface ProjectUser {
  id: number
  occurrence: number
  final_mark: number | null
  status: "in_progress" | "finished"
  "validated?": boolean | null
  current_team_id: number
  project: { id: number; name: string; slug: string; parent_id: number | null }
  cursus_ids: number[]
  marked_at: string | null
  marked: boolean
  retriable_at: string | null
  created_at: string
  updated_at: string | null
}

/** An achievement of the user. */
export interface Achievement {
  id: number
  name: string
  description: string
  tier: "none" | "easy" | "medium" | "hard" | "challenge"
  kind: "scolarity" | "project" | "pedagogy" | "social"
  visible: boolean
  image: string | null
  nbr_of_success: number | null
  users_url: string
}

/** A language of the user. */
export interface LanguagesUser {
  id: number
  language_id: number
  user_id: number
  position: number
  created_at: string
}

/** A title of the user. */
export interface TitlesUser {
  id: number
  user_id: number
  title_id: number
  selected: boolean
  created_at: string
  updated_at: string | null
}

/** An expertise of the user. */
export interface ExpertisesUser {
  id: number
  expertise_id: number
  interested: boolean
  value: number
  contact_me: boolean
  created_at: string
  user_id: number
}

/** A campus. */
export interface Campus {
  id: number
  name: string
  time_zone: string
  language: {
    id: number
    name: string
    identifier: string
    created_at: string
    updated_at: string | null
  }
  users_count: number
  vogsphere_id: number
  country: string
  address: string
  zip: string
  city: string
  website: string
  facebook: string
  twitter: string
  active: boolean
  email_extension: string
  default_hidden_phone: boolean
}

/** The user's membership of a campus. */
export interface CampusUser {
  id: number
  user_id: number
  campus_id: number
  is_primary: boolean
  created_at: string
  updated_at: string | null
}

/** The user's picture, in several sizes. */
export interface Image {
  link: string | null
  versions: { micro: string; small: string; medium: string; large: string }
}

/**
 * The response of `GET /v2/me`.
 * @see https://api.intra.42.fr/apidoc/2.0/users/me.html
 */
export interface FortyTwoProfile extends UserData {
  groups: Array<{ id: string; name: string }>
  cursus_users: CursusUser[]
  projects_users: ProjectUser[]
  languages_users: LanguagesUser[]
  achievements: Achievement[]
  titles: Array<{ id: string; name: string }>
  titles_users: TitlesUser[]
  partnerships: unknown[]
  patroned: unknown[]
  patroning: unknown[]
  expertises_users: ExpertisesUser[]
  roles: Array<{ id: string; name: string }>
  campus: Campus[]
  campus_users: CampusUser[]
  image: Image
  user: unknown
  [claim: string]: unknown
}

/**
 * Adds 42 School sign-in with the `public` scope. The name is the user's usual full name (which
 * may be `null`), the image the intra picture.
 *
 * @example
 * import FortyTwo from "@auth/core/providers/42-school"
 *
 * const config = {
 *   providers: [
 *     FortyTwo({ clientId: env.AUTH_42_SCHOOL_ID, clientSecret: env.AUTH_42_SCHOOL_SECRET }),
 *   ],
 * }
 */
export default function FortyTwo<P extends FortyTwoProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "42-school",
    name: "42 School",
    type: "oauth",
    authorization: {
      url: "https://api.intra.42.fr/oauth/authorize",
      params: { scope: "public" },
    },
    token: "https://api.intra.42.fr/oauth/token",
    userinfo: "https://api.intra.42.fr/v2/me",
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.usual_full_name,
        email: profile.email,
        image: profile.image?.link ?? null,
      }
    },
    options,
  }
}
