/**
 * A small runnable app on plain `node:http`: sign in with the demo user through the credentials
 * provider, see the session, sign out. No setup, no internet.
 */
import { randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { Auth, type AuthConfig } from "@auth/core"
import Credentials from "@auth/core/providers/credentials"

const DEMO_USER = { id: "1", name: "Demo User", email: "demo@example.test", password: "demo" }
const port = Number(process.env.PORT ?? 3000)

if (!process.env.AUTH_SECRET && process.env.NODE_ENV === "production") {
  console.error("AUTH_SECRET is not set. Generate one with `openssl rand -base64 33` and set it.")
  process.exit(1)
}
const secret = process.env.AUTH_SECRET ?? randomBytes(33).toString("base64")
if (!process.env.AUTH_SECRET) {
  console.log(
    "AUTH_SECRET is not set: using a random development secret (sessions end on restart).",
  )
}

const config: AuthConfig = {
  secret,
  trustHost: true,
  theme: { brandColor: "#4f46e5" },
  providers: [
    Credentials({
      name: `the demo user (${DEMO_USER.email} / ${DEMO_USER.password})`,
      credentials: {
        email: { label: "Email", type: "email", placeholder: DEMO_USER.email },
        password: { label: "Password", type: "password" },
      },
      authorize: ({ email, password }) =>
        email === DEMO_USER.email && password === DEMO_USER.password
          ? { id: DEMO_USER.id, name: DEMO_USER.name, email: DEMO_USER.email }
          : null,
    }),
  ],
}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const url = `http://${req.headers.host ?? `localhost:${port}`}${req.url ?? "/"}`
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, item)
  }
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks)
  return new Request(url, { method: req.method, headers, body })
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  for (const [name, value] of response.headers)
    if (name !== "set-cookie") res.setHeader(name, value)
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader("set-cookie", cookies)
  res.end(Buffer.from(await response.arrayBuffer()))
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const server = createServer(async (req, res) => {
  try {
    const request = await toRequest(req)
    const { pathname } = new URL(request.url)
    if (pathname.startsWith("/auth/")) return await send(res, await Auth(request, config))
    const sessionResponse = await Auth(
      new Request(new URL("/auth/session", request.url), { headers: request.headers }),
      config,
    )
    const session = (await sessionResponse.json()) as {
      user?: { name?: string; email?: string }
    } | null
    const body = session?.user
      ? `<p>Signed in as <strong>${escapeHtml(session.user.name ?? "")}</strong> (${escapeHtml(session.user.email ?? "")}).</p>
         <p><a href="/auth/signout">Sign out</a></p>`
      : `<p>You are not signed in.</p><p><a href="/auth/signin">Sign in</a></p>`
    res.setHeader("content-type", "text/html; charset=utf-8")
    for (const cookie of sessionResponse.headers.getSetCookie())
      res.appendHeader("set-cookie", cookie)
    res.end(
      `<!doctype html><html lang="en"><head><title>Playground</title></head><body><h1>Playground</h1>${body}</body></html>`,
    )
  } catch (error) {
    console.error(error)
    res.statusCode = 500
    res.end("Internal error")
  }
})

server.listen(port, "127.0.0.1", () => {
  console.log(`Playground running at http://localhost:${port}`)
})
