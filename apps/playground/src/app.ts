/**
 * The playground's Express app: the auth routes at `/auth`, server-rendered pages around them
 * (home, a protected page, the mailbox), and `/userinfo` (the home page's userinfo button).
 */
import type { Session } from "@auth/core/types"
import type { TestSmtpServer } from "@auth/dev-servers"
import { callUserinfo, PLAYGROUND_ID_PROVIDER_ID } from "@auth/example-support"
import {
  authSession,
  ExpressAuth,
  type ExpressAuthConfig,
  getAccessToken,
  requireAuth,
} from "@auth/express"
import express, { type ErrorRequestHandler, type Response } from "express"
import { html, type SafeHtml } from "./html.js"
import { type HomePageProps, homePage } from "./pages/home.js"
import { LOGO_SVG, layout } from "./pages/layout.js"
import { mailboxPage } from "./pages/mailbox.js"
import { protectedPage } from "./pages/protected.js"

/** What the app serves. */
export interface PlaygroundAppOptions {
  authConfig: ExpressAuthConfig
  /** The playground's own SMTP server, whose messages the mailbox shows; none with `SMTP_URL`. */
  smtp?: TestSmtpServer | undefined
  home: Omit<HomePageProps, "session">
  /** The issuer of "Playground ID", whose userinfo endpoint `/userinfo` calls. */
  issuer: string
  /** The home page's browser script, served as `/home.js` (see `browser-script.ts`). */
  homeScript: string
  /** Where unexpected errors are reported. */
  logError: (error: unknown) => void
}

/**
 * Our pages load nothing from elsewhere: their one script is `/home.js`, which talks to the
 * auth routes. The built-in auth pages set their own headers.
 */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy":
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
}

/** Builds the app; it does not listen. */
export function createApp(options: PlaygroundAppOptions): express.Express {
  const { authConfig, smtp } = options
  const app = express()
  app.disable("x-powered-by")

  app.get(["/logo.svg", "/favicon.ico"], (_req, res) => {
    res.type("image/svg+xml").set("cache-control", "public, max-age=3600").send(LOGO_SVG)
  })
  app.get("/home.js", (_req, res) => {
    res.type("text/javascript").set("cache-control", "no-cache").send(options.homeScript)
  })
  app.use("/auth", ExpressAuth(authConfig))
  app.use(authSession(authConfig))

  app.get("/", (_req, res) => {
    sendPage(res, 200, homePage({ ...options.home, session: sessionOf(res) }))
  })
  app.get("/protected", requireAuth(authConfig), (_req, res) => {
    const session = sessionOf(res)
    if (session) sendPage(res, 200, protectedPage(session))
  })
  // Playground ID's userinfo with the signed-in user's access token, refreshed when it expires
  // (`getAccessToken`; a JWT session's re-sealed cookie is set on `res`), as JSON.
  app.get("/userinfo", async (req, res) => {
    const token = await getAccessToken(req, res, authConfig, PLAYGROUND_ID_PROVIDER_ID)
    const { status, body } = await callUserinfo(token, options.issuer)
    res.status(status).set("cache-control", "no-store").json(body)
  })
  app.get("/mailbox", (_req, res) => {
    sendPage(res, 200, mailboxPage(sessionOf(res), smtp?.messages))
  })
  app.use((_req, res) => {
    sendPage(res, 404, messagePage(sessionOf(res), "Not found", "There is no page here."))
  })
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const unavailable = (error as { status?: unknown }).status === 503
    // An outage is one line per request (core's logger has its cause); anything else its stack.
    options.logError(unavailable ? `503 for ${req.method} ${req.path}: ${messageOf(error)}` : error)
    if (res.headersSent) return
    if (unavailable) {
      res.set("Retry-After", "5")
      sendPage(
        res,
        503,
        messagePage(null, "Try again in a moment", "The database is not reachable right now."),
      )
      return
    }
    sendPage(res, 500, messagePage(null, "Something went wrong", "The server log has the cause."))
  }
  app.use(onError)
  return app
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function sessionOf(res: Response): Session | null {
  return (res.locals.session as Session | null | undefined) ?? null
}

function sendPage(res: Response, status: number, page: SafeHtml): void {
  res.status(status).set(PAGE_HEADERS).send(page.value)
}

function messagePage(session: Session | null, title: string, text: string): SafeHtml {
  return layout({
    title,
    session,
    body: html`<section class="card"><h1>${title}</h1><p>${text}</p>
<div class="actions"><a class="button secondary" href="/">Back home</a></div></section>`,
  })
}
