import { describe, expect, it } from "vitest"
import { crossSiteReason } from "./origin.js"

const ORIGIN = "http://app.example:3000"

describe("crossSiteReason", () => {
  it.each([
    [{}],
    [{ origin: ORIGIN }],
    [{ origin: "HTTP://APP.EXAMPLE:3000" }],
    [{ "sec-fetch-site": "same-origin" }],
    [{ "sec-fetch-site": "none" }],
    // A proxy that rewrites the request URL: the browser still says same-origin.
    [{ "sec-fetch-site": "same-origin", origin: "https://public.example" }],
    [{ "sec-fetch-site": "same-site", origin: ORIGIN }],
    [{ origin: "" }],
  ])("lets %o through", (headers) => {
    expect(crossSiteReason(new Headers(headers), ORIGIN)).toBeUndefined()
  })

  it.each([
    [
      { origin: "http://evil.example" },
      "Origin http://evil.example is not http://app.example:3000",
    ],
    [{ origin: "http://app.example" }, "Origin http://app.example is not"],
    [{ origin: "https://app.example:3000" }, "is not"],
    [{ origin: "null" }, "Origin null is not"],
    [{ "sec-fetch-site": "cross-site" }, "Sec-Fetch-Site is cross-site"],
    [{ "sec-fetch-site": "same-site" }, "Sec-Fetch-Site is same-site"],
    [
      { "sec-fetch-site": "cross-site", origin: "http://evil.example" },
      "Origin http://evil.example",
    ],
  ])("refuses %o", (headers, reason) => {
    expect(crossSiteReason(new Headers(headers), ORIGIN)).toContain(reason)
  })
})
