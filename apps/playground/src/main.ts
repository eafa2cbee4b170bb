/**
 * The playground's command line: `pnpm dev` at the repository's root (or `pnpm start` here).
 * Options come from the environment (see `playgroundOptionsFromEnv`); Ctrl+C or SIGTERM stops
 * accepting connections, lets the requests under way finish (10 s at most), closes the database
 * and Redis, and exits with code 0 (a second Ctrl+C while stopping forces the exit).
 */
import { closeExampleResources } from "@auth/example-support/serve"
import { playgroundOptionsFromEnv } from "./options.js"
import { startPlayground } from "./playground.js"

/** The exit code of a process ended by SIGINT, as shells report it. */
const FORCED_EXIT_CODE = 130

async function main(): Promise<void> {
  const started = startPlayground(playgroundOptionsFromEnv(process.env))

  // Listening before anything is printed: a Ctrl+C at any moment, even while starting, stops
  // the playground cleanly instead of killing it half-way.
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(FORCED_EXIT_CODE)
    stopping = true
    console.log(`${signal}: stopping the playground.`)
    started
      .then((playground) => playground.close())
      // The Redis client of REDIS_URL, one per process.
      .then(() => closeExampleResources())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error instanceof Error ? error.message : error)
          process.exit(1)
        },
      )
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)

  const playground = await started
  if (!stopping) console.log(`Playground running at ${playground.url}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
