import { describe, expect, it } from "vitest"
import { detachBody } from "./body.js"

describe("detachBody", () => {
  it("passes the body through, and a cancel leaves the framework's stream open", async () => {
    let cancelled = false
    const chunks = ["a", "b", "c"].map((text) => new TextEncoder().encode(text))
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift()
        if (chunk) controller.enqueue(chunk)
        else controller.close()
      },
      cancel() {
        cancelled = true
      },
    })
    const detached = detachBody(source).getReader()
    expect(new TextDecoder().decode((await detached.read()).value)).toBe("a")
    await detached.cancel()
    expect(cancelled).toBe(false)
    // The framework may still push into (or read) its own stream without an error.
    const reader = source.getReader()
    let rest = ""
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      rest += new TextDecoder().decode(next.value)
    }
    expect(rest).toBe("bc")
  })
})
