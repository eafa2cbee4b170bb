/**
 * A child process serving better-auth through Express 5 on 127.0.0.1, port 0, as its Express
 * guide mounts it: `toNodeHandler(auth)` on `/api/auth/*splat` (Express 5's named wildcard),
 * with no body parser in front of it. Its sessions are stateless (no database), the counterpart
 * of the JWT sessions of the other two servers. Prints `{"port":…}` once listening.
 *
 * Run as: node --import tsx src/better-auth-express-server.ts
 *
 * @see https://better-auth.com/docs/integrations/express
 */
import type { AddressInfo } from "node:net"
import { toNodeHandler } from "better-auth/node"
import express from "express"
import { BETTER_AUTH_BASE_PATH, createBetterAuth } from "./better-auth.js"

const auth = createBetterAuth({ kind: "stateless" })
const app = express()
app.all(`${BETTER_AUTH_BASE_PATH}/*splat`, toNodeHandler(auth))
const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo
  process.stdout.write(`${JSON.stringify({ port })}\n`)
})
process.on("SIGTERM", () => server.close(() => process.exit(0)))
