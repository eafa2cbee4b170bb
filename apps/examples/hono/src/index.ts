/**
 * The production server: the app on @hono/node-server, on PORT and HOST, started and stopped as
 * every example is (`serveApp`: `503` until the app is loaded; on SIGTERM, the requests under
 * way finish, then the database and Redis close). A request target in absolute form
 * (`GET http://host/path`, which RFC 9112 §3.2.2 says a server must accept) is served as its
 * path and query: @hono/node-server would put the request on that host.
 */
import { serveApp } from "@auth/example-support/serve"
import { getRequestListener } from "@hono/node-server"

await serveApp({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST || "localhost",
  async load() {
    const { app } = await import("./app.js")
    const listener = getRequestListener(app.fetch)
    return (req, res) => {
      if (req.url && !req.url.startsWith("/")) req.url = originForm(req.url)
      void listener(req, res)
    }
  },
})

/** `/path?query` of an absolute-form target (`/` for anything else); slashes can't name a host. */
function originForm(target: string): string {
  if (!URL.canParse(target)) return "/"
  const { pathname, search } = new URL(target)
  return `${pathname}${search}`.replace(/^[/\\]+/, "/")
}
