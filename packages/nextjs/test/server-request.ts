/**
 * The request `next/headers` describes, for tests that call `auth()` and the server actions
 * outside of Next.js: `headers()` and `cookies()` read it, `cookies().set()` records what the
 * response would set (and, as in Next.js, later reads in the same request see it).
 */
export interface ServerRequestState {
  headers: Headers
  cookies: Map<string, string>
  /** Every `cookies().set(name, value, options)`, in order. */
  set: Array<{ name: string; value: string; options: Record<string, unknown> | undefined }>
}

export const serverRequest: ServerRequestState = {
  headers: new Headers(),
  cookies: new Map(),
  set: [],
}

/** Starts a new request with these headers (its `Cookie` header fills `cookies()`). */
export function startServerRequest(headers: HeadersInit): void {
  serverRequest.headers = new Headers(headers)
  serverRequest.cookies = new Map()
  serverRequest.set = []
  for (const pair of (serverRequest.headers.get("cookie") ?? "").split(";")) {
    const equals = pair.indexOf("=")
    if (equals > 0) {
      serverRequest.cookies.set(
        pair.slice(0, equals).trim(),
        decodeURIComponent(pair.slice(equals + 1).trim()),
      )
    }
  }
}

/** The module `vi.mock("next/headers.js", …)` installs. */
export const nextHeadersModule = {
  headers: async () => serverRequest.headers,
  cookies: async () => ({
    getAll: () => [...serverRequest.cookies].map(([name, value]) => ({ name, value })),
    get: (name: string) => {
      const value = serverRequest.cookies.get(name)
      return value === undefined ? undefined : { name, value }
    },
    set: (name: string, value: string, options?: Record<string, unknown>) => {
      serverRequest.set.push({ name, value, options })
      if (value === "" || options?.maxAge === 0) serverRequest.cookies.delete(name)
      else serverRequest.cookies.set(name, value)
    },
  }),
}
