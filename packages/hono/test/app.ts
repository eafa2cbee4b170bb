import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { ContractApp } from "@auth/integration-test"
import { getRequestListener } from "@hono/node-server"
import { Hono } from "hono"
import {
  type AuthConfig,
  authHandler,
  getAuthUser,
  initAuthConfig,
  verifyAuth,
} from "../src/index.js"

/**
 * The contract app: `authHandler()` at `<basePath>/*` with the config and that base path,
 * `GET /protected` behind `verifyAuth()`, `GET /me` from `getAuthUser()`.
 */
export function contractApp(basePath: string, config: AuthConfig): Hono {
  const authConfig: AuthConfig = { ...config, basePath }
  const app = new Hono()
  app.use(
    "*",
    initAuthConfig(() => authConfig),
  )
  app.use(`${basePath}/*`, authHandler())
  app.get("/protected", verifyAuth(), (c) => c.json(c.get("authUser").session))
  app.get("/me", async (c) => c.json((await getAuthUser(c))?.session ?? null))
  return app
}

/**
 * Serves an app with `@hono/node-server` on `127.0.0.1`, port 0, as the example app does: a
 * request target in absolute form (`GET http://host/path`) is served as its path, since
 * `@hono/node-server` would put the request on that host.
 */
export async function listen(app: Hono): Promise<ContractApp> {
  const listener = getRequestListener(app.fetch)
  const server = createServer((req, res) => {
    if (req.url && !req.url.startsWith("/")) req.url = originForm(req.url)
    void listener(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** `/path?query` of an absolute-form target (`/` for anything else). */
function originForm(target: string): string {
  if (!URL.canParse(target)) return "/"
  const { pathname, search } = new URL(target)
  return `${pathname}${search}`.replace(/^[/\\]+/, "/")
}
