import type { NextConfig } from "next"

const nextConfig: NextConfig = {
  // Workspace packages shipped as TypeScript source.
  transpilePackages: ["@auth/example-support"],
  // PGlite loads its WebAssembly from its own folder: leave it to Node.js.
  serverExternalPackages: ["@electric-sql/pglite"],
  // @auth/example-support is TypeScript whose imports name the `.js` its files compile to.
  // Turbopack cannot map those to `.ts` yet (vercel/next.js#82945), so the app builds with
  // webpack (`next build --webpack`).
  experimental: { extensionAlias: { ".js": [".ts", ".tsx", ".js"] } },
  // `pnpm typecheck` checks the app; the build does not do it twice.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
}

export default nextConfig
