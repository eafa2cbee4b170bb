/**
 * The app: Hono's routes with @auth/hono. The auth routes at /api/auth, the session read on
 * every page, /protected behind `verifyAuth()`, /mailbox, and the browser script.
 */
import { readMailbox } from "@auth/example-support"
import { authHandler, getAuthUser, getCsrfToken, initAuthConfig, verifyAuth } from "@auth/hono"
import { serveStatic } from "@hono/node-server/serve-static"
import { Hono } from "hono"
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
