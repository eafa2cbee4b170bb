/**
 * The adapter's session methods: Auth.js's four, and `listSessions` and `deleteSessions`,
 * additions beyond Auth.js for session management (a user's signed-in devices, "sign out
 * everywhere else"). Sessions carry `createdAt`, `lastUsedAt`, `userAgent` and `ip`, stored as
 * core gives them (see `ADDED_COLUMNS`); on a table without those columns (Auth.js's, which
 * `applySchema` has not migrated) they read as `null`, are not stored, and every method still
 * works.
 */
import type { Adapter, AdapterSession } from "@auth/core/adapters"
import { type Statement, writerForAddedColumns } from "./added-columns.js"
import {
  SESSION_MANAGEMENT_SELECT,
  SESSION_SELECT,
  toSession,
  toSessionAndUser,
  USER_COLUMNS,
} from "./rows.js"
import type { RunQuery } from "./run-query.js"
import { ADDED_COLUMNS, type TableNames } from "./schema-tables.js"
import { prefixed, type SetClause, setClause } from "./sql.js"

/** The methods {@link sessionMethods} returns. */
export type SessionMethods = Required<
  Pick<
    Adapter,
    | "createSession"
    | "getSessionAndUser"
    | "updateSession"
    | "deleteSession"
    | "listSessions"
    | "deleteSessions"
  >
>

/** The session columns of Auth.js's table that `updateSession` may change, by field name. */
const AUTHJS_UPDATE_COLUMNS = { userId: `"userId"`, expires: "expires" } as const

/** The session columns `updateSession` may change, by field name. */
const UPDATE_COLUMNS = {
  ...AUTHJS_UPDATE_COLUMNS,
  createdAt: `"createdAt"`,
  lastUsedAt: `"lastUsedAt"`,
  userAgent: `"userAgent"`,
  ip: "ip",
} as const

const ADDED_COLUMN_NAMES = (ADDED_COLUMNS.sessions ?? []).map((column) => column.name)

/**
 * The session methods on the tables `t` (quoted and qualified, or bare for the `search_path`),
 * running statements with `run`.
 */
export function sessionMethods(t: TableNames, run: RunQuery): SessionMethods {
  const write = writerForAddedColumns(run, ADDED_COLUMN_NAMES)
  const first = async (text: string, params: unknown[]): Promise<unknown> =>
    (await run(text, params))[0]

  /** The `UPDATE` of `clause`, or a plain read of the session when it changes nothing. */
  const updateStatement = ({ assignments, params }: SetClause): Statement => ({
    text:
      assignments === ""
        ? `SELECT ${SESSION_SELECT} FROM ${t.sessions} s WHERE s."sessionToken" = $1`
        : `UPDATE ${t.sessions} AS s SET ${assignments} WHERE s."sessionToken" = $1
           RETURNING ${SESSION_SELECT}`,
    params,
  })

  return {
    async createSession(session) {
      const [row] = await write(...insertStatements(t.sessions, session))
      return toSession(row)
    },

    async getSessionAndUser(sessionToken) {
      // One round trip; the session's columns are aliased so they cannot clash with the user's.
      const row = await first(
        `SELECT ${prefixed("u", USER_COLUMNS)}, s.id AS session_id, s."sessionToken",
           s.expires AS session_expires, ${SESSION_MANAGEMENT_SELECT}
         FROM ${t.sessions} s JOIN ${t.users} u ON u.id = s."userId"
         WHERE s."sessionToken" = $1`,
        [sessionToken],
      )
      return row === undefined ? null : toSessionAndUser(row)
    },

    async updateSession(patch) {
      const key = patch.sessionToken
      const [row] = await write(
        updateStatement(setClause(UPDATE_COLUMNS, patch, [key])),
        updateStatement(setClause(AUTHJS_UPDATE_COLUMNS, patch, [key])),
      )
      return row === undefined ? null : toSession(row)
    },

    async deleteSession(sessionToken) {
      const row = await first(
        `DELETE FROM ${t.sessions} AS s WHERE s."sessionToken" = $1 RETURNING ${SESSION_SELECT}`,
        [sessionToken],
      )
      return row === undefined ? null : toSession(row)
    },

    async listSessions(userId) {
      // Oldest first; sessions stored before `createdAt` was kept (NULL) last.
      const rows = await run(
        `SELECT ${SESSION_SELECT} FROM ${t.sessions} s WHERE s."userId" = $1
         ORDER BY "createdAt", s."sessionToken"`,
        [userId],
        { byUserId: true },
      )
      return rows.map(toSession)
    },

    async deleteSessions(userId, options = {}) {
      // One DELETE … RETURNING: of concurrent calls, each session is returned once. IS DISTINCT
      // FROM, unlike <>, is true for every token when no exception is given ($2 NULL).
      const rows = await run(
        `DELETE FROM ${t.sessions} AS s
         WHERE s."userId" = $1 AND s."sessionToken" IS DISTINCT FROM $2
         RETURNING ${SESSION_SELECT}`,
        [userId, options.except ?? null],
        { byUserId: true },
      )
      return rows.map(toSession)
    },
  }
}

/**
 * The `INSERT` of `session` into `table`: with the fields of session management (`createdAt`
 * the given one, or the database's clock), and without them, for a table that lacks them.
 */
function insertStatements(table: string, session: AdapterSession): [Statement, Statement] {
  const insert = (columns: string, values: string): string =>
    `INSERT INTO ${table} AS s ("sessionToken", "userId", expires${columns})
     VALUES ($1, $2, $3${values}) RETURNING ${SESSION_SELECT}`
  const params = [session.sessionToken, session.userId, session.expires]
  return [
    {
      text: insert(
        `, "createdAt", "lastUsedAt", "userAgent", ip`,
        ", coalesce($4::timestamptz, now()), $5, $6, $7",
      ),
      params: [
        ...params,
        session.createdAt ?? null,
        session.lastUsedAt ?? null,
        session.userAgent ?? null,
        session.ip ?? null,
      ],
    },
    { text: insert("", ""), params },
  ]
}
