// The example's server wrapper (server.mjs) answers what @astrojs/node would answer with a 500:
// a `Host` no URL can have, and the methods a web `Request` cannot carry.
import { request } from "node:http"
import { fileURLToPath } from "node:url"
import { startExampleForContract } from "@auth/example-support/launch"
import { CONTRACT_SECRET } from "@auth/integration-test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const cwd = fileURLToPath(new URL("..", import.meta.url))
let app: Awaited<ReturnType<typeof startExampleForContract>>

beforeAll(async () => {
  app = await startExampleForContract({
    cwd,
    command: ["node", "server.mjs"],
    basePath: "/api/auth",
    secret: CONTRACT_SECRET,
  })
})

afterAll(async () => {
  await app?.close()
})

/** The status of a raw request, with headers and a method `fetch` would not send. */
function statusOf(method: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(app.baseUrl)
  return new Promise<number>((resolve, reject) => {
    const outgoing = request({ hostname, port, method, path, headers }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    outgoing.on("error", reject)
    outgoing.end()
  })
}

describe("the Astro example's server", () => {
  it.each(["/", "/api/auth/session"])(
    "answers 400 for a Host with userinfo on %s",
    async (path) => {
      expect(await statusOf("GET", path, { host: "evil@localhost" })).toBe(400)
      expect(await statusOf("GET", path)).toBe(200)
    },
  )

  it("answers TRACE with 405", async () => {
    expect(await statusOf("TRACE", "/api/auth/session")).toBe(405)
    expect(await statusOf("TRACE", "/")).toBe(405)
  })
})
