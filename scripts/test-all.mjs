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
import { availableParallelism, loadavg } from "node:os"
import { delimiter, join } from "node:path"
import { findMachineNode, nodeVersion } from "./node-lanes.mjs"
import { chooseTimeoutScale, TIMEOUT_SCALE_VARIABLE } from "./test-timeouts.mjs"

const root = new URL("..", import.meta.url).pathname
const results = join(root, ".test-results")
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

/** Node 24: the binary `pnpm run` found first on PATH, which runs this script. */
const laneNode = process.execPath
const machineNode = findMachineNode(process.env.PATH ?? "", delimiter)
const vitestCli = join(root, "node_modules", "vitest", "vitest.mjs")

// Every runner's timeouts scale with TEST_TIMEOUT_SCALE (scripts/test-timeouts.mjs). Unset, it is
// chosen from the machine's load before the build adds its own, and every child process (each
// runner) inherits it through the environment.
const timeouts = chooseTimeoutScale({
  env: process.env,
  loadAverage: loadavg()[0] ?? 0,
  cpus: availableParallelism(),
})
process.env[TIMEOUT_SCALE_VARIABLE] = String(timeouts.scale)
console.log(
  `Test timeouts ×${timeouts.scale}: ${TIMEOUT_SCALE_VARIABLE}=${timeouts.scale}, ${timeouts.reason}.`,
)

function run(command, args, options = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`)
  const child = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options })
  return child.status ?? 1
}

/** @type {Array<import("./run-e2e.mjs").Runner>} */
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

// Every vitest project, on Node 24. Two workers even on two cores (vitest's default there is
// one): many files mostly wait on a child process, a server or a database.
runVitest("vitest, every project", laneNode, ["--maxWorkers=2", "--reporter=default"])

// Core's session-token tests once more on the WebCrypto build (the run above uses the
// node:crypto build): both builds of the token code must pass the same tests. The files are
// those of the token code itself and of the flows that seal and open tokens.
const TOKEN_TEST_FILTERS = ["jwt", "jwe", "crypto", "session", "credentials", "server.test"]
runVitest(
  "vitest, core's token tests on its WebCrypto build",
  laneNode,
  ["--project", "core", ...TOKEN_TEST_FILTERS, "--reporter=dot"],
  {
    ...process.env,
    AUTH_CORE_JWE: "webcrypto",
  },
)

// The published libraries once more on the machine's own Node, their `engines` floor, except
// the suites whose outcome does not depend on the Node that runs them: `next build` of typed
// apps (a TypeScript check, minutes long) and `applySchema` on many fresh PGlite databases.
// Two workers, as above: with vitest's one on two cores this lane took 406 s, with two 306 s.
const NODE_INDEPENDENT_TESTS = [
  "**/next-build.test.ts",
  "**/schema-existing.test.ts",
  "**/schema-added-columns.test.ts",
]
const libraries = publishedVitestProjects()
if (!machineNode) {
  console.log("\nNo Node other than the lane's on PATH: the machine's-Node lane is not run.")
} else if (nodeVersion(machineNode) === nodeVersion(laneNode)) {
  console.log(`\nThe machine's Node is ${nodeVersion(machineNode)} too: one lane covers both.`)
} else {
  runVitest(`vitest, published libraries (${libraries.join(", ")})`, machineNode, [
    ...libraries.flatMap((project) => ["--project", project]),
    ...NODE_INDEPENDENT_TESTS.flatMap((glob) => ["--exclude", glob]),
    "--maxWorkers=2",
    "--reporter=dot",
  ])
}

// The e2e suite's browser lookup (node:test), then the Playwright e2e suite itself (see
// scripts/run-e2e.mjs: without a browser its tests are reported as skipped), when the workspace
// has one.
if (existsSync(join(root, "e2e", "playwright.config.ts"))) {
  runNodeTests("node --test, the e2e browser lookup", laneNode, ["e2e/find-browser.test.mjs"])
  const { runE2e } = await import("./run-e2e.mjs")
  runners.push(await runE2e({ root, results }))
}

/**
 * Runs `node --test` on `files` and records the totals of its TAP report as one runner.
 *
 * @see https://nodejs.org/api/test.html#test-reporters
 */
function runNodeTests(name, node, files) {
  const tap = join(results, `${name.replace(/[^a-z0-9]+/gi, "-")}.tap`)
  const status = run(node, [
    "--test",
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    "--test-reporter=tap",
    `--test-reporter-destination=${tap}`,
    ...files,
  ])
  const runner = { name, node: nodeVersion(node), passed: 0, failed: 0, skipped: 0, crashed: false }
  const report = existsSync(tap) ? readFileSync(tap, "utf8") : ""
  // The TAP report ends with `# pass N`, `# fail N`, `# cancelled N`, `# skipped N`, `# todo N`.
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, "m").exec(report)?.[1] ?? 0)
  runner.passed = count("pass")
  runner.failed = count("fail") + count("cancelled")
  runner.skipped = count("skipped") + count("todo")
  if (status !== 0 && runner.failed === 0) runner.crashed = true
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
  const note = runner.note ? ` (${runner.note})` : ""
  console.log(`- ${runner.name} [Node ${runner.node}]: ${summary(runner)}${note}`)
}
const started = Number(process.env.CI_STARTED_AT)
if (started > 0) console.log(`CI took ${Math.round(Date.now() / 1000 - started)} s up to here.`)
console.log(`\n${summary(totals)}`)
process.exit(totals.failed > 0 ? 1 : 0)

function summary({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`
}
