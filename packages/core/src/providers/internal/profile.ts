/**
 * Profile mapping shared by the built-in OpenID Connect providers.
 */
import type { User } from "../../types/user.js"

/** The standard claims {@link userFromClaims} reads; every other claim is ignored. */
export interface MappedClaims {
  sub?: string | null
  id?: string | null
  name?: string | null
  nickname?: string | null
  preferred_username?: string | null
  email?: string | null
  picture?: unknown
}

/**
 * Maps standard OpenID Connect claims to a {@link User} the way the engine's default `profile`
 * callback does: `id = sub`, `name = name ?? nickname ?? preferred_username`, `email`,
 * `image = picture`. Absent claims are left out rather than set to `undefined`.
 *
 * @see https://openid.net/specs/openid-connect-core-1_0.html#StandardClaims
 */
export function userFromClaims(claims: MappedClaims): User {
  const user: User = {}
  const id = claims.sub ?? claims.id
  if (id != null) user.id = String(id)
  const name = claims.name ?? claims.nickname ?? claims.preferred_username
  if (name !== undefined) user.name = name
  if (claims.email !== undefined) user.email = claims.email
  if (typeof claims.picture === "string" || claims.picture === null) user.image = claims.picture
  return user
}

/**
 * The provider's id for the user, as a string. A profile without it must not sign anyone in:
 * the account would get a random id, and every sign-in would make a new user.
 *
 * @param value the id field of the provider's profile (a string or a number)
 * @param field its name, for the logged reason
 * @throws {TypeError} when the value is missing or empty
 */
export function requireId(value: unknown, field: string): string {
  if ((typeof value === "string" && value !== "") || typeof value === "number") {
    return String(value)
  }
  throw new TypeError(`The provider's profile has no "${field}" to identify the user by.`)
}

/**
 * {@link userFromClaims} for a profile that must name its user (`sub` or `id`), as the
 * userinfo answers of plain OAuth 2 providers must.
 *
 * @throws {TypeError} when the profile has neither `sub` nor `id`
 */
export function userWithId(claims: MappedClaims): User {
  return { ...userFromClaims(claims), id: requireId(claims.sub ?? claims.id, "sub or id") }
}
