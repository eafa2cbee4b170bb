/**
 * A database that is gone, on PGlite (runs without a server; recovery needs one and is tested
 * in `outage.test.ts`): requests that need it are answered 503 through `Auth()`, never a
 * redirect to the configuration error page, and a session read keeps the cookie.
 */
import { PGlite } from "@electric-sql/pglite"
import { describe, expect, it } from "vitest"
import Credentials from "../../core/src/providers/credentials.js"
import type { AuthConfig } from "../../core/src/types.js"
import { AuthClient, recordingLogger, SECRET } from "../../core/test/support/client.js"
import { capturingEmailProvider, requestLink } from "../../core/test/support/email.js"
import PostgresAdapter, { applySchema, DatabaseUnavailableError } from "../src/index.js"
import { quietLogger } from "./databases.js"

describe("a closed database (PGlite)", () => {
  it("answers 503 to sign-ins and session reads, and logs why", async () => {
    const db = new PGlite()
    await applySchema(db, { logger: quietLogger })
    const log = recordingLogger()
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      adapter: PostgresAdapter(db),
      logger: log.logger,
      providers: [
        capturingEmailProvider().provider,
        Credentials({
          credentials: { username: { type: "text" } },
          authorize: ({ username }) => ({ email: `${String(username)}@example.test` }),
        }),
      ],
    }
    const signedIn = new AuthClient(config)
    expect((await signedIn.signInWithCredentials({ username: "ada" })).status).toBe(302)
    await db.close()

    const signIn = await new AuthClient(config).signInWithCredentials({ username: "bob" })
    expect(signIn.status).toBe(503)
    expect(signIn.headers.get("cache-control")).toBe("no-store")
    // A client that navigates itself (X-Auth-Return-Redirect) gets the 503 too, not a URL.
    const fetching = new AuthClient(config)
    const returned = await fetching.postForm(
      "/callback/credentials",
      { username: "bob", csrfToken: await fetching.csrfToken() },
      { "X-Auth-Return-Redirect": "1" },
    )
    expect(returned.status).toBe(503)
    const email = await requestLink(new AuthClient(config), "carol@example.test", {
      providerId: "email",
    })
    expect(email.status).toBe(503)

    const read = await signedIn.get("/session")
    expect(read.status).toBe(503)
    expect(read.headers.getSetCookie()).toEqual([])

    const adapterErrors = log.errors.filter((error) => error.name === "AdapterError")
    expect(adapterErrors.length).toBeGreaterThan(0)
    for (const error of adapterErrors) {
      expect(error.message).toMatch(
        /^The adapter's \w+ failed: PostgreSQL is unavailable \(PGlite is closed\)/,
      )
      expect((error.cause as { err?: unknown }).err).toBeInstanceOf(DatabaseUnavailableError)
    }
  })
})
