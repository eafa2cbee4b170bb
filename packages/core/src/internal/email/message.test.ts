import { describe, expect, it } from "vitest"
import { escapeHtml, safeCssColor, verificationEmail } from "./message.js"

const url = "https://example.com/auth/callback/nodemailer?token=abc&email=a%40b.com"

describe("verificationEmail", () => {
  it("builds the Auth.js message", () => {
    const email = verificationEmail({ url, host: "example.com", theme: {} })
    expect(email.subject).toBe("Sign in to example.com")
    expect(email.text).toBe(`Sign in to example.com\n${url}\n\n`)
    expect(email.html).toContain(`<a href="${url.replace("&", "&amp;")}"`)
    expect(email.html).toContain("Sign in to <strong>example&#8203;.com</strong>")
    expect(email.html).toContain('bgcolor="#346df1"')
    expect(email.html).toContain("border: 1px solid #346df1;")
    expect(email.html).toContain("color: #fff;")
    expect(email.html).toContain("background: #f9f9f9;")
    expect(email.html).toContain("max-width: 600px")
    expect(email.html).toContain("If you did not request this email you can safely ignore it.")
  })

  it("uses valid theme colors", () => {
    for (const color of [
      "red",
      "#ABCDEF",
      "#abcd",
      "rgb(1, 2, 3)",
      "rgba(1 2 3 / 50%)",
      "hsl(120deg 50% 50%)",
    ]) {
      const { html } = verificationEmail({
        url,
        host: "example.com",
        theme: { brandColor: color, buttonText: color },
      })
      expect(html).toContain(`bgcolor="${color}"`)
      expect(html).toContain(`color: ${color};`)
    }
  })

  it("falls back to the default colors for anything but a plain CSS color", () => {
    for (const color of [
      "red;}",
      "red; background: url(https://evil.example/x)",
      '#fff" onmouseover="alert(1)',
      "expression(alert(1))",
      "url(javascript:alert(1))",
      "</style><script>",
      "",
    ]) {
      const { html } = verificationEmail({
        url,
        host: "example.com",
        theme: { brandColor: color, buttonText: color },
      })
      expect(html).toContain('bgcolor="#346df1"')
      expect(html).toContain("color: #fff;")
      if (color) expect(html).not.toContain(color)
    }
  })

  it("escapes the host and the URL, in text and in the href", () => {
    const host = "evil.com<script>alert(1)</script>"
    const hostileUrl = `https://example.com/?q="><script>alert(1)</script>&x='y'`
    const { html, subject } = verificationEmail({
      url: hostileUrl,
      host,
      theme: { brandColor: "red;}" },
    })
    expect(html).not.toContain("<script>")
    expect(html).not.toContain('q="')
    expect(html).not.toContain("red;}")
    expect(html).toContain("evil&#8203;.com&lt;script&gt;alert(1)&lt;/script&gt;")
    expect(html).toContain(
      'href="https://example.com/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;x=&#39;y&#39;"',
    )
    expect(subject).toBe(`Sign in to ${host}`)
  })

  it("keeps line breaks out of the subject", () => {
    const { subject } = verificationEmail({ url, host: "example.com\r\nBcc: x@y.z", theme: {} })
    expect(subject).not.toMatch(/[\r\n]/)
  })

  it("works without a theme", () => {
    expect(verificationEmail({ url, host: "example.com" }).html).toContain('bgcolor="#346df1"')
  })

  it.each(["javascript:alert(1)", "/relative/path", "data:text/html,hi", "not a url"])(
    "refuses the link %j",
    (link) => {
      expect(() => verificationEmail({ url: link, host: "example.com", theme: {} })).toThrow(
        TypeError,
      )
    },
  )
})

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;")
    expect(escapeHtml("plain text")).toBe("plain text")
  })
})

describe("safeCssColor", () => {
  it("returns the color or the fallback", () => {
    expect(safeCssColor(" #123456 ", "#000")).toBe("#123456")
    expect(safeCssColor(undefined, "#000")).toBe("#000")
    expect(safeCssColor("#12345", "#000")).toBe("#000")
    expect(safeCssColor("red;}", "#000")).toBe("#000")
  })
})
