/**
 * The HTTP side of the client: one function per request, each returning what it got as data
 * (a failed request is an `{ ok: false }` outcome, never a throw), parsed by the pure functions
 * of `parse.ts`.
 */
import type { Session } from "../types.js"
import type { ResolvedClientOptions } from "./options.js"
import { parseErrorBody, parseSession, parseUrlBody } from "./parse.js"

/** A request's result: the parsed value, or why there is none. */
export type FetchOutcome<T> = { ok: true; value: T } | { ok: false; error: Error }

/** What a form POST with `X-Auth-Return-Redirect` answered. */
export interface ActionResponse {
  /** The HTTP status; `0` when no answer came (offline, the server unreachable). */
  status: number
  ok: boolean
  /** The `url` of the JSON body, when the body was `{ url }`. */
  url: string | undefined
  /** The `error` of the JSON body, when the body was `{ error }` (`429 { "error": "RateLimited" }`). */
  error: string | undefined
}

/** `GET <apiUrl>/<path>`, parsed as JSON. */
export async function getJson(
  options: ResolvedClientOptions,
  path: string,
): Promise<FetchOutcome<unknown>> {
  return readJson(`GET ${path}`, () =>
    options.fetch(`${options.apiUrl}/${path}`, { headers: { accept: "application/json" } }),
  )
}

/** `GET <apiUrl>/session`: the session, `null` for none. */
export async function fetchSession(
  options: ResolvedClientOptions,
): Promise<FetchOutcome<Session | null>> {
  const outcome = await getJson(options, "session")
  return outcome.ok ? { ok: true, value: parseSession(outcome.value) } : outcome
}

/**
 * `POST <apiUrl>/session` with JSON `{ csrfToken, data }`: the updated session.
 *
 * @see https://authjs.dev/getting-started/session-management/get-session
 */
export async function postSessionUpdate(
  options: ResolvedClientOptions,
  csrfToken: string,
  data: unknown,
): Promise<FetchOutcome<Session | null>> {
  const outcome = await readJson("POST session", () =>
    options.fetch(`${options.apiUrl}/session`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data }),
    }),
  )
  return outcome.ok ? { ok: true, value: parseSession(outcome.value) } : outcome
}

/**
 * POSTs a form to an action with `X-Auth-Return-Redirect: 1`, so that the server answers
 * `200 {"url": …}` instead of a redirect the `fetch` would follow.
 *
 * @see docs/compatibility.md, `X-Auth-Return-Redirect`
 */
export async function postAction(
  options: ResolvedClientOptions,
  path: string,
  fields: URLSearchParams,
): Promise<ActionResponse> {
  let response: Response
  try {
    response = await options.fetch(`${options.apiUrl}/${path}`, {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
        "x-auth-return-redirect": "1",
      },
      body: fields,
    })
  } catch {
    return { status: 0, ok: false, url: undefined, error: undefined }
  }
  const body: unknown = await response.json().catch(() => undefined)
  return {
    status: response.status,
    ok: response.ok,
    url: parseUrlBody(body),
    error: parseErrorBody(body),
  }
}

async function readJson(
  what: string,
  send: () => Promise<Response>,
): Promise<FetchOutcome<unknown>> {
  try {
    const response = await send()
    if (!response.ok) {
      await response.body?.cancel()
      return { ok: false, error: new Error(`${what} answered ${response.status}.`) }
    }
    return { ok: true, value: await response.json() }
  } catch (cause) {
    return { ok: false, error: new Error(`${what} failed.`, { cause }) }
  }
}
