/** The `example-launch` command: {@link runLauncher} on this process. */
import { runLauncher } from "./launcher.js"

const code = await runLauncher(process.argv.slice(2), {
  env: process.env,
  log: (message) => console.log(message),
  onSignal(handler) {
    process.on("SIGINT", handler)
    process.on("SIGTERM", handler)
  },
})
process.exit(code)
