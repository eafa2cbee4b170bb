/**
 * `next-auth/next` was next-auth 4's API (`getServerSession`, …). In next-auth 5, `auth()`
 * reads the session everywhere.
 *
 * @module next-auth/next
 */
throw new ReferenceError(
  '"next-auth/next" is next-auth 4\'s API. In next-auth 5, call auth() from your auth.ts instead of getServerSession(). See https://authjs.dev/getting-started/migrating-to-v5',
)
