import { describe, expect, it } from "vitest"
import { prefersJson } from "./prefers-json.js"

describe("prefersJson", () => {
  it.each([
    ["a browser's navigation", { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }, false],
    ["no Accept header", {}, false],
    ["Accept: */*", { accept: "*/*" }, false],
    ["Accept: application/json", { accept: "application/json" }, true],
    ["JSON weighed above HTML", { accept: "application/json, text/html;q=0.5" }, true],
    ["HTML weighed above JSON", { accept: "text/html, application/json;q=0.9" }, false],
    ["JSON against a wildcard", { accept: "application/json, */*;q=0.1" }, true],
    [
      "a malformed weight counts as 0",
      { accept: "application/json;q=abc, text/html;q=0.1" },
      false,
    ],
    ["X-Requested-With: XMLHttpRequest", { "x-requested-with": "XMLHttpRequest" }, true],
  ])("%s", (_, headers, expected) => {
    expect(prefersJson(new Headers(headers))).toBe(expected)
  })
})
