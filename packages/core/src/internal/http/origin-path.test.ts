import { describe, expect, it } from "vitest"
import { pathOnOrigin } from "./origin-path.js"

describe("pathOnOrigin", () => {
  const origin = "https://app.example"

  it("gives a location on the origin as its path, query and fragment", () => {
    expect(pathOnOrigin("https://app.example/signin?next=%2Fdash#top", origin)).toBe(
      "/signin?next=%2Fdash#top",
    )
    expect(pathOnOrigin("https://app.example", origin)).toBe("/")
  })

  it("keeps a location on another origin as it is, port and scheme included", () => {
    for (const other of [
      "https://idp.example/authorize",
      "http://app.example/signin",
      "https://app.example:8443/signin",
      "https://app.example.evil/signin",
    ]) {
      expect(pathOnOrigin(other, origin)).toBe(other)
    }
  })

  it("gives back what is not a URL as it is", () => {
    expect(pathOnOrigin("/already/a/path", origin)).toBe("/already/a/path")
  })
})
