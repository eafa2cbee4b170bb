/**
 * The home pages' "Call the provider's userinfo" button, in the browser: what the app's
 * `/userinfo` route answers ({@link UserinfoAnswer}, made by `callUserinfo` of
 * `@auth/example-support/userinfo`), and what the page says about it, in words. No imports:
 * pages and client components may import it.
 */

/** Why there is no userinfo: `getAccessToken`'s codes, and the provider's own refusal. */
export type UserinfoErrorCode =
  | "SessionRequired"
  | "AccountNotFound"
  | "RefreshAccessTokenError"
  | "Configuration"
  | "DatabaseUnavailable"
  | "InvalidRequest"
  /** The userinfo endpoint refused the access token, answered badly, or could not be reached. */
  | "UserinfoFailed"

/** The JSON body of an app's `GET /userinfo`. */
export type UserinfoAnswer =
  | {
      ok: true
      /** The provider's userinfo claims (`sub`, `name`, `email`, …). */
      claims: Record<string, unknown>
      /** When the access token expires, in seconds since the epoch; `null` when unknown. */
      expiresAt: number | null
      /**
       * A short fingerprint of the access token (never the token itself): a new one after a
       * refresh.
       */
      tokenId: string
    }
  | {
      ok: false
      code: UserinfoErrorCode
      /** The userinfo endpoint's HTTP status, for `UserinfoFailed` when it answered. */
      status?: number
    }

/** What the section shows after a call. */
export interface UserinfoView {
  /** One sentence, for the section's status line. */
  message: string
  /** The token's expiry and whether it was refreshed; empty after a failure. */
  details: string[]
  /** The claims as indented JSON; absent after a failure. */
  claims?: string
}

/**
 * Describes `answer` (the route's JSON, unchecked) for people. `previousTokenId` is the
 * `tokenId` of the last successful call on this page, `null` before the first: a different one
 * means the token was refreshed in between.
 */
export function describeUserinfo(
  answer: unknown,
  previousTokenId: string | null,
  now: number = Date.now(),
): UserinfoView {
  if (!isAnswer(answer)) {
    return { message: "The app gave no answer: see the server log.", details: [] }
  }
  if (!answer.ok) return { message: failureMessage(answer), details: [] }
  return {
    message: "Playground ID's userinfo, fetched with the access token:",
    details: [expiryText(answer.expiresAt, now), refreshText(answer.tokenId, previousTokenId)],
    claims: JSON.stringify(answer.claims, null, 2),
  }
}

/**
 * A function that calls the app's route (`GET path`) and describes the answer, remembering the
 * last token it saw so that the next call can say whether the token was refreshed.
 */
export function userinfoCaller(path: string): () => Promise<UserinfoView> {
  let previousTokenId: string | null = null
  return async () => {
    let answer: unknown
    try {
      const response = await fetch(path, { headers: { accept: "application/json" } })
      answer = await response.json()
    } catch {
      return { message: "The app could not be reached: try again.", details: [] }
    }
    const view = describeUserinfo(answer, previousTokenId)
    if (isAnswer(answer) && answer.ok) previousTokenId = answer.tokenId
    return view
  }
}

function failureMessage(answer: Extract<UserinfoAnswer, { ok: false }>): string {
  switch (answer.code) {
    case "SessionRequired":
      return "Your session has ended: sign in again."
    case "AccountNotFound":
      return "You signed in another way: sign in with Playground ID to call its userinfo."
    case "RefreshAccessTokenError":
      return "The access token had expired and refreshing it failed (RefreshAccessTokenError): sign in with Playground ID again."
    case "DatabaseUnavailable":
      return "The database is not reachable right now: try again in a moment."
    case "UserinfoFailed":
      return answer.status === undefined
        ? "Playground ID could not be reached: try again."
        : `Playground ID refused the call (HTTP ${answer.status}).`
    default:
      return `The app cannot get an access token (${answer.code}): see the server log.`
  }
}

function expiryText(expiresAt: number | null, now: number): string {
  if (expiresAt === null) return "The access token has no expiry."
  const left = Math.round(expiresAt - now / 1000)
  const when = new Date(expiresAt * 1000).toLocaleTimeString()
  return left > 0
    ? `The access token expires at ${when} (in ${left} s).`
    : `The access token expired at ${when}.`
}

function refreshText(tokenId: string, previousTokenId: string | null): string {
  if (previousTokenId === null) return "First call on this page: press again to compare tokens."
  return tokenId === previousTokenId
    ? "Not refreshed: the same access token as the last call."
    : "Refreshed: a new access token since the last call."
}

function isAnswer(value: unknown): value is UserinfoAnswer {
  if (typeof value !== "object" || value === null) return false
  const answer = value as Record<string, unknown>
  if (answer.ok === true) {
    return (
      typeof answer.claims === "object" &&
      answer.claims !== null &&
      typeof answer.tokenId === "string" &&
      (answer.expiresAt === null || typeof answer.expiresAt === "number")
    )
  }
  return answer.ok === false && typeof answer.code === "string"
}

/**
 * Wires the button of a userinfo section (`[data-userinfo]`: a disabled button, a
 * `[role=status]` and a `[data-userinfo-output]`) rendered by the app: each press calls `path`
 * and shows the answer. The apps whose pages are plain DOM share it (playground, Hono, Astro).
 */
export function setUpUserinfo(section: HTMLElement, path = "/userinfo"): void {
  const button = section.querySelector<HTMLButtonElement>("button")
  const status = section.querySelector<HTMLElement>("[role=status]")
  const output = section.querySelector<HTMLElement>("[data-userinfo-output]")
  if (!button || !status || !output) return
  const call = userinfoCaller(path)

  const show = (view: UserinfoView): void => {
    status.textContent = view.message
    const parts: HTMLElement[] = view.details.map((detail) => {
      const line = document.createElement("p")
      line.textContent = detail
      return line
    })
    if (view.claims) {
      const claims = document.createElement("pre")
      claims.tabIndex = 0
      claims.textContent = view.claims
      parts.push(claims)
    }
    output.replaceChildren(...parts)
  }

  button.addEventListener("click", () => {
    button.disabled = true
    void call()
      .then(show)
      .finally(() => {
        button.disabled = false
      })
  })
  // Rendered disabled: it works from now on.
  button.disabled = false
}
