/** A fresh data folder per started instance, removed when the instance stops. */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { RunningTarget } from "./types.js"

/**
 * Makes a temp folder, starts `start(folder)`, and returns the instance with a `close` that
 * also removes the folder (removed at once when starting fails).
 */
export async function startWithDataDir(
  prefix: string,
  start: (dataDir: string) => Promise<RunningTarget>,
): Promise<RunningTarget> {
  const dataDir = await mkdtemp(join(tmpdir(), `${prefix}-`))
  try {
    const running = await start(dataDir)
    return {
      url: running.url,
      async close() {
        await running.close()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}
