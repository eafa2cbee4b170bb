/**
 * The session store's keys of the JWT deny-list (see `internal/session/revocation.ts`): named
 * here so that the Redis store's revocation cache knows which keys it may keep.
 */

/** A revoked session id: `revoked:<sid>`. */
export const REVOKED = "revoked:"
/** A user's "signed out everywhere" stamp: `signed-out:<user id>`. */
export const SIGNED_OUT = "signed-out:"

/** Whether `key` is a deny-list entry. */
export function isDenyListKey(key: string): boolean {
  return key.startsWith(REVOKED) || key.startsWith(SIGNED_OUT)
}
