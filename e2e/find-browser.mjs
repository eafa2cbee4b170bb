// Finds the browser the e2e suite runs in: a Chromium or Chrome installed on this machine, so the
// suite runs without Playwright's browser download (which cannot work where only package
// registries are reachable), or else Playwright's own Chromium if someone installed it. Nothing
// here downloads anything. The environment and the candidate paths are parameters, so
// find-browser.test.mjs tests the lookup without changing the machine.
import { accessSync, constants, statSync } from "node:fs"
import { delimiter, join } from "node:path"

/** The executable names looked up on `PATH`, in this order. */
export const BROWSER_COMMANDS = [
  "chromium",
  "chromium-browser",
  "google-chrome",
  "google-chrome-stable",
]

/** Where Chromium and Chrome install themselves, looked at after `PATH`. */
export const WELL_KNOWN_BROWSER_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
]

/** What the e2e runner prints, on one line, when no browser is found. */
export const MISSING_BROWSER_MESSAGE =
  "No Chromium or Chrome on this machine, so the e2e suite is not run: install one " +
  "(`apt-get install chromium`), or set CHROMIUM_PATH to one, or run " +
  "`pnpm --filter ./e2e exec playwright install chromium` where Playwright's CDN is reachable."

/**
 * @typedef {object} BrowserLookupOptions
 * @property {Record<string, string | undefined>} [env] where `CHROMIUM_PATH` and `PATH` are read;
 *   `process.env` by default
 * @property {readonly string[]} [wellKnownPaths] absolute paths tried after `PATH`;
 *   `WELL_KNOWN_BROWSER_PATHS` by default
 */

/**
 * The machine's Chromium or Chrome: `CHROMIUM_PATH` when it is set, taken as given so that a wrong
 * one fails loudly instead of another browser being used; else the first of `BROWSER_COMMANDS`
 * found on `PATH`; else the first of the well-known paths that is an executable file.
 *
 * @param {BrowserLookupOptions} [options]
 * @returns {string | undefined} the executable's path, `undefined` when none is found
 */
export function findBrowser({ env = process.env, wellKnownPaths = WELL_KNOWN_BROWSER_PATHS } = {}) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH
  return findOnPath(BROWSER_COMMANDS, env.PATH ?? "") ?? wellKnownPaths.find(isExecutableFile)
}

/**
 * @typedef {{ found: true, path: string } | { found: false, message: string }} E2eBrowserResult
 */

/**
 * The browser the e2e runner can launch: the machine's (`findBrowser`), else Playwright's own
 * Chromium when `playwright install chromium` put it where Playwright looks. When there is none,
 * or `CHROMIUM_PATH` names no executable file, `message` says in one line what to do.
 *
 * @param {BrowserLookupOptions & { playwrightChromium?: () => Promise<string | undefined> }} [options]
 *   `playwrightChromium` gives where Playwright expects its own Chromium
 * @returns {Promise<E2eBrowserResult>}
 */
export async function lookUpE2eBrowser({
  env = process.env,
  wellKnownPaths = WELL_KNOWN_BROWSER_PATHS,
  playwrightChromium = playwrightChromiumPath,
} = {}) {
  const path = findBrowser({ env, wellKnownPaths })
  if (path !== undefined) {
    if (isExecutableFile(path)) return { found: true, path }
    return {
      found: false,
      message: `CHROMIUM_PATH is ${JSON.stringify(path)}, which is not an executable file, so the e2e suite is not run: point it at a Chromium or Chrome executable, or unset it.`,
    }
  }
  const own = await playwrightChromium()
  if (own !== undefined && isExecutableFile(own)) return { found: true, path: own }
  return { found: false, message: MISSING_BROWSER_MESSAGE }
}

/**
 * Where Playwright looks for its own Chromium (`PLAYWRIGHT_BROWSERS_PATH`, else its cache
 * folder); the file may not exist.
 *
 * @returns {Promise<string | undefined>}
 */
async function playwrightChromiumPath() {
  try {
    const { chromium } = await import("@playwright/test")
    return chromium.executablePath()
  } catch {
    return undefined
  }
}

/**
 * @param {readonly string[]} commands
 * @param {string} path a `PATH` value
 * @returns {string | undefined}
 */
function findOnPath(commands, path) {
  // Empty entries mean the working directory to a shell; a browser is never looked for there.
  const dirs = path.split(delimiter).filter((dir) => dir !== "")
  // Name before folder: Chromium, which CI runs, wins over a Chrome earlier on PATH.
  for (const command of commands) {
    for (const dir of dirs) {
      const candidate = join(dir, command)
      if (isExecutableFile(candidate)) return candidate
    }
  }
  return undefined
}

/**
 * @param {string} path
 * @returns {boolean}
 */
function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}
