// @ts-check
import node from "@astrojs/node"
import auth from "@auth/astro"
import { defineConfig } from "astro/config"

export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  // The auth routes at /api/auth/* (the default prefix); the config is ./auth.config.ts.
  integrations: [auth()],
})
