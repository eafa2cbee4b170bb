#!/usr/bin/env node
// Serves an app built with @sveltejs/adapter-node on 127.0.0.1, port 0, through the build's own
// `handler.js` (adapter-node's custom-server entry), and prints `{"port":…}` once listening.
// Stops on SIGTERM. Usage: node serve-built-app.mjs <build directory>
//
// adapter-node takes the protocol to be https unless a header says otherwise (or, on SvelteKit
// 3, `paths.origin` was known at build time). This server knows it serves plain http, so it
// says so in `X-Forwarded-Proto`, replacing whatever the client sent, as a TLS-terminating proxy
// would; `X-Forwarded-Host` stays unread.
import { createServer } from "node:http"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"

const buildDir = process.argv[2]
if (!buildDir) throw new Error("Usage: serve-built-app.mjs <build directory>")
process.env.PROTOCOL_HEADER = "x-forwarded-proto"
const { handler } = await import(pathToFileURL(resolve(buildDir, "handler.js")).href)
const server = createServer((req, res) => {
  req.headers["x-forwarded-proto"] = "http"
  handler(req, res)
})
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`)
})
process.on("SIGTERM", () => {
  server.closeAllConnections()
  server.close(() => process.exit(0))
})
