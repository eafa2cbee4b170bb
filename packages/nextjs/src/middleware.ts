/**
 * `next-auth/middleware` was next-auth 4's `withAuth`. In next-auth 5, `auth` is the
 * middleware: `export { auth as middleware } from "@/auth"` (or `next-auth/proxy`).
 *
 * @module next-auth/middleware
 */
throw new ReferenceError(
  '"next-auth/middleware" is next-auth 4\'s API. In next-auth 5, export `auth` as the middleware: export { auth as middleware } from "@/auth". See https://authjs.dev/getting-started/migrating-to-v5',
)
