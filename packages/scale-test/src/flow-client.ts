/**
 * A browser's side of the sign-in flows against a cluster: one cookie jar for the balancer and
 * every instance (all on 127.0.0.1, where a browser's cookies do not depend on the port), no
 * redirect followed, and the server that answered each response (`x-served-by` through the
 * balancer, the instance's own name when it was asked directly).
 */
import { CookieJar } from "@auth/dev-servers"
import type { Cluster } from "./cluster.js"

/** The base path the playground serves the auth routes under. */
export const AUTH_BASE = "/auth"
/** The session cookie's name over plain HTTP; also the salt its JWT is sealed with. */
export const SESSION_COOKIE = "authjs.session-token"
/** The playground's demo user (`@auth/example-support`), the credentials provider's one account. */
export const DEMO = { email: "demo@example.test", password: "demo" } as const

/** Where a request goes: the balancer, or one instance directly. */
export type Target = "balancer" | { readonly name: string; readonly url: string }

/** A response and the server that answered it (`s1`, `s2`, …). */
export interface Served {
  readonly response: Response
  readonly servedBy: string
}

/** A session as `GET /auth/session` answers it. */
export interface SessionJson {
  readonly user?: { readonly name?: string | null; readonly email?: string | null }
  readonly expires?: string
}

/** Options of a {@link FlowBrowser}. */
export interface FlowBrowserOptions {
  /** Sent with every request: `x-forwarded-for` to be another client behind the balancer. */
  headers?: Record<string, string>
}

/** A browser signed in (or not) against a cluster. */
export class FlowBrowser {
  readonly jar = new CookieJar()
  readonly #headers: Record<string, string>

  constructor(
    readonly cluster: Pick<Cluster, "url" | "instances">,
    options: FlowBrowserOptions = {},
  ) {
    this.#headers = options.headers ?? {}
  }

  /** Sends a request to `path` of `target` with the jar's cookies; stores what it sets. */
  fetch(target: Target, path: string, init: RequestInit = {}): Promise<Served> {
    const base = target === "balancer" ? this.cluster.url : target.url
    return this.fetchUrl(new URL(path, base), init, target === "balancer" ? "" : target.name)
  }

  /** Like {@link fetch} with an absolute URL (a link in an e-mail, a `Location`). */
  async fetchUrl(url: URL, init: RequestInit = {}, instance = ""): Promise<Served> {
    const response = await this.#send(url, init)
    this.jar.store(response)
    return { response, servedBy: instance || (response.headers.get("x-served-by") ?? "") }
  }

