// One instance of an app for the two-process tests: core's build behind node:http, JWT sessions
// and rate limits in Redis (REDIS_URL, under PREFIX), one credentials user (ada@example.test,
// password "right"). Prints `listening <port>` when it answers; GET /stats gives how many times
// `authorize` ran here. Stops on SIGTERM. CLIENT_SIDE_CACHE=1: node-redis keeps what it read in
// this process, and Redis tells it when a key changes (RESP3 client-side caching).
// REVOCATION_CACHE=1: the store keeps the deny-list in this process (`revocationCache`).
import { createServer } from "node:http"
import { Auth } from "@auth/core"
import Credentials from "@auth/core/providers/credentials"
import { createRedisStore } from "@auth/core/redis"
import { attachClientAddress } from "@auth/core/server"
import { createClient } from "redis"

const cached = process.env.CLIENT_SIDE_CACHE === "1"
const redis = await createClient({
  url: process.env.REDIS_URL,
  ...(cached ? { RESP: 3, clientSideCache: { ttl: 0, maxEntries: 10_000 } } : {}),
}).connect()
const store = createRedisStore(redis, {
  prefix: process.env.PREFIX,
  revocationCache: process.env.REVOCATION_CACHE === "1",
})
let authorized = 0

const config = {
  secret: process.env.SECRET,
  trustHost: true,
  basePath: "/auth",
  session: { strategy: "jwt", store },
  rateLimit: { store },
  logger: { error() {}, warn() {}, debug() {} },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      authorize(credentials) {
        authorized += 1
        if (credentials.email === "ada@example.test" && credentials.password === "right") {
          return { id: "ada", email: "ada@example.test" }
        }
        return null
      },
    }),
  ],
}

const server = createServer(async (req, res) => {
  if (req.url === "/stats") {
    res.setHeader("Content-Type", "application/json")
    res.end(JSON.stringify({ authorized }))
    return
  }
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
  const request = new Request(new URL(req.url ?? "/", `http://${req.headers.host}`), {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([name, value]) =>
      Array.isArray(value) ? value.map((item) => [name, item]) : [[name, value ?? ""]],
    ),
    body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
  })
  attachClientAddress(request, req.socket.remoteAddress)
  const response = await Auth(request, config)
  res.statusCode = response.status
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies)
  res.end(Buffer.from(await response.arrayBuffer()))
})

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${server.address().port}\n`)
})
process.on("SIGTERM", () => {
  server.close()
  server.closeAllConnections()
  store
    .close()
    .then(() => redis.quit())
    .finally(() => process.exit(0))
})
