import { describe, expect, it } from "vitest"
import { parseMediaType } from "./media-type.js"

describe("parseMediaType", () => {
  it.each([
    ["application/json", "application/json"],
    ["Application/JSON; charset=UTF-8", "application/json"],
    ["  application/x-www-form-urlencoded ;charset=utf-8", "application/x-www-form-urlencoded"],
    ["multipart/form-data; boundary=AbC", "multipart/form-data"],
    ["text/plain; charset=application/json", "text/plain"],
    ["text/plain;application/json", "text/plain"],
    ["application/json-patch+json", "application/json-patch+json"],
  ])("%s is %s", (header, type) => {
    expect(parseMediaType(header)).toBe(type)
  })

  it.each([null, "", "json", "application/", "/json", "application/json x", "app lication/json"])(
    "%s has no media type",
    (header) => {
      expect(parseMediaType(header)).toBeUndefined()
    },
  )
})
