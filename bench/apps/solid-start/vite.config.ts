import { solidStart } from "@solidjs/start/config"
import { nitro } from "nitro/vite"
import { defineConfig } from "vite"

// SolidStart 2 on Nitro's Node server (`node .output/server/index.mjs`, on PORT and HOST), with
// the middleware that puts `locals.auth()` on every request, as an app that uses it would.
export default defineConfig({
  plugins: [solidStart({ middleware: "./src/middleware.ts" }), nitro({ preset: "node_server" })],
})
