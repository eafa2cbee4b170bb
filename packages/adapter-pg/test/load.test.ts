/**
 * Load on a real PostgreSQL server (only with `DATABASE_URL`; nothing is registered without
 * it): 200 concurrent e-mail sign-ins, each link clicked twice at once, then session reads and
 * sign-outs. A test of correctness under concurrency, not a timing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "../../core/src/types.js"
import type { TestStore } from "../../core/test/support/backend.js"
import { AuthClient, recordingLogger, SECRET } from "../../core/test/support/client.js"
import { capturingEmailProvider, requestLink } from "../../core/test/support/email.js"
import { postgresBackend } from "./backends.js"

const USERS = 200
const ORIGIN = "http://localhost:3000"
const VERIFICATION_ERROR = `${ORIGIN}/auth/error?error=Verification`

const backend = postgresBackend
// Without DATABASE_URL the suite is reported as skipped, so the totals say what did not run.
describe.skipIf(backend.skip === true)(
  `load: ${USERS} concurrent e-mail sign-ins (PostgreSQL)`,
  () => {
    let store: TestStore

    beforeAll(async () => {
      store = await backend.open()
    })

    afterAll(async () => {
      await store?.close()
    })

    it("loses and duplicates nothing, every token works once, no request fails", async () => {
      const mail = capturingEmailProvider()
      const recorder = recordingLogger()
      const config: AuthConfig = {
        secret: SECRET,
        trustHost: true,
        adapter: store.adapter,
        logger: recorder.logger,
        providers: [mail.provider],
      }
      const run = crypto.randomUUID().slice(0, 8)
      const emails = Array.from(
        { length: USERS },
        (_, index) => `load-${index}-${run}@example.test`,
      )
      const browsers = emails.map(() => new AuthClient(config))
      const rivals = emails.map(() => new AuthClient(config))

      const requested = await Promise.all(
        browsers.map((browser, index) =>
          requestLink(browser, emails[index]!, { providerId: "email", callbackUrl: "/home" }),
        ),
      )
      expect(requested.map((response) => response.headers.get("location"))).toEqual(
        emails.map(() => `${ORIGIN}/auth/verify-request?provider=email&type=email`),
      )
      expect(await store.count!("verification_token")).toBe(USERS)

      // Each link is clicked twice at once, from two browsers: exactly one of them signs in.
      const links = emails.map((email) => mail.linkFor(email))
      const clicks = await Promise.all(
        links.flatMap((link, index) => [browsers[index]!.get(link), rivals[index]!.get(link)]),
      )
      const winners = emails.map((_, index) => {
        const [mine, theirs] = [clicks[2 * index]!, clicks[2 * index + 1]!]
        const outcomes = [mine, theirs].map((response) => response.headers.get("location"))
        expect(outcomes.sort()).toEqual([`${ORIGIN}/home`, VERIFICATION_ERROR].sort())
        return mine.headers.get("location") === `${ORIGIN}/home` ? browsers[index]! : rivals[index]!
      })
      expect(await store.count!("verification_token")).toBe(0)
      expect(await store.count!("users")).toBe(USERS)
      expect(await store.count!("sessions")).toBe(USERS)

      const sessions = await Promise.all(winners.map((winner) => winner.session()))
      expect(
        sessions.map((session) => (session?.user as { email?: string } | undefined)?.email),
      ).toEqual(emails)

      const reused = await Promise.all(links.map((link) => new AuthClient(config).get(link)))
      expect(new Set(reused.map((response) => response.headers.get("location")))).toEqual(
        new Set([VERIFICATION_ERROR]),
      )

      const signedOut = await Promise.all(
        winners.map(async (winner) => {
          const csrfToken = await winner.csrfToken()
          return winner.postForm("/signout", { csrfToken })
        }),
      )
      expect(signedOut.every((response) => response.status === 302)).toBe(true)
      expect(await store.count!("sessions")).toBe(0)
      expect(await store.count!("users")).toBe(USERS)
      expect(await Promise.all(winners.map((winner) => winner.session()))).toEqual(
        emails.map(() => null),
      )
      // Only the refused second clicks were logged, as Verification errors.
      expect(new Set(recorder.errors.map((error) => error.name))).toEqual(new Set(["Verification"]))
    })
  },
)
