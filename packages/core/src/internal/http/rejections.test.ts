import { describe, expect, it } from "vitest"
import { rejectionMessage, rejectionResponse } from "./rejections.js"

describe("rejectionResponse", () => {
  it("answers a refused request with its message as a JSON string", async () => {
    const response = rejectionResponse(413)
    expect(response.status).toBe(413)
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(await response.json()).toBe("Request body too large.")
    expect(await rejectionResponse(415).json()).toBe("Unsupported content type.")
  })

  it("names the methods the auth routes serve on a 405, and only there", async () => {
    const response = rejectionResponse(405)
    expect(response.headers.get("allow")).toBe("GET, POST")
    expect(await response.json()).toBe("Method not allowed.")
    expect(rejectionResponse(400).headers.has("allow")).toBe(false)
  })
})

describe("rejectionMessage", () => {
  it("says Bad request. for a 4xx it has no message of its own for", () => {
    expect(rejectionMessage(400)).toBe("Bad request.")
    expect(rejectionMessage(422)).toBe("Bad request.")
    expect(rejectionMessage(405)).toBe("Method not allowed.")
  })
})
