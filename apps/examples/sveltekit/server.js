// The production server: adapter-node's `handler.js` on `PORT` (and `HOST`), as `node build`
// would serve it, but telling SvelteKit the truth about the protocol, and started and stopped
// as every example is (`serveApp`: `503` until the handler is loaded; on SIGTERM, the requests
// under way finish, then the database and Redis close). Without `paths.origin` (known only at
// build time) adapter-node takes every request to be https unless a header says otherwise; this
// server speaks plain http on a port picked when it starts, so it says so in
// `X-Forwarded-Proto` (replacing whatever a client sent, as a TLS-terminating proxy would).
// Behind a real proxy, serve `node build` with `PROTOCOL_HEADER=x-forwarded-proto` instead.
import { serveApp } from "@auth/example-support/serve"

process.env.PROTOCOL_HEADER = "x-forwarded-proto"

await serveApp({
  port: Number(process.env.PORT || 3000),
  host: process.env.HOST || "0.0.0.0",
  async load() {
    const { handler } = await import("./build/handler.js")
    return (req, res) => {
      req.headers["x-forwarded-proto"] = "http"
      handler(req, res)
    }
  },
})
