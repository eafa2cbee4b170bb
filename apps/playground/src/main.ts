/**
 * The playground's command line: `pnpm dev` at the repository's root (or `pnpm start` here).
 * Options come from the environment (see `playgroundOptionsFromEnv`); Ctrl+C stops everything.
 */
import { playgroundOptionsFromEnv } from "./options.js"
import { startPlayground } from "./playground.js"

async function main(): Promise<void> {
  const playground = await startPlayground(playgroundOptionsFromEnv(process.env))
  console.log(`Playground running at ${playground.url}`)

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping the playground.`)
    playground.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
