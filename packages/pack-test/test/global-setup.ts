/**
 * Packs the published packages and installs them, with the switch-over fixtures, once per run:
 * every test file gets the same installed app (`inject("packedApp")`), and the folder is removed
 * when the run ends.
 */
import { rmSync } from "node:fs"
import type { TestProject } from "vitest/node"
import { createPackedApp } from "./support/packed-app.js"

export default async function setup(project: TestProject): Promise<() => void> {
  const started = Date.now()
  const app = await createPackedApp()
  console.log(`pack-test: packed and installed in ${Math.round((Date.now() - started) / 1000)} s`)
  project.provide("packedApp", app)
  return () => rmSync(app.dir, { recursive: true, force: true })
}
