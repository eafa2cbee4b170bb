import { getSecret } from "astro:env/server"
import type { EnvObject } from "@auth/core"

/**
 * The variables `auth-astro` users keep in `.env`, read as Astro reads `import.meta.env`: in a
 * build, Astro writes the build's values into the server bundle (so a `.env` file present at
 * build time keeps working, as it did with `auth-astro`); at run time, the environment wins.
 * Each is named in full on purpose: Astro fills in `import.meta.env.<NAME>` for exactly these,
 * while a bare `import.meta.env` would make it inline every build variable the module's text
 * happens to mention.
 */
const importMetaEnv: EnvObject = {
  AUTH_SECRET: text(import.meta.env.AUTH_SECRET),
  AUTH_SECRET_1: text(import.meta.env.AUTH_SECRET_1),
  AUTH_SECRET_2: text(import.meta.env.AUTH_SECRET_2),
  AUTH_SECRET_3: text(import.meta.env.AUTH_SECRET_3),
  AUTH_URL: text(import.meta.env.AUTH_URL),
  AUTH_TRUST_HOST: text(import.meta.env.AUTH_TRUST_HOST),
  AUTH_REDIRECT_PROXY_URL: text(import.meta.env.AUTH_REDIRECT_PROXY_URL),
  VERCEL: text(import.meta.env.VERCEL),
  CF_PAGES: text(import.meta.env.CF_PAGES),
  // A built app is in production unless NODE_ENV says otherwise; the dev server is not.
  NODE_ENV: text(import.meta.env.NODE_ENV) ?? (import.meta.env.DEV ? "development" : "production"),
}

function text(value: string | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined
}

/**
 * The environment core's `prepareConfig` reads: each variable from Astro's `getSecret`
 * (`astro:env/server`: the adapter's runtime environment, `process.env` on Node; in the dev
 * server, `.env` files too), else from `import.meta.env` for the variables above. Read by name,
 * so provider variables (`AUTH_GITHUB_ID`, …) are found however they are named.
 */
export const astroEnv: EnvObject = new Proxy<EnvObject>(
  {},
  {
    get: (_, name) => {
      if (typeof name !== "string") return undefined
      const value = getSecret(name)
      return typeof value === "string" ? value : importMetaEnv[name]
    },
  },
)
