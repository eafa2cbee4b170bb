import adapter from "@sveltejs/adapter-node"
import { sveltekit } from "@sveltejs/kit/vite"
import { defineConfig } from "vite"

export default defineConfig({
  plugins: [sveltekit({ adapter: adapter() })],
  // In this repository @auth/sveltekit is linked with a SvelteKit of its own (a dev dependency):
  // one SvelteKit, the app's, must handle the redirects its form actions throw. (An installed
  // @auth/sveltekit uses the app's SvelteKit anyway: it is a peer dependency.)
  resolve: { dedupe: ["@sveltejs/kit"] },
  // `pnpm dev` runs the dev server through example-launch, which picks PORT (and HOST).
  server: {
    port: Number(process.env.PORT) || 5173,
    strictPort: Boolean(process.env.PORT),
    host: process.env.HOST || undefined,
  },
})
