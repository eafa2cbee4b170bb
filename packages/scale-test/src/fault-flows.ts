/**
 * The requests of the fault tests, each one browser's: a cookie jar, its own client address
 * (`X-Forwarded-For`, which HAProxy passes on and the instances trust from 127.0.0.1 only, so
 * that every browser has its own rate-limit budget), and a record of every answer (status,
 * `Retry-After`, the server that answered, how long it took) to assert on afterwards.
 */
import { performance } from "node:perf_hooks"
import { CookieJar } from "@auth/dev-servers"
import { type Cluster, PLAYGROUND_ID } from "./cluster.js"

/** One answer, through the balancer or from one instance. */
export interface Answer {
  /** What was asked: `GET /auth/session`, `POST /auth/signin/nodemailer`, … */
  readonly request: string
  readonly status: number
  readonly location: string | null
  readonly retryAfter: string | null
  /** The instance that answered (`x-served-by`); `null` when HAProxy answered itself. */
  readonly servedBy: string | null
  readonly body: string
  /** From sending the request to the end of the body. */
  readonly ms: number
}

/** A browser talking to the cluster through the balancer (or to one instance directly). */
export class Browser {
  readonly jar = new CookieJar()
  /** Every answer, oldest first. */
  readonly answers: Answer[] = []
  readonly #base: string
  readonly #client: string

  /**
   * @param client its address, as HAProxy's `X-Forwarded-For` names it (the instances trust
   *   127.0.0.1, so it counts when the browser talks to an instance directly too)
   * @param base where its paths go: the balancer, or one instance's own URL
   */
  constructor(cluster: Cluster, client: string, base = cluster.url) {
    this.#base = base
    this.#client = client
  }

  /** `GET` of a path (or a full URL), cookies carried, redirects not followed. */
  get(path: string): Promise<Answer> {
    return this.#send("GET", path)
  }

  /** `POST` of a form, with the CSRF token from `GET /auth/csrf` added. */
  async postForm(path: string, fields: Record<string, string>): Promise<Answer> {
    const csrf = await this.get("/auth/csrf")
    if (csrf.status !== 200) return csrf
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string }
    return this.#send("POST", path, new URLSearchParams({ ...fields, csrfToken }))
  }

  /** `GET /auth/session`, parsed: the user's e-mail address, or `null` without a session. */
  async sessionEmail(): Promise<{ answer: Answer; email: string | null }> {
    const answer = await this.get("/auth/session")
    if (answer.status !== 200) return { answer, email: null }
    const session = JSON.parse(answer.body) as { user?: { email?: string } } | null
    return { answer, email: session?.user?.email ?? null }
  }

  async #send(method: string, path: string, form?: URLSearchParams): Promise<Answer> {
    const url = new URL(path, this.#base)
    const started = performance.now()
    const response = await fetch(url, {
      method,
      redirect: "manual",
      headers: {
        cookie: this.jar.header(),
        "x-forwarded-for": this.#client,
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form,
    })
    this.jar.store(response)
    const body = await response.text()
    const answer: Answer = {
      request: `${method} ${url.pathname}`,
      status: response.status,
      location: response.headers.get("location"),
      retryAfter: response.headers.get("retry-after"),
      servedBy: response.headers.get("x-served-by"),
      body,
      ms: performance.now() - started,
    }
    this.answers.push(answer)
    return answer
  }
}

/**
 * The first step of a sign-in with Playground ID: `POST /auth/signin/playground-id`. Its
 * `location` is the provider's authorization URL when the instance accepted it.
 */
export function startOAuthSignIn(browser: Browser): Promise<Answer> {
  return browser.postForm(`/auth/signin/${PLAYGROUND_ID}`, { callbackUrl: "/" })
}

/**
 * The rest of it: the user logs in at the provider as `username` (not through the balancer),
 * and the browser follows the redirect back to `/auth/callback/playground-id`. A sign-in that
 * worked answers `302` to the callback URL, with the session cookie set.
 */
export async function finishOAuthSignIn(
  browser: Browser,
  cluster: Cluster,
  authorizationUrl: string,
  username: string,
): Promise<Answer> {
  const { url } = await cluster.idp.login(new CookieJar(), authorizationUrl, username)
  // The callback URL is the balancer's; a browser of one instance goes there with the same path.
  return browser.get(`${url.pathname}${url.search}`)
}

/** The e-mail address Playground ID gives `username`. */
export function emailOf(cluster: Cluster, username: string): string {
  const email = cluster.idp.claimsFor(username).email
  if (!email) throw new Error(`Playground ID gives ${username} no e-mail address.`)
  return email
}

/** Whether an answer ends a sign-in successfully: a redirect that is not to an error page. */
export function signedIn(answer: Answer): boolean {
  return answer.status === 302 && answer.location !== null && !/[?&]error=/.test(answer.location)
}

/**
 * Rows a sign-in can leave half-written: accounts and sessions whose user is gone, and users
 * with neither an account nor a session (an OAuth sign-in that created the user but failed
 * before linking the account; an e-mail user always has a session until it signs out).
 */
export async function orphanRows(
  cluster: Cluster,
): Promise<{ accounts: number; sessions: number; users: string[] }> {
  const s = `"${cluster.schema}"`
  const count = async (sql: string) =>
    Number((await cluster.db.query<{ n: string }>(sql)).rows[0]?.n ?? 0)
  const users = await cluster.db.query<{ email: string }>(
    `SELECT u.email FROM ${s}.users u WHERE NOT EXISTS (SELECT 1 FROM ${s}.accounts a WHERE a."userId" = u.id)
     AND NOT EXISTS (SELECT 1 FROM ${s}.sessions x WHERE x."userId" = u.id) ORDER BY u.email`,
  )
  return {
    accounts: await count(
      `SELECT count(*) AS n FROM ${s}.accounts a WHERE NOT EXISTS (SELECT 1 FROM ${s}.users u WHERE u.id = a."userId")`,
    ),
    sessions: await count(
      `SELECT count(*) AS n FROM ${s}.sessions x WHERE NOT EXISTS (SELECT 1 FROM ${s}.users u WHERE u.id = x."userId")`,
    ),
    users: users.rows.map((row) => row.email),
  }
}
