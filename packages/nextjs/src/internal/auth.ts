import { sessionCacheHeaders } from "@auth/core/server"
import type { Session } from "@auth/core/types"
import type { GetServerSidePropsContext, NextApiRequest } from "next"
import { cookies, headers } from "next/headers.js"
import type { NextFetchEvent, NextRequest } from "next/server.js"
import { appURL, type LoadConfig } from "./config.js"
import { type AccessTokensFactory, runAuthMiddleware, type WrappedHandler } from "./middleware.js"
import { renderedCookieHeader } from "./request-cookies.js"
import { readSession } from "./session.js"
import type { NextAuthAuth } from "./types.js"

/** A pages-router request: Node's `IncomingMessage` as Next.js extends it. */
type PagesRequest = Pick<NextApiRequest, "headers">
/** A pages-router response: anything that can append a header. */
type PagesResponse =
  | {
      appendHeader(name: string, value: string): unknown
      getHeader?(name: string): number | string | string[] | undefined
      setHeader?(name: string, value: string): unknown
    }
  | { headers: Pick<Headers, "append"> & Partial<Pick<Headers, "get" | "set">> }

/**
 * Creates `auth`: one function for every place a Next.js app needs the session, told apart by
 * its arguments (see {@link NextAuthAuth}). `accessTokens` makes the middleware's and wrapped
 * handlers' `req.getAccessToken` (none from `next-auth/proxy`).
 */
export function createAuth(load: LoadConfig, accessTokens?: AccessTokensFactory): NextAuthAuth {
  function auth(...args: unknown[]): unknown {
    const [first, second] = args
    if (first === undefined) return sessionOfServerRequest(load)
    if (typeof first === "function") {
      const handler = first as WrappedHandler
      return async (request: NextRequest, context: unknown) =>
        runAuthMiddleware(request, context, await load(request), handler, accessTokens)
    }
    if (isWebRequest(first)) {
      const request = first as NextRequest
      return load(request).then((config) =>
        runAuthMiddleware(request, second as NextFetchEvent, config, undefined, accessTokens),
      )
    }
    const { req, res } = pagesArguments(first, second)
    return sessionOfPagesRequest(req, res, load)
  }
  return auth as NextAuthAuth
}

/**
 * `auth()` in Server Components, server actions and route handlers: the session of the request
 * being handled. The `Cookie` header is read as core reads it everywhere (the first of two
 * cookies with one name wins), with the cookies a server action or the middleware set for this
 * request replayed on it (see `renderedCookieHeader`). Re-issued cookies are not set (a Server
 * Component cannot set cookies; the middleware keeps the expiry sliding).
 */
async function sessionOfServerRequest(load: LoadConfig): Promise<Session | null> {
  const [config, requestHeaders, requestCookies] = await Promise.all([
    load(undefined),
    headers(),
    cookies(),
  ])
  const url = appURL(config, requestHeaders)
  if (!url) return null
  const cookie = renderedCookieHeader(requestHeaders.get("cookie"), requestCookies.getAll())
  return (await readSession(cookie, url, config, "never")).session
}

/**
 * `auth(req, res)` and `auth({ req, res })` in the pages router: the session, with the
 * re-issued session cookie appended to `res` (sliding expiry).
 */
async function sessionOfPagesRequest(
  req: PagesRequest,
  res: PagesResponse | undefined,
  load: LoadConfig,
): Promise<Session | null> {
  // A lazy config gets the pages-router request, as in next-auth.
  const config = await load(req as unknown as NextRequest)
  const requestHeaders = toHeaders(req.headers)
  const url = appURL(config, requestHeaders)
  if (!url) return null
  const cookie = requestHeaders.get("cookie")
  const { session, setCookie } = await readSession(cookie, url, config, "always")
  if (!res || setCookie.length === 0) return session
  for (const header of setCookie) appendSetCookie(res, header)
  // No shared cache may keep a response that carries the session cookie.
  for (const [name, value] of sessionCacheHeaders(headerReaderOf(res))) setHeader(res, name, value)
  return session
}

function appendSetCookie(res: PagesResponse, cookie: string): void {
  if ("headers" in res && typeof res.headers?.append === "function") {
    res.headers.append("Set-Cookie", cookie)
  } else if ("appendHeader" in res && typeof res.appendHeader === "function") {
    res.appendHeader("Set-Cookie", cookie)
  }
}

/** The response's headers as `sessionCacheHeaders` reads them. */
function headerReaderOf(res: PagesResponse): { get(name: string): string | null } {
  return {
    get(name) {
      if ("headers" in res && typeof res.headers?.get === "function") return res.headers.get(name)
      if ("getHeader" in res && typeof res.getHeader === "function") {
        const value = res.getHeader(name)
        return value === undefined ? null : String(value)
      }
      return null
    },
  }
}

function setHeader(res: PagesResponse, name: string, value: string): void {
  if ("headers" in res && typeof res.headers?.set === "function") res.headers.set(name, value)
  else if ("setHeader" in res && typeof res.setHeader === "function") res.setHeader(name, value)
}

function pagesArguments(
  first: unknown,
  second: unknown,
): { req: PagesRequest; res: PagesResponse | undefined } {
  if (isRecord(first) && "req" in first && isRecord(first.req)) {
    const context = first as unknown as GetServerSidePropsContext
    return { req: context.req, res: context.res }
  }
  return { req: first as PagesRequest, res: second as PagesResponse | undefined }
}

/** Node's `IncomingHttpHeaders` as web `Headers` (repeated values appended). */
function toHeaders(incoming: PagesRequest["headers"] | Headers): Headers {
  if (incoming instanceof Headers) return incoming
  const result = new Headers()
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const item of value) result.append(name, item)
    else if (typeof value === "string") result.append(name, value)
  }
  return result
}

/**
 * Whether an argument is a web `Request` (middleware, `proxy.ts`, an edge API route). Checked
 * by shape too: the edge runtime's `Request` is not always this realm's.
 */
function isWebRequest(value: unknown): boolean {
  if (value instanceof Request) return true
  return (
    isRecord(value) &&
    typeof value.url === "string" &&
    isRecord(value.headers) &&
    typeof (value.headers as { get?: unknown }).get === "function" &&
    !("req" in value)
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null
}
