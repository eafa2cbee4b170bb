// A stand-in for an app's production server, for the launcher's tests: serves its own
// environment as JSON on PORT/HOST, exits 0 on SIGTERM/SIGINT (printing which), and exits 3 at
// once when CRASH is set.
import { createServer } from "node:http"

if (process.env.CRASH) {
  console.error("crashing on purpose")
  process.exit(3)
}
const server = createServer((_req, res) => {
  res.setHeader("content-type", "application/json")
  res.end(JSON.stringify(process.env))
})
server.listen(Number(process.env.PORT), process.env.HOST)
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    console.log(`app got ${signal}`)
    server.close(() => process.exit(0))
  })
}
