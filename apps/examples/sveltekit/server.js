// The production server: adapter-node's `handler.js` on `PORT` (and `HOST`), as `node build`
// would serve it, but telling SvelteKit the truth about the protocol. Without `paths.origin`
// (known only at build time) adapter-node takes every request to be https unless a header says
// otherwise; this server speaks plain http on a port picked when it starts, so it says so in
// `X-Forwarded-Proto` (replacing whatever a client sent, as a TLS-terminating proxy would).
// Behind a real proxy, serve `node build` with `PROTOCOL_HEADER=x-forwarded-proto` instead.
import { createServer } from "node:http"

process.env.PROTOCOL_HEADER = "x-forwarded-proto"
const { handler } = await import("./build/handler.js")

const host = process.env.HOST || "0.0.0.0"
const server = createServer((req, res) => {
  req.headers["x-forwarded-proto"] = "http"
  handler(req, res)
})
server.listen(Number(process.env.PORT || 3000), host, () => {
  const { port } = server.address()
  console.log(`Listening on http://${host}:${port}`)
})
const stop = () => server.close(() => process.exit(0))
process.on("SIGTERM", stop)
process.on("SIGINT", stop)
