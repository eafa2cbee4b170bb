/**
 * What our adapter returns, next to what Auth.js's published `@auth/pg-adapter` 1.11.3 returns
 * on the same database: ids as the database types them (numbers on Auth.js's `SERIAL` tables,
 * text UUIDs on ours), sessions and accounts with their row's `id`, the same fields with the
 * same values. Each method is called on both adapters, and each row either one wrote is read
 * back by both. On PGlite, and on PostgreSQL with `DATABASE_URL` (fresh schemas, dropped).
 */
import { PGlite } from "@electric-sql/pglite"
import AuthjsPostgresAdapter from "authjs-pg-adapter"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Adapter, AdapterAccount, AdapterUser } from "../../core/src/adapters.js"
import PostgresAdapter from "../src/index.js"
import type { Queryable } from "../src/queryable.js"
import { schemaSql } from "../src/schema.js"
import { openAuthjsPGlite, openAuthjsPostgres, withRowCount } from "./authjs-schema.js"
import { dropSchema, randomSchemaName } from "./databases.js"

/** One database, with both adapters on it. */
interface Pair {
  ours: Required<Adapter>
  authjs: Required<Adapter>
  close(): Promise<void>
}

/** Our adapter on `client`, and Auth.js's on `authjsClient` (its tables found unqualified). */
function pairOf(
  client: Queryable,
  schema: string,
  authjsClient: Queryable,
  close: () => Promise<void>,
): Pair {
  return {
    ours: PostgresAdapter(client, { schema }) as Required<Adapter>,
    authjs: AuthjsPostgresAdapter(authjsClient as unknown as pg.Pool) as Required<Adapter>,
    close,
  }
}

/** A PGlite database with our schema (text UUID ids), in `public` where Auth.js looks. */
async function ourSchemaOnPGlite(): Promise<Pair> {
  const db = new PGlite()
  await db.exec(schemaSql())
  return pairOf(db, "public", withRowCount(db), () => db.close())
}

/** A fresh schema with our tables on the server; Auth.js's pool has it on its `search_path`. */
async function ourSchemaOnPostgres(connectionString: string): Promise<Pair> {
  const schema = randomSchemaName()
  const client = new pg.Pool({ connectionString, max: 5 })
  await client.query(schemaSql(schema))
  const authjsClient = new pg.Pool({
    connectionString,
    max: 5,
    options: `-c search_path=${schema}`,
  })
  return pairOf(client, schema, authjsClient, () => dropSchema(client, schema, authjsClient))
}

const databaseUrl = process.env.DATABASE_URL

/** The databases compared on; without `DATABASE_URL` the PostgreSQL ones are reported skipped. */
const targets: Array<{
  name: string
  idType: "number" | "string"
  /** Whether the sessions table has the columns of session management (ours has). */
  sessionColumns: boolean
  open: () => Promise<Pair>
  skip?: boolean
}> = [
  {
    name: "Auth.js's schema on PGlite",
    idType: "number",
    sessionColumns: false,
    open: async () => {
      const db = await openAuthjsPGlite()
      return pairOf(db.client, db.schema, db.authjsClient, db.close)
    },
  },
  { name: "our schema on PGlite", idType: "string", sessionColumns: true, open: ourSchemaOnPGlite },
  {
    name: "Auth.js's schema on PostgreSQL",
    idType: "number",
    sessionColumns: false,
    open: async () => {
      const db = await openAuthjsPostgres(databaseUrl!)
      return pairOf(db.client, db.schema, db.authjsClient, db.close)
    },
    skip: !databaseUrl,
  },
  {
    name: "our schema on PostgreSQL",
    idType: "string",
    sessionColumns: true,
    open: () => ourSchemaOnPostgres(databaseUrl!),
    skip: !databaseUrl,
  },
]

/**
 * One instant, in whole seconds, for every record of the file: both adapters' dates then
 * compare exactly, even when the two calls of a pair fall in different seconds.
 */
const NOW = Math.floor(Date.now() / 1000) * 1000

function inOneDay(): Date {
  return new Date(NOW + 86_400_000)
}

function userInput(): AdapterUser {
  return {
    id: crypto.randomUUID(),
    email: `${crypto.randomUUID()}@example.test`,
    emailVerified: new Date(NOW),
    name: "Ada",
    image: "https://images.example.test/ada.png",
  }
}

/** An OAuth account with every token field, as core links it. */
function accountInput(userId: string): AdapterAccount {
  return {
    userId,
    type: "oidc",
    provider: "idp",
    providerAccountId: crypto.randomUUID(),
    access_token: "access",
    refresh_token: "refresh",
    id_token: "id-token",
    token_type: "bearer",
    scope: "openid email",
    expires_at: NOW / 1000 + 3600,
    session_state: "state",
  }
}