  /** POSTs a form to an auth action (`/callback/credentials`) of `target`. */
  postForm(
    target: Target,
    action: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Served> {
    return this.fetch(target, `${AUTH_BASE}${action}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    })
  }

  /** GETs `/auth/csrf` from `target`: the token, and the server that made it. */
  async csrfToken(target: Target = "balancer"): Promise<{ token: string; servedBy: string }> {
    const { response, servedBy } = await this.fetch(target, `${AUTH_BASE}/csrf`)
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    return { token: csrfToken, servedBy }
  }

  /**
   * Signs in as the demo user: the CSRF token from `from`, the credentials posted to `to`.
   *
   * @throws Error when the sign-in is not answered with a redirect and a session cookie
   */
  async signInWithCredentials(from: Target, to: Target = from): Promise<Served> {
    const { token } = await this.csrfToken(from)
    const served = await this.postForm(to, "/callback/credentials", { ...DEMO, csrfToken: token })
    if (served.response.status !== 302 || !this.sessionToken()) {
      throw new Error(`The credentials sign-in on ${served.servedBy} did not start a session.`)
    }
    return served
  }

  /** The session cookie's value, as the browser holds it now. */
  sessionToken(): string | undefined {
    return this.jar.value(SESSION_COOKIE)
  }

  /** `GET /auth/session` on `target`, as a browser reads it (a re-issued cookie is stored). */
  async session(target: Target = "balancer"): Promise<SessionJson | null> {
    return readSession(await this.fetch(target, `${AUTH_BASE}/session`))
  }

  /**
   * The session as each instance reads it directly, then as the balancer does, by name
   * (`s1`, …, `balancer`). Every reader gets the cookies the browser holds now: what one
   * answer sets is not passed on, so that every answer is about the same token (a refused one
   * would otherwise be cleared by the first reader).
   */
  async sessionEverywhere(): Promise<Record<string, SessionJson | null>> {
    const read: Record<string, SessionJson | null> = {}
    const targets: Array<[string, string]> = [
      ...this.cluster.instances.map(({ name, url }): [string, string] => [name, url]),
      ["balancer", this.cluster.url],
    ]
    for (const [name, base] of targets) {
      const response = await this.#send(new URL(`${AUTH_BASE}/session`, base))
      read[name] = await readSession({ response, servedBy: name })
    }
    return read
  }

  /** The user's e-mail address as every reader sees it (`null`: no session), by name. */
  async emailEverywhere(): Promise<Record<string, string | null>> {
    const reads = await this.sessionEverywhere()
    return Object.fromEntries(
      Object.entries(reads).map(([name, session]) => [name, session?.user?.email ?? null]),
    )
  }

  /**
   * The id of this browser's own session, as its session list (`GET /auth/sessions`) on
   * `target` shows it.
   *
   * @throws Error when the list shows no current session
   */
  async currentSessionId(target: Target): Promise<string> {
    const { response } = await this.fetch(target, `${AUTH_BASE}/sessions`)
    const { sessions } = (await response.json()) as {
      sessions?: Array<{ id: string; current: boolean }>
    }
    const id = sessions?.find((session) => session.current)?.id
    if (!id)
      throw new Error(
        `The session list on ${target === "balancer" ? target : target.name} shows no current session.`,
      )
    return id
  }

  #send(url: URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers({ ...this.#headers })
    for (const [name, value] of new Headers(init.headers)) headers.set(name, value)
    const cookie = this.jar.header()
    if (cookie) headers.set("cookie", cookie)
    return fetch(url, { ...init, headers, redirect: "manual" })
  }
}

/** A browser whose only cookie is the session token `token` (a copy kept from another one). */
export function browserHolding(
  cluster: Pick<Cluster, "url" | "instances">,
  token: string,
): FlowBrowser {
  const browser = new FlowBrowser(cluster)
  browser.jar.set(`${SESSION_COOKIE}=${token}`)
  return browser
}

/**
 * Moves the balancer's round robin past `server` (`GET /auth/health` until `server` answers
 * one), so that the next request through the balancer goes to another instance (every one up):
 * the step that finishes a flow then lands elsewhere than the one that started it.
 *
 * @throws Error when `server` answers none of ten requests
 */
export async function passBalancerBeyond(
  cluster: Pick<Cluster, "url">,
  server: string,
): Promise<void> {
  for (let request = 0; request < 10; request++) {
    const response = await fetch(`${cluster.url}${AUTH_BASE}/health`)
    await response.body?.cancel()
    if (response.headers.get("x-served-by") === server) return
  }
  throw new Error(`The balancer sent none of ten requests to ${server}.`)
}

/** The same value for every reader: `{ s1: value, s2: value, …, balancer: value }`. */
export function everywhere<T>(cluster: Pick<Cluster, "instances">, value: T): Record<string, T> {
  const expected: Record<string, T> = {}
  for (const instance of cluster.instances) expected[instance.name] = value
  expected.balancer = value
  return expected
}

/** The `Location` of a redirect, resolved against `base`. */
export function locationOf({ response, servedBy }: Served, base: string): URL {
  const location = response.headers.get("location")
  if (response.status !== 302 || location === null) {
    throw new Error(`Expected a redirect from ${servedBy}, got ${response.status}.`)
  }
  return new URL(location, base)
}

async function readSession({ response, servedBy }: Served): Promise<SessionJson | null> {
  if (response.status !== 200) {
    throw new Error(`GET /auth/session on ${servedBy} answered ${response.status}.`)
  }
  return (await response.json()) as SessionJson | null
}
