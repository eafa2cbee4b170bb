import { describe, expect, it } from "vitest"
import { findDuplicateJsonKey } from "./json-keys.js"

describe("findDuplicateJsonKey", () => {
  it.each([
    ['{"csrfToken":"a","csrfToken":"b"}', "csrfToken"],
    ['{"callbackUrl":"/a","x":1,"callbackUrl":"https://evil.example"}', "callbackUrl"],
    ['{"csrf\\u0054oken":"a","csrfToken":"b"}', "csrfToken"],
    ['{"data":{"name":"a","name":"b"}}', "name"],
    ['{"list":[{"a":1,"a":2}]}', "a"],
    [' { "a" : 1 , "a" : 2 } ', "a"],
  ])("finds the repeated name in %s", (text, name) => {
    expect(findDuplicateJsonKey(text)).toBe(name)
  })

  it.each([
    '{"a":1,"b":2}',
    '[{"a":1},{"a":2}]',
    '{"a":{"a":{"a":1}}}',
    '{"a":"\\"a\\":1,\\"a\\"","b":["a","a"]}',
    '{"a":{},"b":{},"c":[]}',
    '{"a":[1,{"b":1}],"b":2}',
    '"text"',
    "42",
  ])("finds nothing in %s", (text) => {
    expect(JSON.parse(text)).toBeDefined()
    expect(findDuplicateJsonKey(text)).toBeUndefined()
  })
})
