// The production server: the build's own handler (@astrojs/node in standalone mode: static
// files and the pages rendered on demand) on PORT and HOST, as `node dist/server/entry.mjs`
// serves it, started and stopped as every example is (`serveApp`: `503` until the handler is
// loaded; on SIGTERM, the requests under way finish, then the database and Redis close), with
// the fixes @astrojs/node lacks:
// - a request target in absolute form (`GET http://host/path`, which RFC 9112 §3.2.2 says a
//   server must accept) is served as its path and query (@astrojs/node renders the home page);
// - a `Host` no URL can have (`evil@x`, with userinfo) gets 400 and `TRACE` gets 405, where @astrojs/node answers 500.
import { serveApp } from "@auth/example-support/serve"

process.env.ASTRO_NODE_AUTOSTART = "disabled"

await serveApp({
  port: Number(process.env.PORT ?? 4321),
  host: process.env.HOST || "localhost",
  async load() {
    const { handler } = await import("./dist/server/entry.mjs")
    return (req, res) => {
      const refused = refusal(req)
      if (refused) {
        res.writeHead(refused.status, { ...refused.headers, connection: "close" }).end()
        return
      }
      if (req.url && !req.url.startsWith("/")) req.url = originForm(req.url)
      handler(req, res)
    }
  },
})

/** `/path?query` of an absolute-form target (`/` for anything else); slashes can't name a host. */
function originForm(target) {
  if (!URL.canParse(target)) return "/"
  const { pathname, search } = new URL(target)
  return `${pathname}${search}`.replace(/^[/\\]+/, "/")
}

/** Why the request is refused before Astro sees it, or `undefined`. */
function refusal(req) {
  // Node itself refuses unknown methods (`TRACK`) with 400 and handles `CONNECT` apart.
  if (req.method === "TRACE") {
    return { status: 405, headers: { allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" } }
  }
  const host = req.headers.host
  if (host !== undefined && !isAuthority(host)) return { status: 400, headers: {} }
  return undefined
}

/** Whether `host` is `host[:port]` as RFC 9110 §7.2 allows it: no userinfo, path or query. */
function isAuthority(host) {
  if (host === "" || /[@/\\?#\s]/.test(host) || !URL.canParse(`http://${host}/`)) return false
  const url = new URL(`http://${host}/`)
  return url.username === "" && url.password === ""
}
