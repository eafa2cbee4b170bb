/**
 * A browser's part of the probes: a cookie jar for one origin, requests that never follow
 * redirects (the tests read `Location`), and the credentials sign-in every Auth.js client does
 * (`GET <basePath>/csrf`, then a form post with the token to the credentials callback).
 */

/** Cookies by name, as a browser holds them for one origin (every cookie here has `Path=/`). */
export class CookieJar {
  readonly #cookies = new Map<string, string>()

  /** Keeps each `Set-Cookie` of the response; one with `Max-Age<=0` or a past `Expires` deletes. */
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";")
      const separator = pair.indexOf("=")
      if (separator <= 0) continue
      const name = pair.slice(0, separator).trim()
      if (isExpired(attributes)) this.#cookies.delete(name)
      else this.#cookies.set(name, pair.slice(separator + 1).trim())
    }
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name)
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }
}

function isExpired(attributes: readonly string[]): boolean {
  const values = new Map(
    attributes.map((attribute) => {
      const separator = attribute.indexOf("=")
      const key = (separator < 0 ? attribute : attribute.slice(0, separator)).trim().toLowerCase()
      return [key, separator < 0 ? "" : attribute.slice(separator + 1).trim()] as const
    }),
  )
  const maxAge = values.get("max-age")
  if (maxAge !== undefined) return Number(maxAge) <= 0
  const expires = values.get("expires")
  return expires !== undefined && Date.parse(expires) <= Date.now()
}

export interface RequestOptions {
  /** A POST body: `application/x-www-form-urlencoded`, or multipart for a `FormData`. */
  readonly form?: Record<string, string> | FormData
  readonly headers?: Record<string, string>
}

/**
 * One request with the jar's cookies (a GET, or a POST of `form`); the response's cookies go
 * back into the jar.
 */
export async function send(
  jar: CookieJar,
  url: string,
  { form, headers = {} }: RequestOptions = {},
): Promise<Response> {
  const body = form instanceof FormData ? form : form ? new URLSearchParams(form) : undefined
  const cookie = jar.header()
  const response = await fetch(url, {
    method: form ? "POST" : "GET",
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    body,
    redirect: "manual",
  })
  jar.store(response)
  return response
}

/** The app's auth routes, as a client reaches them. */
export interface AuthRoutes {
  readonly origin: string
  /** `/auth`, `/api/auth`. */
  readonly basePath: string
}

/**
 * Signs in with the credentials provider as `signIn("credentials", …)` of Auth.js's clients
 * does: a CSRF token from `<basePath>/csrf`, then a form post to the credentials callback.
 * Resolves with the callback's response (a redirect).
 */
export async function signInWithCredentials(
  routes: AuthRoutes,
  jar: CookieJar,
  fields: { email: string; password: string; callbackUrl: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  const csrf = await send(jar, `${routes.origin}${routes.basePath}/csrf`)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  return send(jar, `${routes.origin}${routes.basePath}/callback/credentials`, {
    form: { ...fields, csrfToken },
    headers,
  })
}

/** The path and query of a response's `Location`, resolved against the request's origin. */
export function locationPath(response: Response, origin: string): string {
  const location = response.headers.get("location")
  if (location === null) throw new Error(`${response.status} without a Location header`)
  const url = new URL(location, origin)
  return `${url.pathname}${url.search}`
}

/** A `<form>` of a server-rendered page: where it posts, and its hidden fields. */
export interface HtmlForm {
  /** The `action` attribute as written (`""`: the page itself). */
  readonly action: string
  readonly hidden: Readonly<Record<string, string>>
}

/**
 * The forms of a page, as a browser without JavaScript would submit them. Enough HTML parsing
 * for what React and Svelte render: double-quoted attributes, no nested forms.
 */
export function htmlForms(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(
    ([, formTag = "", body = ""]) => {
      const hidden: Record<string, string> = {}
      for (const [, inputTag = ""] of body.matchAll(/<input\b([^>]*)>/g)) {
        const input = attributesOf(inputTag)
        if (input.type === "hidden" && input.name) hidden[input.name] = input.value ?? ""
      }
      return { action: attributesOf(formTag).action ?? "", hidden }
    },
  )
}

function attributesOf(tag: string): Record<string, string | undefined> {
  const attributes: Record<string, string | undefined> = {}
  for (const [, name = "", value] of tag.matchAll(/([^\s"'=/>]+)(?:="([^"]*)")?/g)) {
    attributes[name] = value === undefined ? "" : decodeEntities(value)
  }
  return attributes
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'" }
  return text.replace(/&(amp|quot|lt|gt|#39);/g, (_, entity: string) => named[entity] ?? "")
}
