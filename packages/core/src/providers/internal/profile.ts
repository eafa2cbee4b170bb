/**
 * Profile mapping shared by the built-in OpenID Connect providers.
 */
import type { User } from "../../types.js"

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
