/** The Express playground, started in-process with a fresh PGlite folder per instance. */
import { startWithDataDir } from "./data-dir.js"
import { E2E_ACCESS_TOKEN_TTL_SECONDS } from "./example-app.js"
import { type E2eTarget, SESSION_STRATEGIES } from "./types.js"

export const playground: E2eTarget = {
  name: "playground",
  basePath: "/auth",
  strategies: SESSION_STRATEGIES,
  features: ["theme", "a11y", "passkeys", "playground-pages"],
  async start(strategy) {
    // Loaded here, not at import: selecting other targets must not need the playground built.
    const { startPlayground } = await import("playground")
    // Never `DATABASE_URL` nor `REDIS_URL`: the tests must not depend on or touch a shared
    // server, whose keys would outlive the run (the example apps' launcher clears it too).
    return startWithDataDir(`e2e-playground-${strategy}`, (dataDir) =>
      startPlayground({
        port: 0,
        dataDir,
        sessionStrategy: strategy,
        accessTokenTtl: E2E_ACCESS_TOKEN_TTL_SECONDS,
        log: () => {},
      }),
    )
  },
}
