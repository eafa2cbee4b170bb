import { solidStart } from "@solidjs/start/config"
import { nitro } from "nitro/vite"
import { defineConfig } from "vite"

// SolidStart 2: the app is a Vite plugin; Nitro's Node server serves the production build
// (`node .output/server/index.mjs`, on PORT and HOST). The middleware puts `locals.auth()` on
// every request and guards /protected.
export default defineConfig({
  plugins: [
    solidStart({ middleware: "./src/middleware.ts" }),
    nitro({
      preset: "node_server",
      // PGlite (the example's embedded database) loads its WebAssembly and data files from its
      // own folder: it is copied whole into .output/server/node_modules instead of bundled.
      traceDeps: ["@electric-sql/pglite*"],
    }),
  ],
  // `pnpm dev` runs the dev server through example-launch, which picks PORT (and HOST).
  server: {
    port: Number(process.env.PORT) || 5173,
    strictPort: Boolean(process.env.PORT),
    host: process.env.HOST || undefined,
  },
})
