/**
 * A child process serving `/auth/*` through Express 5 with one implementation's `ExpressAuth`
 * (`ours` or `authjs`) on 127.0.0.1, port 0. Prints `{"port":…}` once listening.
 *
 * Run as: node --import tsx src/express-server.ts <ours|authjs>
 */
import type { AddressInfo } from "node:net"
import express from "express"
import { SECRET, silentLogger, USER } from "./fixtures.js"

type Middleware = (config: Record<string, unknown>) => express.RequestHandler
type ProviderFactory = (options: Record<string, unknown>) => Record<string, unknown>

const which = process.argv[2]
if (which !== "ours" && which !== "authjs") {
  throw new Error("Usage: express-server.ts <ours|authjs>")
}
const [integration, credentials] =
  which === "ours"
    ? await Promise.all([import("@auth/express"), import("@auth/core/providers/credentials")])
    : await Promise.all([import("authjs-express"), import("authjs-core/providers/credentials")])
const ExpressAuth = (integration as unknown as { ExpressAuth: Middleware }).ExpressAuth
const Credentials = (credentials as unknown as { default: ProviderFactory }).default

const app = express()
app.use(
  "/auth",
  ExpressAuth({
    secret: SECRET,
    trustHost: true,
    logger: silentLogger,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: async () => ({ ...USER }),
      }),
    ],
  }),
)
const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo
  process.stdout.write(`${JSON.stringify({ port })}\n`)
})
process.on("SIGTERM", () => server.close(() => process.exit(0)))
