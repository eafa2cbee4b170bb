import { defineConfig, type Options } from "tsup"

// Two bundles: the server (`node dist/server/index.js`; its dependencies stay in node_modules)
// and the browser script the pages load (`/static/client.js`, with @auth/core/client inside).
// `tsup --watch` (`pnpm dev`) restarts the server after every change to the sources.

/** Not sources: the builds, the database (PGlite writes there), the tests. */
const ignoreWatch = ["dist", ".example-data", "test"]

export default defineConfig((options): Options[] => [
  {
    entry: { index: "src/index.ts" },
    outDir: "dist/server",
    format: ["esm"],
    platform: "node",
    target: "node20",
    clean: true,
    onSuccess: options.watch ? "node dist/server/index.js" : undefined,
    ignoreWatch,
  },
  {
    entry: { client: "src/client.ts" },
    outDir: "dist/static",
    format: ["esm"],
    clean: true,
    platform: "browser",
    target: "es2022",
    noExternal: [/.*/],
    ignoreWatch,
  },
])
