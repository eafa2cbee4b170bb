#!/usr/bin/env node
// Runs every test runner of the workspace after building, prints one line per runner (which Node
// it used, what it counted), and ends with one line totalling them: `N passed, N failed[, N skipped]`.
//
// Two Node lanes (see README, "Which Node"):
// - Node 24, the root devDependency `node` that `pnpm run` puts first on PATH: every vitest
//   project, the core suite again on its WebCrypto build, and the Playwright e2e suite.
// - the machine's own Node (the published libraries' floor, `engines` >=20.19): the vitest
//   projects of the published packages once more.
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { delimiter, join } from "node:path"
import { findMachineNode, nodeVersion } from "./node-lanes.mjs"

const root = new URL("..", import.meta.url).pathname
const results = join(root, ".test-results")
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

/** Node 24: the binary `pnpm run` found first on PATH, which runs this script. */
const laneNode = process.execPath
const machineNode = findMachineNode(process.env.PATH ?? "", delimiter)
const vitestCli = join(root, "node_modules", "vitest", "vitest.mjs")

function run(command, args, options = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`)
  const child = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options })
  return child.status ?? 1
}

/** @type {Array<{ name: string, node: string, passed: number, failed: number, skipped: number, crashed: boolean }>} */
const runners = []

if (run("pnpm", ["turbo", "run", "build"]) !== 0) {
  console.error("The build failed; no test ran.")
  console.log("0 passed, 1 failed")
  process.exit(1)
}

/** Runs vitest under `node` and records its JSON report as one runner. */
function runVitest(name, node, extraArgs, env = process.env) {
  const json = join(results, `${name.replace(/[^a-z0-9]+/gi, "-")}.json`)
  const status = run(
    node,
    [vitestCli, "run", ...extraArgs, "--reporter=json", `--outputFile.json=${json}`],
    { env },
  )
  const runner = { name, node: nodeVersion(node), passed: 0, failed: 0, skipped: 0, crashed: false }
  if (!existsSync(json)) {
    runner.crashed = true
  } else {
    const report = JSON.parse(readFileSync(json, "utf8"))
    runner.passed = report.numPassedTests
    runner.failed = report.numFailedTests
    runner.skipped = report.numPendingTests + report.numTodoTests
    if (status !== 0 && report.numFailedTests === 0) runner.crashed = true
  }
  runners.push(runner)
}

// Every vitest project, on Node 24.
runVitest("vitest, every project", laneNode, ["--reporter=default"])

// The core suite once more on the WebCrypto build (the run above uses the node:crypto build):
// both builds of the session-token code must pass the same tests.
runVitest(
  "vitest, core on its WebCrypto build",
  laneNode,
  ["--project", "core", "--reporter=dot"],
  {
    ...process.env,
    AUTH_CORE_JWE: "webcrypto",
  },
)

// The published libraries once more on the machine's own Node, their `engines` floor.
const libraries = publishedVitestProjects()
if (!machineNode) {
  console.log("\nNo Node other than the lane's on PATH: the machine's-Node lane is not run.")
} else if (nodeVersion(machineNode) === nodeVersion(laneNode)) {
  console.log(`\nThe machine's Node is ${nodeVersion(machineNode)} too: one lane covers both.`)
} else {
  runVitest(`vitest, published libraries (${libraries.join(", ")})`, machineNode, [
    ...libraries.flatMap((project) => ["--project", project]),
    "--reporter=dot",
  ])
}

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
  const runner = {
    name: "playwright e2e",
    node: nodeVersion(laneNode),
    passed: 0,
    failed: 0,
    skipped: 0,
    crashed: false,
  }
  if (existsSync(playwrightJson)) {
    const { stats } = JSON.parse(readFileSync(playwrightJson, "utf8"))
    runner.passed = stats.expected + stats.flaky
    runner.failed = stats.unexpected
    runner.skipped = stats.skipped
    if (status !== 0 && stats.unexpected === 0) runner.crashed = true
  } else {
    runner.crashed = true
  }
  runners.push(runner)
}

/** The vitest project names of the workspace packages that are published (not `private`). */
function publishedVitestProjects() {
  const packages = join(root, "packages")
  return readdirSync(packages)
    .filter((dir) => existsSync(join(packages, dir, "vitest.config.ts")))
    .filter((dir) => !JSON.parse(readFileSync(join(packages, dir, "package.json"), "utf8")).private)
    .map((dir) => {
      const config = readFileSync(join(packages, dir, "vitest.config.ts"), "utf8")
      return /\bname:\s*"([^"]+)"/.exec(config)?.[1] ?? dir
    })
}

const totals = { passed: 0, failed: 0, skipped: 0 }
console.log("\nRunners:")
for (const runner of runners) {
  if (runner.crashed) {
    console.error(`${runner.name}: failed without reporting a failed test (see its output above).`)
    runner.failed += 1
  }
  totals.passed += runner.passed
  totals.failed += runner.failed
  totals.skipped += runner.skipped
  console.log(`- ${runner.name} [Node ${runner.node}]: ${summary(runner)}`)
}
const started = Number(process.env.CI_STARTED_AT)
if (started > 0) console.log(`CI took ${Math.round(Date.now() / 1000 - started)} s up to here.`)
console.log(`\n${summary(totals)}`)
process.exit(totals.failed > 0 ? 1 : 0)

function summary({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`
}
