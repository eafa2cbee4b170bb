/**
 * The browser client's test server: a real `Auth()` served over node:http on 127.0.0.1, with a
 * cookie jar standing in for the browser's cookies; two clients sharing one jar are two tabs.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import {
  type CookieJar,
  type Idp,
  startIdentityProvider,
  startSmtpServer,
  type TestSmtpServer,
} from "@auth/dev-servers"
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest"
import { type AuthClient, createAuthClient } from "../../src/client/client.js"
import type { AuthClientOptions } from "../../src/client/options.js"
import type { SessionStore } from "../../src/client/session-store.js"
import type { SessionState } from "../../src/client/types.js"
import { Auth, type AuthConfigInput } from "../../src/index.js"
import { MemoryAdapter } from "../../src/memory-adapter.js"
import Credentials from "../../src/providers/credentials.js"
import Nodemailer from "../../src/providers/nodemailer.js"
import type { Session } from "../../src/types.js"

export const DEMO = { email: "demo@example.test", password: "demo", name: "Demo User" }
export const BASE_PATH = "/api/auth"

let server: Server
let origin: string
let idp: Idp
let smtp: TestSmtpServer

/**
 * Serves `Auth()` over node:http on 127.0.0.1 for the test file that calls it (before all its
 * tests; closed after them): credentials (the demo user), an OpenID provider and e-mail.
 * The origin, identity provider and SMTP server are read once the server runs.
 */
export function useClientTestServer(): {
  readonly origin: string
  readonly idp: Idp
  readonly smtp: TestSmtpServer
} {
  beforeAll(startServer)
  afterAll(stopServer)
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  return {
    get origin() {
      return origin
    },
    get idp() {
      return idp
    },
    get smtp() {
      return smtp
    },
  }
}

async function startServer(): Promise<void> {
  smtp = await startSmtpServer()
  idp = await startIdentityProvider()
  const config: AuthConfigInput = {
    secret: "client-test-secret-that-is-at-least-32-characters",
    trustHost: true,
    basePath: BASE_PATH,
    adapter: MemoryAdapter(),
    session: { strategy: "jwt" },
    // Wrong passwords and unknown paths are expected here; their causes would only be noise.
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: ({ email, password }) =>
          email === DEMO.email && password === DEMO.password
            ? { id: "demo", name: DEMO.name, email: DEMO.email }
            : null,
      }),
      {
        id: "playground-id",
        name: "Playground ID",
        type: "oidc",
        issuer: idp.issuer,
        clientId: idp.clients.client_secret_basic.clientId,
        clientSecret: idp.clients.client_secret_basic.clientSecret,
      },
      Nodemailer({ id: "email", server: smtp.url, from: "app@example.test" }),
    ],
  }
  server = createServer((req, res) => {
    const chunks: Uint8Array[] = []
    req.on("data", (chunk: Uint8Array) => chunks.push(chunk))
    req.on("end", async () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value)
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD"
      const request = new Request(`${origin}${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      })
      const response = await Auth(request, config)
      const outgoing: Record<string, string | string[]> = {}
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") outgoing[name] = value
      })
      outgoing["set-cookie"] = response.headers.getSetCookie()
      res.writeHead(response.status, outgoing)
      res.end(Buffer.from(await response.arrayBuffer()))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  idp.setRedirectUris([`${origin}${BASE_PATH}/callback/playground-id`])
}

async function stopServer(): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeAllConnections()
  await idp.close()
  await smtp.close()
}

/** A browser's cookie handling for `fetch`: the jar's cookies out, `Set-Cookie` back in. */
export function fetchWithJar(jar: CookieJar, requests: Request[] = []): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const cookie = jar.header()
    if (cookie) request.headers.set("cookie", cookie)
    requests.push(request.clone())
    const response = await fetch(request, { redirect: "manual" })
    jar.store(response)
    return response
  }
}

/** One tab: a client over `jar`, recording where it navigated. */
export function openTab(jar: CookieJar, options: AuthClientOptions = {}) {
  const navigations: string[] = []
  const requests: Request[] = []
  const errors: Error[] = []
  const client = createAuthClient({
    basePath: BASE_PATH,
    baseUrl: origin,
    fetch: fetchWithJar(jar, requests),
    navigate: (url) => navigations.push(url),
    currentUrl: () => `${origin}/page`,
    logger: { error: (error) => errors.push(error) },
    ...options,
  })
  return { client, navigations, requests, errors }
}

/** Resolves with the first state of `store` that matches. */
export function stateWhere(
  store: SessionStore,
  predicate: (state: SessionState) => boolean,
): Promise<SessionState> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined
    let done = false
    stop = store.subscribe((state) => {
      if (done || !predicate(state)) return
      done = true
      queueMicrotask(() => stop?.())
      resolve(state)
    })
  })
}

export async function signInDemo(client: AuthClient): Promise<void> {
  const result = await client.signIn("credentials", { ...DEMO, redirect: false })
  expect(result?.ok).toBe(true)
}

export const email = (session: Session | null) => session?.user?.email
