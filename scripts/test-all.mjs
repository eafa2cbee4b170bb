#!/usr/bin/env node
// Runs every test runner of the workspace (vitest projects, then the Playwright e2e suite when
// present), after building, and ends with one line totalling them: `N passed, N failed`.
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"

const root = new URL("..", import.meta.url).pathname
const results = join(root, ".test-results")
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

function run(command, args, options = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`)
  const child = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options })
  return child.status ?? 1
}

const totals = { passed: 0, failed: 0, skipped: 0 }
let crashed = false

if (run("pnpm", ["turbo", "run", "build"]) !== 0) {
  console.error("The build failed; no test ran.")
  console.log("0 passed, 1 failed")
  process.exit(1)
}

// vitest: every project in one run.
const vitestJson = join(results, "vitest.json")
const vitestStatus = run("pnpm", [
  "exec",
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
])
function addVitestReport(path, status) {
  if (!existsSync(path)) {
    crashed = true
    return
  }
  const report = JSON.parse(readFileSync(path, "utf8"))
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests
  totals.skipped += report.numPendingTests + report.numTodoTests
  if (status !== 0 && report.numFailedTests === 0) crashed = true
}
addVitestReport(vitestJson, vitestStatus)

// The core suite once more on the WebCrypto build (the default run above uses the node:crypto
// build): both builds of the session-token code must pass the same tests.
const webcryptoJson = join(results, "vitest-webcrypto.json")
const webcryptoStatus = run(
  "pnpm",
  [
    "exec",
    "vitest",
    "run",
    "--project",
    "core",
    "--reporter=dot",
    "--reporter=json",
    `--outputFile.json=${webcryptoJson}`,
  ],
  { env: { ...process.env, AUTH_CORE_JWE: "webcrypto" } },
)
addVitestReport(webcryptoJson, webcryptoStatus)

// Playwright: the browser end-to-end suite, when the workspace has one.
if (existsSync(join(root, "e2e", "playwright.config.ts"))) {
  const { findBrowser } = await import(join(root, "e2e", "find-browser.mjs"))
  if (!findBrowser()) {
    console.log(
      "No Chromium or Chrome on this machine: installing Playwright's Chromium for the e2e tests.",
    )
    run("pnpm", ["--filter", "./e2e", "exec", "playwright", "install", "chromium"])
  }
  const playwrightJson = join(results, "playwright.json")
  const status = run("pnpm", ["--filter", "./e2e", "exec", "playwright", "test"], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  })
  if (existsSync(playwrightJson)) {
    const { stats } = JSON.parse(readFileSync(playwrightJson, "utf8"))
    totals.passed += stats.expected + stats.flaky
    totals.failed += stats.unexpected
    totals.skipped += stats.skipped
    if (status !== 0 && stats.unexpected === 0) crashed = true
  } else {
    crashed = true
  }
}

if (crashed) {
  console.error("A test runner failed without reporting a failed test (see its output above).")
  totals.failed += 1
}
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : ""
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`)
process.exit(totals.failed > 0 ? 1 : 0)
