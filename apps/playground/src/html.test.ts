import { describe, expect, it } from "vitest"
import { html, SafeHtml } from "./html.js"

describe("html", () => {
  it("escapes interpolated values, in text and in attributes", () => {
    const name = `<script>alert("x")</script>`
    const href = `" onclick="steal()`
    expect(html`<a href="${href}">${name}</a>`.value).toBe(
      '<a href="&quot; onclick=&quot;steal()">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</a>',
    )
  })

  it("keeps nested html and lists as markup, and renders nothing for null, undefined, false", () => {
    const items = ["a&b", "c"].map((item) => html`<li>${item}</li>`)
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe(
      "<ul><li>a&amp;b</li><li>c</li></ul>0",
    )
  })

  it("does not trust look-alikes of SafeHtml", () => {
    const fake = { value: "<b>", toString: () => "<b>" }
    expect(html`${fake}`.value).toBe("&lt;b&gt;")
    expect(html`${new SafeHtml("<b>")}`.value).toBe("<b>")
  })
})
