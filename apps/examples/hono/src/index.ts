/**
 * The production server: the app on @hono/node-server, on PORT and HOST. A request target in
 * absolute form (`GET http://host/path`, which RFC 9112 §3.2.2 says a server must accept) is
 * served as its path and query: @hono/node-server would put the request on that host.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { getRequestListener } from "@hono/node-server"
import { app } from "./app.js"

const listener = getRequestListener(app.fetch)
const server = createServer((req, res) => {
  if (req.url && !req.url.startsWith("/")) req.url = originForm(req.url)
  void listener(req, res)
})

const host = process.env.HOST || "localhost"
server.listen(Number(process.env.PORT ?? 3000), host, () => {
  console.log(`Server listening on http://${host}:${(server.address() as AddressInfo).port}`)
})
const stop = (): void => {
  server.close(() => process.exit(0))
  server.closeIdleConnections()
}
process.on("SIGTERM", stop)
process.on("SIGINT", stop)

/** `/path?query` of an absolute-form target (`/` for anything else); slashes can't name a host. */
function originForm(target: string): string {
  if (!URL.canParse(target)) return "/"
  const { pathname, search } = new URL(target)
  return `${pathname}${search}`.replace(/^[/\\]+/, "/")
}
