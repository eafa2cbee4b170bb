import { describe, expect, it } from "vitest"
import { safeCssColor, safeHttpUrl, safeImageUrl } from "./sanitize.js"

describe("safeCssColor", () => {
  it.each([
    "#fff",
    "#FFFA",
    "#24292f",
    "#24292f80",
    "rgb(36, 41, 47)",
    "rgba(36,41,47,0.5)",
    "rgb(36 41 47 / 50%)",
    "hsl(210deg 13% 16%)",
    "hsla(210, 13%, 16%, .5)",
    "red",
    "RebeccaPurple",
    "transparent",
  ])("accepts %s", (color) => {
    expect(safeCssColor(color)).toBe(color)
  })

  it("trims surrounding whitespace", () => {
    expect(safeCssColor("  #abc ")).toBe("#abc")
  })

  it.each([
    "red;} body{display:none",
    "red; background:url(https://evil.test/x)",
    "</style><script>alert(1)</script>",
    "#12345",
    "#ggg",
    "rgb(1,2,3);x:y",
    "rgb(var(--x))",
    "url(https://evil.test)",
    "expression(alert(1))",
    "var(--x)",
    "red blue",
    "",
    "a".repeat(65),
  ])("rejects %j", (color) => {
    expect(safeCssColor(color)).toBeUndefined()
  })

  it.each([undefined, null, 42, {}, ["#fff"]])("rejects the non-string %j", (value) => {
    expect(safeCssColor(value)).toBeUndefined()
  })
})

describe("safeImageUrl", () => {
  it.each([
    "https://cdn.example.com/logo.svg",
    "http://localhost:3000/logo.png",
    "/img/logo.svg",
    "/logo.png?v=2",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:image/svg+xml,%3Csvg%3E%3C/svg%3E",
  ])("accepts %s", (url) => {
    expect(safeImageUrl(url)).toBe(url)
  })

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image",
    "file:///etc/passwd",
    "//evil.test/logo.png",
    "/\\evil.test/logo.png",
    "/\t/evil.test/logo.png",
    "logo.png",
    "",
  ])("rejects %j", (url) => {
    expect(safeImageUrl(url)).toBeUndefined()
  })

  it.each([undefined, null, 1, {}])("rejects the non-string %j", (value) => {
    expect(safeImageUrl(value)).toBeUndefined()
  })
})

describe("safeHttpUrl", () => {
  it.each(["https://mail.example.com/inbox", "http://localhost:3000/mailbox", "/mailbox"])(
    "accepts %s",
    (url) => {
      expect(safeHttpUrl(url)).toBe(url)
    },
  )

  it.each([
    "data:image/png;base64,iVBORw0KGgo=",
    "javascript:alert(1)",
    "mailto:someone@example.com",
    "//evil.test/inbox",
    "/\\evil.test",
    "mailbox",
  ])("rejects %j", (url) => {
    expect(safeHttpUrl(url)).toBeUndefined()
  })
})
