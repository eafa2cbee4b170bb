/**
 * Request bodies are chosen by their parsed media type and read without ambiguity: a
 * `text/plain` body (which a cross-site page may send without a CORS preflight) is never read as
 * JSON because a parameter mentions JSON, and a JSON body that names a member twice is refused
 * like a repeated form or query parameter.
 */
import { describe, expect, it, vi } from "vitest"
import { credentialsApp } from "./support/apps.js"
import { AuthClient, DEMO_USER } from "./support/client.js"
import { describe as describeLogged } from "./support/log-capture.js"

function setup() {
  const { config, recorder } = credentialsApp()
  return { recorder, client: new AuthClient(config) }
}

/** POSTs a raw body with a given content type, carrying the client's cookies. */
function post(client: AuthClient, path: string, contentType: string, body: string) {
  return client.request(path, { method: "POST", headers: { "content-type": contentType }, body })
}

describe("request bodies", () => {
  it.each([
    "text/plain; charset=application/json",
    "text/plain;application/json",
    "application/jsonp",
    "application/json-seq",
    "text/html; x=application/x-www-form-urlencoded",
  ])("answers a credentials sign-in sent as %s with 415 and no session", async (contentType) => {
    const { client, recorder } = setup()
    const csrfToken = await client.csrfToken()
    const response = await post(
      client,
      "/callback/credentials",
      contentType,
      JSON.stringify({ csrfToken, username: "ada" }),
    )
    expect(response.status).toBe(415)
    expect(await response.json()).toBe("Unsupported content type.")
    expect(response.headers.getSetCookie()).toEqual([])
    expect(await client.session()).toBeNull()
    expect(recorder.errors.at(-1)?.message).toMatch(/must be application\/x-www-form-urlencoded/)
  })

  it("still reads JSON with parameters and any letter case", async () => {
    const { client } = setup()
    const csrfToken = await client.csrfToken()
    const response = await post(
      client,
      "/callback/credentials",
      "Application/JSON; charset=UTF-8",
      JSON.stringify({ csrfToken, username: "ada" }),
    )
    expect(response.status).toBe(302)
    expect(await client.session()).toMatchObject({ user: { email: DEMO_USER.email } })
  })

  it.each([
    ["csrfToken", (token: string) => `{"csrfToken":"${"0".repeat(64)}","csrfToken":"${token}"}`],
    [
      "callbackUrl",
      (token: string) =>
        `{"csrfToken":"${token}","callbackUrl":"/a","callbackUrl":"https://evil.example"}`,
    ],
    [
      "an escaped csrfToken",
      (token: string) => `{"csrfToken":"${token}","csrf\\u0054oken":"${token}"}`,
    ],
    ["a nested name", (token: string) => `{"csrfToken":"${token}","data":{"a":1,"a":2}}`],
  ])("answers a JSON body that repeats %s with 400 and signs nobody in", async (_, body) => {
    const { client, recorder } = setup()
    const csrfToken = await client.csrfToken()
    const response = await post(
      client,
      "/callback/credentials",
      "application/json",
      body(csrfToken),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toBe("Bad request.")
    expect(await client.session()).toBeNull()
    expect(recorder.errors.at(-1)?.message).toMatch(/given more than once/)
  })

  it("refuses a repeated JSON member in a session update too", async () => {
    const { client } = setup()
    await client.signInWithCredentials({ username: "ada" })
    const csrfToken = await client.csrfToken()
    const response = await post(
      client,
      "/session",
      "application/json",
      `{"csrfToken":"${csrfToken}","data":{"name":"a"},"data":{"name":"b"}}`,
    )
    expect(response.status).toBe(400)
  })

  it("keeps the body out of the log when JSON is malformed", async () => {
    const { client, recorder } = setup()
    const response = await post(
      client,
      "/callback/credentials",
      "application/json",
      '{"password":hunter2}',
    )
    expect(response.status).toBe(400)
    expect(recorder.errors).not.toEqual([])
    expect(recorder.errors.map((error) => describeLogged(error)).join("\n")).not.toContain(
      "hunter2",
    )
  })

  it("reads a multipart body whose boundary has upper-case letters", async () => {
    const { client } = setup()
    const csrfToken = await client.csrfToken()
    const boundary = "BoundaryMixedCASE42"
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="csrfToken"',
      "",
      csrfToken,
      `--${boundary}`,
      'Content-Disposition: form-data; name="username"',
      "",
      "ada",
      `--${boundary}--`,
      "",
    ].join("\r\n")
    const response = await post(
      client,
      "/callback/credentials",
      `multipart/form-data; boundary=${boundary}`,
      body,
    )
    expect(response.status).toBe(302)
    expect(await client.session()).toMatchObject({ user: { email: DEMO_USER.email } })
  })
})

describe("an oversized body", () => {
  /** A body of `chunks` 64 KiB chunks that says whether it was read to its end or cancelled. */
  function observedBody(chunks: number) {
    const state = { pulled: 0, ended: false, cancelled: false }
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.pulled === chunks) {
          state.ended = true
          controller.close()
          return
        }
        state.pulled += 1
        controller.enqueue(new Uint8Array(64 * 1024).fill(97))
      },
      cancel() {
        state.cancelled = true
      },
    })
    return { body, state }
  }

  function postBody(body: ReadableStream<Uint8Array>, declaredLength?: number) {
    const { client } = setup()
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" }
    if (declaredLength !== undefined) headers["content-length"] = String(declaredLength)
    const init = { method: "POST", headers, body, duplex: "half" } as RequestInit
    return client.request("/signout", init)
  }

  // Cancelling makes Node.js servers reset the socket, so the client never sees the 413.
  it.each([
    ["without Content-Length", undefined],
    ["with a declared Content-Length", 4 * 64 * 1024],
  ])("is answered 413 and read to its end, not cancelled (%s)", async (_, declared) => {
    const { body, state } = observedBody(4)
    const response = await postBody(body, declared)
    expect(response.status).toBe(413)
    await vi.waitFor(() => expect(state.ended).toBe(true))
    expect(state.cancelled).toBe(false)
  })

  it("is cancelled once more than 8 MiB were dropped", async () => {
    const { body, state } = observedBody(1024)
    const response = await postBody(body)
    expect(response.status).toBe(413)
    await vi.waitFor(() => expect(state.cancelled).toBe(true))
    expect(state.ended).toBe(false)
    expect(state.pulled).toBeLessThanOrEqual(8 * 16 + 2)
  })
})
