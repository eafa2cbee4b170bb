import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

// Unit and in-process tests of the library: real Auth(), real Requests, SolidStart's request
// context as solid-js provides it. They run on Node 20 and 24; the SolidStart apps' own tests
// (apps/examples/solid-start, apps/fixtures/solid-start1) start the real servers.
export default defineConfig({
  test: {
    name: "solid-start",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./test/provider-reexports.setup.ts"],
    ...vitestTimeouts(),
  },
})
