// The e2e suite's browser lookup, on fake browsers in a temporary folder: `node --test
// e2e/find-browser.test.mjs` (scripts/test-all.mjs runs it). Playwright never loads this file: its
// specs live in tests/ and docs/.
import { strict as assert } from "node:assert"
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { after, describe, test } from "node:test"
import { findBrowser, lookUpE2eBrowser, MISSING_BROWSER_MESSAGE } from "./find-browser.mjs"

const scratch = mkdtempSync(join(tmpdir(), "find-browser-"))
after(() => rmSync(scratch, { recursive: true, force: true }))

/**
 * Writes an executable (or, with `mode`, a plain) file at `path` inside the scratch folder.
 *
 * @param {string} path
 * @param {number} [mode]
 * @returns {string} its absolute path
 */
function fakeFile(path, mode = 0o755) {
  const file = join(scratch, path)
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, "#!/bin/sh\n")
  chmodSync(file, mode)
  return file
}

/** @param {string[]} dirs */
function pathOf(...dirs) {
  return dirs.map((dir) => join(scratch, dir)).join(delimiter)
}

const missing = join(scratch, "nowhere", "chromium")

describe("findBrowser", () => {
  test("CHROMIUM_PATH wins over PATH and the well-known paths, even when it names no file", () => {
    fakeFile("wins/bin/chromium")
    const wellKnown = fakeFile("wins/opt/chromium")
    const env = { CHROMIUM_PATH: missing, PATH: pathOf("wins/bin") }
    assert.equal(findBrowser({ env, wellKnownPaths: [wellKnown] }), missing)
  })

  test("PATH comes before the well-known paths", () => {
    const onPath = fakeFile("order/bin/google-chrome")
    const wellKnown = fakeFile("order/opt/chromium")
    const env = { PATH: pathOf("order/bin") }
    assert.equal(findBrowser({ env, wellKnownPaths: [wellKnown] }), onPath)
  })

  test("on PATH, the names are tried in order, each through every folder", () => {
    fakeFile("names/a/google-chrome-stable")
    const chromiumBrowser = fakeFile("names/b/chromium-browser")
    const env = { PATH: pathOf("names/a", "names/b") }
    assert.equal(findBrowser({ env, wellKnownPaths: [] }), chromiumBrowser)
  })

  test("files that are not executable, and folders, are passed over", () => {
    fakeFile("skip/a/chromium", 0o644)
    mkdirSync(join(scratch, "skip/b/chromium"), { recursive: true })
    const chrome = fakeFile("skip/c/google-chrome")
    const env = { PATH: `${delimiter}${pathOf("skip/a", "skip/b", "skip/c")}` }
    assert.equal(findBrowser({ env, wellKnownPaths: [] }), chrome)
  })

  test("the first well-known path that is an executable file", () => {
    const second = fakeFile("known/chrome")
    const env = { PATH: pathOf("known/empty") }
    assert.equal(findBrowser({ env, wellKnownPaths: [missing, second] }), second)
  })

  test("undefined without CHROMIUM_PATH, PATH or a well-known path", () => {
    assert.equal(findBrowser({ env: {}, wellKnownPaths: [missing] }), undefined)
  })
})

describe("lookUpE2eBrowser", () => {
  test("the machine's browser first", async () => {
    const chromium = fakeFile("e2e-machine/bin/chromium")
    const result = await lookUpE2eBrowser({
      env: { PATH: pathOf("e2e-machine/bin") },
      wellKnownPaths: [],
      playwrightChromium: async () => fakeFile("e2e-machine/playwright/chrome"),
    })
    assert.deepEqual(result, { found: true, path: chromium })
  })

  test("Playwright's own Chromium when the machine has none and it was installed", async () => {
    const own = fakeFile("e2e-own/chrome")
    const result = await lookUpE2eBrowser({
      env: {},
      wellKnownPaths: [missing],
      playwrightChromium: async () => own,
    })
    assert.deepEqual(result, { found: true, path: own })
  })

  test("no browser: one line saying what to install, and that the suite is not run", async () => {
    const result = await lookUpE2eBrowser({
      env: { PATH: pathOf("e2e-none/empty") },
      wellKnownPaths: [missing],
      playwrightChromium: async () => join(scratch, "e2e-none/never-installed/chrome"),
    })
    assert.deepEqual(result, { found: false, message: MISSING_BROWSER_MESSAGE })
    assert.doesNotMatch(MISSING_BROWSER_MESSAGE, /\n/)
    for (const advice of [
      "the e2e suite is not run",
      "apt-get install chromium",
      "CHROMIUM_PATH",
      "playwright install chromium",
    ]) {
      assert.ok(MISSING_BROWSER_MESSAGE.includes(advice), advice)
    }
  })

  test("a CHROMIUM_PATH that names no executable file is reported, not replaced", async () => {
    const result = await lookUpE2eBrowser({
      env: { CHROMIUM_PATH: missing, PATH: pathOf("e2e-bad") },
      wellKnownPaths: [fakeFile("e2e-bad/chromium")],
      playwrightChromium: async () => undefined,
    })
    assert.ok(!result.found)
    assert.equal(
      result.message,
      `CHROMIUM_PATH is ${JSON.stringify(missing)}, which is not an executable file, so the e2e suite is not run: point it at a Chromium or Chrome executable, or unset it.`,
    )
  })
})
