/**
 * Starts one playground per session strategy, each on a free port with a fresh PGlite folder
 * (never `DATABASE_URL`: the tests must not depend on or touch a shared server), and hands their
 * URLs to the workers through the environment. The returned function stops them.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Playground, startPlayground } from "playground"
import { SESSION_STRATEGIES, type SessionStrategy, urlVariable } from "./fixtures.js"

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started: Array<{ playground: Playground; dataDir: string }> = []
  const stop = async () => {
    for (const { playground, dataDir } of started.reverse()) {
      await playground.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  try {
    for (const sessionStrategy of SESSION_STRATEGIES) {
      const dataDir = await mkdtemp(join(tmpdir(), `playground-e2e-${sessionStrategy}-`))
      const playground = await start(sessionStrategy, dataDir)
      started.push({ playground, dataDir })
      process.env[urlVariable(sessionStrategy)] = playground.url
      console.log(`Playground (${sessionStrategy} sessions) at ${playground.url}`)
    }
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}

async function start(sessionStrategy: SessionStrategy, dataDir: string): Promise<Playground> {
  try {
    return await startPlayground({ port: 0, dataDir, sessionStrategy, log: () => {} })
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}
