import type { Cookie, CookieSerializeOptions } from "../../types/cookies.js"

/**
 * The most characters of a session cookie's value that go in one cookie: browsers accept 4096
 * bytes per cookie, and the name and attributes take about 160 of them.
 */
export const CHUNK_SIZE = 3936

/** A chunk's index after the base name: canonical decimal, so `.01` and `.1` cannot collide. */
const CHUNK_INDEX = /^(?:0|[1-9][0-9]{0,5})$/

/** A session cookie read from the request, possibly reassembled from chunks. */
export interface ChunkedCookieRead {
  /** The value, or `undefined` when there is no usable cookie. */
  value: string | undefined
  /** Every cookie name that belongs to this cookie (`name`, `name.0`, …), to clean up later. */
  names: string[]
}

/** Whether a cookie named `cookieName` is the cookie `name` or one of its chunks (`name.<digits>`). */
export function belongsToCookie(cookieName: string, name: string): boolean {
  if (cookieName === name) return true
  return cookieName.startsWith(`${name}.`) && /^[0-9]+$/.test(cookieName.slice(name.length + 1))
}

/**
 * Reads a cookie that may have been split into chunks by {@link writeChunkedCookie}.
 *
 * Only `name` itself and `name.<digits>` belong to the cookie. (Auth.js collects every cookie
 * whose name merely starts with `name`, so `authjs.session-tokenX` would be joined in.) When
 * `name.0` … `name.<n-1>` form a complete run, they are joined in index order and win over a
 * stale unchunked cookie; otherwise the unchunked cookie is used.
 *
 * @param cookies The parsed `Cookie` header.
 * @param name The cookie's base name.
 */
export function readChunkedCookie(
  cookies: Record<string, string>,
  name: string,
): ChunkedCookieRead {
  const names: string[] = []
  const chunks = new Map<number, string>()
  for (const [cookieName, value] of Object.entries(cookies)) {
    if (!belongsToCookie(cookieName, name)) continue
    names.push(cookieName)
    if (cookieName === name) continue
    const suffix = cookieName.slice(name.length + 1)
    if (CHUNK_INDEX.test(suffix) && value !== "") chunks.set(Number(suffix), value)
  }

  const parts: string[] = []
  for (let index = 0; chunks.has(index); index++) parts.push(chunks.get(index)!)
  if (parts.length > 0 && parts.length === chunks.size) return { value: parts.join(""), names }

  const whole = Object.hasOwn(cookies, name) ? cookies[name] : undefined
  return { value: whole === "" ? undefined : whole, names }
}

/**
 * The cookies that store `value` under `name`: one cookie when the value fits in
 * {@link CHUNK_SIZE} characters, else `name.0`, `name.1`, … Every name in `previousNames`
 * (from {@link readChunkedCookie}) that is not set again gets a deletion cookie, so no stale
 * chunk is left behind when a value shrinks or grows.
 *
 * @param options Shared by every chunk, `expires` included.
 */
export function writeChunkedCookie(
  name: string,
  value: string,
  options: CookieSerializeOptions,
  previousNames: string[],
): Cookie[] {
  const cookies: Cookie[] = []
  if (value.length <= CHUNK_SIZE) {
    cookies.push({ name, value, options: { ...options } })
  } else {
    for (let index = 0; index * CHUNK_SIZE < value.length; index++) {
      const start = index * CHUNK_SIZE
      cookies.push({
        name: `${name}.${index}`,
        value: value.slice(start, start + CHUNK_SIZE),
        options: { ...options },
      })
    }
  }
  const written = new Set(cookies.map((cookie) => cookie.name))
  const stale = previousNames.filter((previous) => !written.has(previous))
  return [...cookies, ...clearChunkedCookie(stale, options)]
}

/**
 * Deletion cookies (empty value, `Max-Age=0`, no `Expires`) for every name, with the options
 * the cookie was set with so the browser matches it.
 *
 * @param names Typically `names` from {@link readChunkedCookie}; duplicates are dropped.
 */
export function clearChunkedCookie(names: string[], options: CookieSerializeOptions): Cookie[] {
  const { expires: _expires, ...rest } = options
  return [...new Set(names)].map((name) => ({ name, value: "", options: { ...rest, maxAge: 0 } }))
}
