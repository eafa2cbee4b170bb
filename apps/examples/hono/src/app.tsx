/**
 * The app: Hono's routes with @auth/hono. The auth routes at /api/auth, the session read on
 * every page, /protected behind `verifyAuth()`, /mailbox, /userinfo, and the browser script.
 */
import { callUserinfo, PLAYGROUND_ID_PROVIDER_ID, readMailbox } from "@auth/example-support"
import {
  authHandler,
  getAccessToken,
  getAuthUser,
  getCsrfToken,
  initAuthConfig,
  verifyAuth,
} from "@auth/hono"
import { serveStatic } from "@hono/node-server/serve-static"
import { Hono } from "hono"
import type { ContentfulStatusCode } from "hono/utils/http-status"
import { authConfig } from "./auth.js"
import { HomePage, MailboxPage, ProtectedPage } from "./views.js"

export const app = new Hono()

app.use(
  "*",
  initAuthConfig(() => authConfig),
)
app.use("/api/auth/*", authHandler())
app.use("/static/*", serveStatic({ root: "./dist" }))

app.get("/", async (c) => {
  const authUser = await getAuthUser(c)
  return c.html(<HomePage session={authUser?.session ?? null} csrfToken={await getCsrfToken(c)} />)
})

// Signed out: 303 to the sign-in page with a callbackUrl back here (401 JSON for API clients).
app.get("/protected", verifyAuth(), (c) => {
  const { session } = c.get("authUser")
  // API clients (`Accept: application/json`) get the session itself.
  if (c.req.header("accept")?.startsWith("application/json")) return c.json(session)
  return c.html(<ProtectedPage session={session} />)
})

app.get("/mailbox", async (c) => {
  const authUser = await getAuthUser(c)
  return c.html(<MailboxPage session={authUser?.session ?? null} messages={await readMailbox()} />)
})

/** The session as the server reads it, as JSON: `null` when signed out. */
app.get("/me", async (c) => c.json((await getAuthUser(c))?.session ?? null))

/**
 * Playground ID's userinfo with the signed-in user's access token, refreshed when it expires
 * (`getAccessToken`, which sets a JWT session's re-sealed cookie on the response), as JSON: the
 * home page's "Call the provider's userinfo" button.
 */
app.get("/userinfo", async (c) => {
  const token = await getAccessToken(c, PLAYGROUND_ID_PROVIDER_ID)
  const { status, body } = await callUserinfo(token, process.env.AUTH_PLAYGROUND_ID_ISSUER)
  c.header("cache-control", "no-store")
  return c.json(body, status as ContentfulStatusCode)
})
