// The production server for `pnpm start`: Nitro's build (`.output/server/index.mjs`, the
// `node_server` preset, on srvx) on PORT and HOST, started and stopped as every example is
// (`serveApp`: `503` until the build is loaded; on SIGTERM, the requests under way finish, then
// the database and Redis close, and the process exits 0). The build is loaded the way srvx's own
// loader (`srvx/loader`) loads a server entry: with `__srvxLoader__` set, its `serve()` hands
// over the server instead of listening, and its Node handler serves here. (Run alone, srvx stops
// on a signal without waiting for requests under CI, and never closes the database.) Not named
// `server.mjs`: Nitro takes a `server.*` file at the root for the app's own fetch entry.
import { serveApp } from "@auth/example-support/serve"

await serveApp({
  port: Number(process.env.PORT || 3000),
  host: process.env.HOST || "localhost",
  async load() {
    /** @type {{ node?: { handler?: import("node:http").RequestListener } } | undefined} */
    let srvx
    globalThis.__srvxLoader__ = ({ server }) => {
      srvx = server
    }
    try {
      await import("./.output/server/index.mjs")
    } finally {
      delete globalThis.__srvxLoader__
    }
    const handler = srvx?.node?.handler
    if (!handler) throw new Error("Nitro's server entry did not hand over its srvx server.")
    return handler
  },
})
