/**
 * Browser tests of the playground in the machine's Chromium or Chrome (Debian's
 * `/usr/bin/chromium` in CI, or `CHROMIUM_PATH`); Playwright's own browser only when none exists. The global setup starts one
 * playground per session strategy; each project runs every spec against one of them.
 *
 * `pnpm --filter ./e2e docs` also runs the `docs` project, which takes the README's screenshot.
 */
import { defineConfig } from "@playwright/test"
import { findBrowser } from "./find-browser.mjs"
import type { PlaygroundTestOptions } from "./fixtures.js"

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]

export default defineConfig<PlaygroundTestOptions>({
  testDir: "./tests",
  globalSetup: "./global-setup.ts",
  outputDir: "./test-results",
  // One browser at a time: the machine has two cores and the playgrounds share the process.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The JSON report goes where `PLAYWRIGHT_JSON_OUTPUT_NAME` says (scripts/test-all.mjs reads it).
  reporter: [
    ["list"],
    [
      "json",
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "./test-results/report.json" },
    ],
  ],
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      // A system Chromium or Chrome; without one, Playwright's own (see scripts/test-all.mjs).
      executablePath: findBrowser(),
      args: CHROMIUM_ARGS,
    },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "database", use: { sessionStrategy: "database" } },
    { name: "jwt", use: { sessionStrategy: "jwt" } },
    ...(process.env.E2E_DOCS
      ? [{ name: "docs", testDir: "./docs", use: { sessionStrategy: "database" as const } }]
      : []),
  ],
})
