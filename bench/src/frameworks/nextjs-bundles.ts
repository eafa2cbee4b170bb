/**
 * The Next.js edge middleware's bundle (registered in `../bundles.ts`): `auth` for the
 * split-config pattern, ours from `next-auth/proxy` against next-auth 5.0.0-beta.32's
 * `NextAuth` (`next-auth-beta` here), and from the package root for both.
 */
import type { BundleEntry } from "../bundle-entry.js"

/** The edge middleware of the split-config pattern, with `NextAuth` from `entry`. */
const MIDDLEWARE = (entry: string, providers: string) => `import NextAuth from "${entry}"
import Credentials from "${providers}/credentials"
export const { auth: middleware } = NextAuth({
  providers: [Credentials({ credentials: {}, authorize: async () => null })],
  callbacks: { authorized: ({ auth }) => Boolean(auth) },
})`

/** Next.js's and React's own modules are the same for both and not ours to count. */
const NEXT_EXTERNAL = ["next", "next/*", "react", "react/*"]

export const NEXTJS_BUNDLES: readonly BundleEntry[] = [
  {
    id: "bundle-nextjs-middleware",
    title:
      "bundle: edge middleware, ours next-auth/proxy vs next-auth 5.0.0-beta.32's NextAuth, min+gzip",
    // Half of next-auth's JWT-only middleware, with database sessions readable at the edge from
    // the session cache cookie (0.4× was the target while next-auth/proxy read JWTs only).
    maxRatio: 0.5,
    external: NEXT_EXTERNAL,
    source: {
      ours: MIDDLEWARE("next-auth/proxy", "next-auth/providers"),
      authjs: MIDDLEWARE("next-auth-beta", "next-auth-beta/providers"),
    },
  },
  {
    id: "bundle-nextjs-middleware-root",
    title:
      "bundle: edge middleware, NextAuth from the package root, next-auth 5.0.0-beta.32 column, min+gzip",
    external: NEXT_EXTERNAL,
    source: {
      ours: MIDDLEWARE("next-auth", "next-auth/providers"),
      authjs: MIDDLEWARE("next-auth-beta", "next-auth-beta/providers"),
    },
  },
]
