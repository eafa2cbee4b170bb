// The Playwright e2e suite as one runner of scripts/test-all.mjs. It runs in the browser that
// e2e/find-browser.mjs finds and never downloads one: without a browser it prints one line saying
// what to install, lists the suite (`playwright test --list` needs no browser) and reports every
// test as skipped, instead of each test failing to launch Chromium.
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { lookUpE2eBrowser } from "../e2e/find-browser.mjs"
import { nodeVersion } from "./node-lanes.mjs"

/**
 * @typedef {object} Runner one line of test-all's per-runner report
 * @property {string} name
 * @property {string} node the Node version it ran on
 * @property {number} passed
 * @property {number} failed
 * @property {number} skipped
 * @property {boolean} crashed it failed without reporting a failed test
 * @property {string} [note] why its tests were not run
 */

/**
 * Runs the e2e suite with `pnpm --filter ./e2e exec playwright test`, or only lists it when there
 * is no browser, and reads Playwright's JSON report.
 *
 * @param {object} options
 * @param {string} options.root the workspace root
 * @param {string} options.results the folder for the JSON report
 * @param {Record<string, string | undefined>} [options.env] the suite's environment, where the
 *   browser is also looked up; `process.env` by default
 * @param {readonly string[]} [options.wellKnownPaths] as in `lookUpE2eBrowser`
 * @returns {Promise<Runner>}
 */
export async function runE2e({ root, results, env = process.env, wellKnownPaths }) {
  const browser = await lookUpE2eBrowser({ env, wellKnownPaths })
  const json = join(results, "playwright.json")
  rmSync(json, { force: true })
  const options = { cwd: root, env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: json } }
  const runner = {
    name: "playwright e2e",
    node: nodeVersion(process.execPath),
    passed: 0,
    failed: 0,
    skipped: 0,
    crashed: false,
  }
  const playwright = ["--filter", "./e2e", "exec", "playwright", "test"]
  if (browser.found) {
    console.log(`\nThe e2e suite runs in ${browser.path}.`)
    const status = run("pnpm", playwright, options)
    return { ...runner, ...readReport(json, status) }
  }
  console.log(`\n${browser.message}`)
  // The list names every test: noise, shown only when listing fails.
  const list = spawnSync("pnpm", [...playwright, "--list"], { ...options, encoding: "utf8" })
  if (list.status !== 0) console.error(list.error ?? `${list.stdout}${list.stderr}`)
  return { ...runner, ...readReport(json, list.status ?? 1), note: "not run: no browser" }
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import("node:child_process").SpawnSyncOptions} options
 * @returns {number}
 */
function run(command, args, options) {
  console.log(`\n$ ${command} ${args.join(" ")}`)
  return spawnSync(command, args, { ...options, stdio: "inherit" }).status ?? 1
}

/**
 * The counts of Playwright's JSON report; a listing counts every test as skipped.
 *
 * @param {string} json
 * @param {number} status Playwright's exit status
 * @returns {Pick<Runner, "passed" | "failed" | "skipped" | "crashed">}
 */
function readReport(json, status) {
  if (!existsSync(json)) return { passed: 0, failed: 0, skipped: 0, crashed: true }
  const { stats } = JSON.parse(readFileSync(json, "utf8"))
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    crashed: status !== 0 && stats.unexpected === 0,
  }
}
