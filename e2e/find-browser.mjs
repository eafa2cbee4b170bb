// Finds a Chromium-family browser installed on this machine, so the e2e suite runs without
// Playwright's own browser download (which cannot work where only package registries are
// reachable). `CHROMIUM_PATH` wins; `undefined` means none was found.
import { existsSync } from "node:fs"

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
]

/** @returns {string | undefined} */
export function findBrowser() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return CANDIDATES.find((path) => existsSync(path))
}