/**
 * A session as Auth.js's adapter returned it, with the fields of session management ours adds,
 * additions beyond Auth.js: stored on our schema (`createdAt` set by the database, the others
 * NULL when not given), `null` on Auth.js's (no such columns). Fields Auth.js's read itself
 * (its `SELECT *` on our schema) are kept as it returned them.
 */
function withSessionManagement<Session extends object | null | undefined>(
  session: Session,
  target: { sessionColumns: boolean },
): Session {
  if (session == null) return session
  const createdAt = target.sessionColumns ? expect.any(Date) : null
  return { createdAt, lastUsedAt: null, userAgent: null, ip: null, ...session }
}

for (const target of targets) {
  describe.skipIf(target.skip)(
    `the records of our adapter and of Auth.js's @auth/pg-adapter 1.11.3 (${target.name})`,
    () => {
      let pair: Pair

      beforeAll(async () => {
        pair = await target.open()
      })

      afterAll(async () => {
        await pair?.close()
      })

      it(`createUser returns the user with the database's id (a ${target.idType}), as Auth.js's does`, async () => {
        const theirs = await pair.authjs.createUser(userInput())
        const input = userInput()
        const ours = await pair.ours.createUser(input)
        expect(typeof ours.id).toBe(target.idType)
        expect(typeof theirs.id).toBe(target.idType)
        expect(ours).toEqual({ ...theirs, id: ours.id, email: input.email })
        for (const user of [theirs, ours]) {
          expect(await pair.ours.getUser(user.id)).toEqual(await pair.authjs.getUser(user.id))
          expect(await pair.ours.getUser(user.id)).toEqual(user)
          expect(await pair.ours.getUserByEmail(user.email)).toEqual(
            await pair.authjs.getUserByEmail(user.email),
          )
        }
      })

      it("createSession and getSessionAndUser return the session with its row id, as Auth.js's do", async () => {
        const user = await pair.ours.createUser(userInput())
        const expires = inOneDay()
        const theirs = await pair.authjs.createSession({
          sessionToken: crypto.randomUUID(),
          userId: user.id,
          expires,
        })
        const sessionToken = crypto.randomUUID()
        const ours = await pair.ours.createSession({ sessionToken, userId: user.id, expires })
        const { id } = ours as typeof ours & { id: unknown }
        expect(typeof id).toBe(target.idType)
        expect(ours).toEqual({ ...withSessionManagement(theirs, target), id, sessionToken })
        for (const session of [theirs, ours]) {
          const found = await pair.ours.getSessionAndUser(session.sessionToken)
          // Auth.js's reads every column (`SELECT *`): on our schema, ours too.
          const foundByAuthjs = await pair.authjs.getSessionAndUser(session.sessionToken)
          expect(found).toEqual({
            ...foundByAuthjs,
            session: withSessionManagement(foundByAuthjs?.session, target),
          })
          expect(found).toEqual({ session: withSessionManagement(session, target), user })
        }
      })

      it("linkAccount returns the account with its row id, and getUserByAccount its user, as Auth.js's do", async () => {
        const user = await pair.ours.createUser(userInput())
        const theirs = (await pair.authjs.linkAccount(accountInput(user.id))) as AdapterAccount
        const input = accountInput(user.id)
        const ours = (await pair.ours.linkAccount(input)) as AdapterAccount
        expect(typeof ours.id).toBe(target.idType)
        expect(ours).toEqual({ ...theirs, id: ours.id, providerAccountId: input.providerAccountId })
        for (const { provider, providerAccountId } of [theirs, ours]) {
          const key = { provider, providerAccountId }
          expect(await pair.ours.getUserByAccount(key)).toEqual(
            await pair.authjs.getUserByAccount(key),
          )
          expect(await pair.ours.getUserByAccount(key)).toEqual(user)
        }
        expect(await pair.ours.getAccount(theirs.providerAccountId, theirs.provider)).toEqual(
          theirs,
        )
      })

      it("createVerificationToken and useVerificationToken return the token, as Auth.js's do", async () => {
        const input = () => ({
          identifier: "ada@example.test",
          token: crypto.randomUUID(),
          expires: inOneDay(),
        })
        const forOurs = input()
        const forTheirs = input()
        expect(await pair.ours.createVerificationToken(forOurs)).toEqual(forOurs)
        expect(await pair.authjs.createVerificationToken(forTheirs)).toEqual(forTheirs)
        // Each uses the token the other stored.
        const lookup = ({ identifier, token }: typeof forOurs) => ({ identifier, token })
        expect(await pair.ours.useVerificationToken(lookup(forTheirs))).toEqual(forTheirs)
        expect(await pair.authjs.useVerificationToken(lookup(forOurs))).toEqual(forOurs)
      })
    },
  )
}
