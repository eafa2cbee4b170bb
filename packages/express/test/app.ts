import type { AddressInfo } from "node:net"
import type { ContractApp } from "@auth/integration-test"
import express from "express"
import express4 from "express4"
import { ExpressAuth, type ExpressAuthConfig, getSession, requireAuth } from "../src/index.js"

/** `express()` of Express 5 or 4 (typed as 5: the parts used here are the same). */
export type ExpressFactory = typeof express

/** The Express versions under test. */
export const EXPRESS_VERSIONS: ReadonlyArray<readonly [string, ExpressFactory]> = [
  ["express 5", express],
  ["express 4", express4 as unknown as ExpressFactory],
]

/**
 * The contract app: `ExpressAuth` mounted at `basePath` with the config as given (so the base
 * path comes from the mount), `GET /protected` behind `requireAuth`, `GET /me` from `getSession`.
 */
export function contractApp(
  createApp: ExpressFactory,
  basePath: string,
  config: ExpressAuthConfig,
): express.Express {
  const app = createApp()
  app.use(basePath, ExpressAuth(config))
  app.get("/protected", requireAuth(config, { signInPath: `${basePath}/signin` }), (_req, res) => {
    res.json(res.locals.session)
  })
  app.get("/me", async (req, res, next) => {
    try {
      res.json(await getSession(req, config))
    } catch (error) {
      next(error)
    }
  })
  return app
}

/** Serves an app on `127.0.0.1`, port 0. */
export async function listen(app: express.Express): Promise<ContractApp> {
  const server = app.listen(0, "127.0.0.1")
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve)
    server.once("error", reject)
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
