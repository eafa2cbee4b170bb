// The production server for `pnpm start`: the build served as `next start` serves it, on PORT and
// HOST, through Next's custom-server API so that it starts and stops as every example does
// (`serveApp`: `503` until Next is ready; on SIGTERM, the requests under way finish, then Next,
// the database and Redis close, and the process exits 0; `next start` exits 143 at once).
import { serveApp } from "@auth/example-support/serve"

// What `next start` sets: the production build, never the dev server.
process.env.NODE_ENV ??= "production"
const { default: next } = await import("next")

const port = Number(process.env.PORT || 3000)
const hostname = process.env.HOST || "localhost"
/** @type {ReturnType<typeof next> | undefined} */
let app

await serveApp({
  port,
  host: hostname,
  async load() {
    app = next({ dev: false, dir: import.meta.dirname, hostname, port })
    await app.prepare()
    const handle = app.getRequestHandler()
    return (req, res) => handle(req, res)
  },
  close: () => app?.close(),
})
