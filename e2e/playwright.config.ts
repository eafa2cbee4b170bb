/**
 * Browser tests of the playground and the example apps in the machine's Chromium or Chrome
 * (`CHROMIUM_PATH`, else one on `PATH`, else a well-known path: Debian's `/usr/bin/chromium` in
 * CI); Playwright's own browser only when there is none and `playwright install chromium` put it
 * there (nothing downloads it for you: see find-browser.mjs). The targets are registered in
 * `targets/index.ts`; each gives one project per session strategy (`playground-database`,
 * `playground-jwt`, …), whose worker starts the target. `E2E_TARGETS=playground,sveltekit` runs
 * some of them.
 *
 * `pnpm --filter ./e2e docs` also runs the `docs` project, which takes the README's screenshot.
 */
import { defineConfig, type Project } from "@playwright/test"
import {
  PLAYWRIGHT_EXPECT_TIMEOUT_MS,
  PLAYWRIGHT_TEST_TIMEOUT_MS,
  scaled,
} from "../scripts/test-timeouts.mjs"
import { findBrowser } from "./find-browser.mjs"
import type { TargetOptions } from "./fixtures.js"
import { ignoredSpecs, selectTargets } from "./targets/index.js"

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]

const projects: Project<TargetOptions>[] = selectTargets().flatMap((target) =>
  target.strategies.map((strategy) => ({
    name: `${target.name}-${strategy}`,
    testIgnore: ignoredSpecs(target, strategy),
    use: { targetName: target.name, sessionStrategy: strategy },
  })),
)

export default defineConfig<TargetOptions>({
  testDir: "./tests",
  outputDir: "./test-results",
  // One browser and one app at a time: the machine has two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous bounds, scaled by TEST_TIMEOUT_SCALE (scripts/test-timeouts.mjs): a passing test
  // ends when it is done; only a hanging one waits them out.
  timeout: scaled(PLAYWRIGHT_TEST_TIMEOUT_MS),
  expect: { timeout: scaled(PLAYWRIGHT_EXPECT_TIMEOUT_MS) },
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
      // The machine's Chromium or Chrome; `undefined` makes Playwright use its own, if installed.
      executablePath: findBrowser(),
      args: CHROMIUM_ARGS,
    },
    screenshot: "only-on-failure",
    // Recording a trace of every test (to keep a failing one's) made the suite 4 to 18% slower
    // on two cores; rerun a failure with `--trace retain-on-failure` to get its trace.
    trace: "off",
  },
  projects: [
    ...projects,
    ...(process.env.E2E_DOCS
      ? [
          {
            name: "docs",
            testDir: "./docs",
            use: { targetName: "playground", sessionStrategy: "database" as const },
          },
        ]
      : []),
  ],
})
