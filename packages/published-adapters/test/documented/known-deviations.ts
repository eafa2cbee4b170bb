/**
 * Where Auth.js's published adapters, on the tables their docs create, do less than our suites
 * expect: each test of the shared suites that fails for them, why, and what its failure says.
 * Every one is the adapter's own behaviour or its documented schema's, which Auth.js's contract
 * asks less of; with our core they behave as with Auth.js's. `documented-schema.test.ts` checks
 * that exactly these fail, so a new failure (a bug of ours) or a fixed one shows up.
 */
import type { PublishedAdapter } from "../adapters.js"

/** The shared suites run on the published adapters, as named in their `describe` blocks. */
export type SuiteName = "adapter contract" | "e-mail sign-in" | "database sessions"

/** One test of a shared suite that fails for an adapter, and why. */
export interface KnownDeviation {
  suite: SuiteName
  /** The test's title, after the suite's own `describe` groups: `"accounts > linkAccount …"`. */
  test: string
  /** Why it fails, in a sentence. */
  because: string
  /** What the failure's message says. */
  failure: RegExp
}

/**
 * Core passes `signOut` events what `deleteSession` returns, and reads `undefined` as "the
 * adapter cannot say", as Auth.js does (docs/adapters.md). Both adapters' `deleteSession`
 * returns nothing, so the event carries `{ session: undefined }`; the flow suites expect the
 * deleted session, which our adapters return.
 */
const SIGN_OUT_EVENT: readonly KnownDeviation[] = [
  {
    suite: "e-mail sign-in",
    test: "signs out: the stored session is deleted",
    because: "deleteSession returns nothing, so the signOut event has no session (as in Auth.js)",
    failure: /session: undefined/,
  },
  {
    suite: "database sessions",
    test: "signs out: deletes the stored session, emits signOut with it, clears the cookie",
    because: "deleteSession returns nothing, so the signOut event has no session (as in Auth.js)",
    failure: /session: undefined/,
  },
]

/** Contract tests that call a method `@auth/kysely-adapter` does not have. */
function missingMethod(method: string, tests: readonly string[]): KnownDeviation[] {
  return tests.map((test) => ({
    suite: "adapter contract",
    test,
    because: `@auth/kysely-adapter has no ${method} (nor any WebAuthn method: no passkeys with it in Auth.js either)`,
    failure: new RegExp(`${method} is not a function`),
  }))
}

/** The declared deviations of each published adapter on its documented schema. */
export const KNOWN_DEVIATIONS: Record<PublishedAdapter, readonly KnownDeviation[]> = {
  "@auth/drizzle-adapter": [
    {
      suite: "adapter contract",
      test: "accounts > linkAccount rejects a second account with the same provider and id",
      because:
        "the docs declare the account key as `[{ compoundKey: primaryKey(…) }]`, which drizzle ignores: drizzle-kit creates no key",
      failure: /promise resolved "undefined" instead of rejecting/,
    },
    {
      suite: "adapter contract",
      test: "authenticators > the counter holds the largest WebAuthn sign count",
      because:
        "the documented counter is a signed 32-bit `integer` (PostgreSQL refuses the value); sign counts go up to 2³² − 1",
      failure: /Failed query: update .*"authenticator" set "counter"[\s\S]*params: 4294967295/,
    },
    ...SIGN_OUT_EVENT,
  ],
  "@auth/kysely-adapter": [
    {
      suite: "adapter contract",
      test: "implements every method of the contract",
      because:
        "@auth/kysely-adapter has no getAccount and no WebAuthn methods (no passkeys with it in Auth.js either)",
      failure: /expected \[ 'getAccount'/,
    },
    ...missingMethod("getAccount", [
      "accounts > linkAccount stores every token field and getAccount returns them",
      "accounts > linkAccount without token fields returns them absent (undefined or null)",
      "accounts > the same providerAccountId may exist under two providers",
      "accounts > unlinkAccount removes the account and keeps the user",
      "accounts > getAccount returns null for an unknown account or a different provider",
    ]),
    ...missingMethod("createAuthenticator", [
      "users > deleteUser deletes the user's sessions, accounts and authenticators",
      "authenticators > createAuthenticator stores every field and getAuthenticator returns them",
      "authenticators > an authenticator without transports comes back without them",
      "authenticators > listAuthenticatorsByUserId returns exactly the user's authenticators, as stored",
      "authenticators > updateAuthenticatorCounter sets the counter and returns the authenticator",
      "authenticators > the counter holds the largest WebAuthn sign count",
      "authenticator timestamps (additions beyond Auth.js) > createAuthenticator sets createdAt to the time of the call and lastUsedAt to null",
      "authenticator timestamps (additions beyond Auth.js) > updateAuthenticatorCounter sets lastUsedAt to the time of the call and keeps createdAt",
      "edge cases > a user's id keeps its type (string or number) in every record that refers to it",
    ]),
    ...missingMethod("getAuthenticator", [
      "authenticators > getAuthenticator returns null for an unknown credential",
    ]),
    ...missingMethod("listAuthenticatorsByUserId", [
      "authenticators > listAuthenticatorsByUserId returns [] for a user without authenticators",
    ]),
    ...missingMethod("updateAuthenticatorCounter", [
      "authenticators > updateAuthenticatorCounter rejects an unknown credential",
    ]),
    {
      suite: "adapter contract",
      test: "accounts > linkAccount rejects a second account with the same provider and id",
      because:
        'the documented "Account" table has no unique key on (provider, "providerAccountId")',
      failure: /instead of rejecting/,
    },
    {
      suite: "adapter contract",
      test: "verification tokens > the same token value under two identifiers are two tokens",
      because: 'the documented "VerificationToken" makes `token` unique on its own',
      failure: /VerificationToken_token_key/,
    },
    {
      suite: "adapter contract",
      test: "edge cases > reads of unknown keys return null rather than throwing",
      because:
        'the documented ids are `uuid`: getUser("0") is a PostgreSQL error, not null (a credentials `authorize` returning a non-UUID id hits it with database sessions)',
      failure: /invalid input syntax for type uuid/,
    },
    {
      suite: "adapter contract",
      test: "sessions > updateSession changes the expiry",
      because:
        "updateSession returns the row with its `id`, while createSession and getSessionAndUser return the session without it",
      failure: /expected \{ …\(4\) \} to deeply equal \{ …\(3\) \}/,
    },
    {
      suite: "adapter contract",
      test: "sessions > updateSession of an unknown token returns nothing",
      because:
        "updateSession of an unknown token throws Kysely's NoResultError instead of returning",
      failure: /no result/,
    },
    {
      suite: "e-mail sign-in",
      test: "signs a new user up: mail delivered, link followed, user created, newUser page, session",
      because:
        "createUser returns what it was given, not the stored row: the signIn event's user lacks the `name: null` and `image: null` that getUserByEmail returns",
      failure: /to deep equally contain \[ 'signIn'/,
    },
    ...SIGN_OUT_EVENT,
  ],
}
