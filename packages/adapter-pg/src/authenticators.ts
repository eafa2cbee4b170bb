/**
 * The adapter's WebAuthn methods: Auth.js's four, and `deleteAuthenticator`, an addition beyond
 * Auth.js for passkey management. Authenticators carry `createdAt` and `lastUsedAt`, which the
 * adapter sets itself; on a table made before those columns (see `ADDED_COLUMNS`), which
 * `applySchema` has not migrated, they read as `null` and every method still works.
 */
import type { Adapter } from "@auth/core/adapters"
import { writerForAddedColumns } from "./added-columns.js"
import { AUTHENTICATOR_COLUMNS, AUTHENTICATOR_SELECT, toAuthenticator } from "./rows.js"
import type { RunQuery } from "./run-query.js"

const TIMESTAMP_COLUMNS = ["createdAt", "lastUsedAt"] as const

/** The methods {@link authenticatorMethods} returns. */
export type AuthenticatorMethods = Required<
  Pick<
    Adapter,
    | "getAuthenticator"
    | "createAuthenticator"
    | "listAuthenticatorsByUserId"
    | "updateAuthenticatorCounter"
    | "deleteAuthenticator"
  >
>

/**
 * The authenticator methods on `table` (quoted and qualified, or bare for the `search_path`),
 * running statements with `run`.
 */
export function authenticatorMethods(table: string, run: RunQuery): AuthenticatorMethods {
  const first = async (text: string, params: unknown[]): Promise<unknown> =>
    (await run(text, params))[0]

  const writeWithTimestamps = writerForAddedColumns(run, TIMESTAMP_COLUMNS)

  /**
   * Runs `withTimestamps` while the table is known to have the timestamp columns, else `without`
   * (see `writerForAddedColumns`); the first row. Reads need no such care (`AUTHENTICATOR_SELECT`).
   */
  async function write(
    withTimestamps: string,
    without: string,
    params: unknown[],
  ): Promise<unknown> {
    const rows = await writeWithTimestamps(
      { text: withTimestamps, params },
      { text: without, params },
    )
    return rows[0]
  }

  return {
    async getAuthenticator(credentialID) {
      const row = await first(
        `SELECT ${AUTHENTICATOR_SELECT} FROM ${table} a WHERE a."credentialID" = $1`,
        [credentialID],
      )
      return row === undefined ? null : toAuthenticator(row)
    },

    async createAuthenticator(authenticator) {
      // The timestamps are the adapter's: any given are ignored, `createdAt` is the database's
      // clock (as is the column's default, for rows other tools insert).
      const insert = (columns: string, values: string): string =>
        `INSERT INTO ${table} AS a (${columns}) VALUES (${values}) RETURNING ${AUTHENTICATOR_SELECT}`
      const values = "$1, $2, $3, $4, $5, $6, $7, $8"
      const row = await write(
        insert(`${AUTHENTICATOR_COLUMNS}, "createdAt", "lastUsedAt"`, `${values}, now(), NULL`),
        insert(AUTHENTICATOR_COLUMNS, values),
        [
          authenticator.credentialID,
          authenticator.userId,
          authenticator.providerAccountId,
          authenticator.credentialPublicKey,
          authenticator.counter,
          authenticator.credentialDeviceType,
          authenticator.credentialBackedUp,
          authenticator.transports ?? null,
        ],
      )
      return toAuthenticator(row)
    },

    async listAuthenticatorsByUserId(userId) {
      const rows = await run(
        `SELECT ${AUTHENTICATOR_SELECT} FROM ${table} a WHERE a."userId" = $1
         ORDER BY a."credentialID"`,
        [userId],
        { byUserId: true },
      )
      return rows.map(toAuthenticator)
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const update = (assignments: string): string =>
        `UPDATE ${table} AS a SET ${assignments} WHERE a."credentialID" = $1
         RETURNING ${AUTHENTICATOR_SELECT}`
      const row = await write(
        update(`counter = $2, "lastUsedAt" = now()`),
        update("counter = $2"),
        [credentialID, newCounter],
      )
      if (row === undefined) {
        throw new Error(`updateAuthenticatorCounter: no authenticator "${credentialID}".`)
      }
      return toAuthenticator(row)
    },

    async deleteAuthenticator(credentialID) {
      // One DELETE … RETURNING: of concurrent calls, exactly one gets the row.
      const row = await first(
        `DELETE FROM ${table} AS a WHERE a."credentialID" = $1 RETURNING ${AUTHENTICATOR_SELECT}`,
        [credentialID],
      )
      return row === undefined ? null : toAuthenticator(row)
    },
  }
}
