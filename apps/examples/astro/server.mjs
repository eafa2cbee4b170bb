// The production server: the build's own handler (@astrojs/node in standalone mode: static
// files and the pages rendered on demand) on PORT and HOST, as `node dist/server/entry.mjs`
// serves it, with one fix @astrojs/node lacks. A request target in absolute form
// (`GET http://host/path`, which RFC 9112 §3.2.2 says a server must accept) is served as its
// path and query: @astrojs/node would render the home page for it instead.
import { createServer } from "node:http"

process.env.ASTRO_NODE_AUTOSTART = "disabled"
const { handler } = await import("./dist/server/entry.mjs")

const host = process.env.HOST || "localhost"
const server = createServer((req, res) => {
  if (req.url && !req.url.startsWith("/")) req.url = originForm(req.url)
  handler(req, res)
})
server.listen(Number(process.env.PORT ?? 4321), host, () => {
  console.log(`Server listening on http://${host}:${server.address().port}`)
})
const stop = () => server.close(() => process.exit(0))
process.on("SIGTERM", stop)
process.on("SIGINT", stop)

/** `/path?query` of an absolute-form target (`/` for anything else); slashes can't name a host. */
function originForm(target) {
  if (!URL.canParse(target)) return "/"
  const { pathname, search } = new URL(target)
  return `${pathname}${search}`.replace(/^[/\\]+/, "/")
}
