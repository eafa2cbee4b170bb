/**
 * The session cookie of one request, for both strategies: read (and reassembled from its chunks)
 * once per request, written with the chunks the request had in mind, and cleared.
 */
import type { Cookie } from "../../types/cookies.js"
import {
  type ChunkedCookieRead,
  clearChunkedCookie,
  readChunkedCookie,
  writeChunkedCookie,
} from "../cookies/chunks.js"
import type { AuthContext } from "../request/context.js"

const reads = new WeakMap<AuthContext, ChunkedCookieRead>()
const cacheReads = new WeakMap<AuthContext, ChunkedCookieRead>()

/** The request's session cookie value and every chunk name it came in. */
export function readSessionCookie(context: AuthContext): ChunkedCookieRead {
  let read = reads.get(context)
  if (!read) {
    read = readChunkedCookie(context.request.cookies, context.cookies.sessionToken.name)
    reads.set(context, read)
  }
  return read
}

/** Sets the session cookie to `value` (chunked when large), deleting chunks no longer used. */
export function writeSessionCookie(context: AuthContext, value: string, expires: Date): Cookie[] {
  const { name, options } = context.cookies.sessionToken
  return writeChunkedCookie(name, value, { ...options, expires }, readSessionCookie(context).names)
}

/**
 * The cookies that delete every chunk of the session cookie present on the request, and of the
 * session cache cookie (`session.cookieCache`) when the request has one.
 */
export function clearSessionCookies(context: AuthContext): Cookie[] {
  const { sessionToken } = context.cookies
  const cleared = clearChunkedCookie(readSessionCookie(context).names, sessionToken.options)
  return [...cleared, ...clearSessionCache(context)]
}

/** The request's session cache cookie (`session.cookieCache`) and every chunk name it came in. */
export function readSessionCacheCookie(context: AuthContext): ChunkedCookieRead {
  let read = cacheReads.get(context)
  if (!read) {
    read = readChunkedCookie(context.request.cookies, context.cookies.sessionCache.name)
    cacheReads.set(context, read)
  }
  return read
}

/** The cookies that delete the session cache cookie, when the request has one; else none. */
export function clearSessionCache(context: AuthContext): Cookie[] {
  const { names } = readSessionCacheCookie(context)
  return names.length === 0 ? [] : clearChunkedCookie(names, context.cookies.sessionCache.options)
}
