import { describe, expect, it } from "vitest"
import { normalizeEmailIdentifier } from "./normalize-identifier.js"

describe("normalizeEmailIdentifier", () => {
  it.each([
    ["  Jane.Doe@Example.COM ", "jane.doe@example.com"],
    ["a@b.com\n", "a@b.com"],
    ["\tA@B.COM\r\n", "a@b.com"],
    ["user@localhost", "user@localhost"],
    ["o'brien+tag@example.co.uk", "o'brien+tag@example.co.uk"],
    ["first_last-1@sub-domain.example.com", "first_last-1@sub-domain.example.com"],
    ["ｊａｎｅ@example.com", "jane@example.com"],
    ["user@xn--bcher-kva.example", "user@xn--bcher-kva.example"],
    ["Δοκιμή@Παράδειγμα.δοκιμή", "δοκιμή@παράδειγμα.δοκιμή"],
    ["taro..@docomo.ne.jp", "taro..@docomo.ne.jp"],
  ])("accepts %j as %j", (input, expected) => {
    expect(normalizeEmailIdentifier(input)).toBe(expected)
  })

  it("is idempotent", () => {
    for (const input of [
      "  Jane.Doe@Example.COM ",
      "ｊａｎｅ@example.com",
      "Δοκιμή@Παράδειγμα.δοκιμή",
    ]) {
      const once = normalizeEmailIdentifier(input)
      expect(normalizeEmailIdentifier(once)).toBe(once)
    }
  })

  it.each([
    [undefined, /Missing email/],
    [null, /Missing email/],
    ["", /Missing email/],
    ["   ", /Missing email/],
    [42, /expected a string/],
    [{ toString: () => "a@b.com" }, /expected a string/],
    [`${"a".repeat(310)}@example.com`, /longer than 320/],
    ["ﷺ".repeat(100), /longer than 320/],
    ["a@b.com,evil.com", /comma/],
    ["foo@a.com,evil.com", /comma/],
    ["a@b.com;evil.com", /semicolon/],
    ["group:a@b.com;", /colon|semicolon/],
    ['"a@b"@c.com', /double quote/],
    ['"attacker@evil.com"@victim.com', /double quote/],
    ["a(comment)@b.com", /parenthesis/],
    ["a@b.com(comment)", /parenthesis/],
    ["a＠b.com", /look-alike/],
    ["a﹫b.com", /look-alike/],
    ["attacker@evil.com＠victim.com", /look-alike/],
    ["a@b.com\r\nbcc: evil@x.com", /control/],
    ["a\u0000@b.com", /control/],
    ["a\u200b@b.com", /invisible/],
    ["a@b.com\u202e", /invisible/],
    ["a\u2028@b.com", /invisible/],
    ["a\ud800@b.com", /invisible/],
    ["a b@c.com", /space/],
    ["a@b.com evil@c.com", /space/],
    ["a\u3000b@c.com", /space/],
    ["<a@b.com>", /angle bracket/],
    ["Name <a@b.com>", /space|angle bracket/],
    ["a\\@b.com", /backslash/],
    ["a@[127.0.0.1]", /square bracket/],
    ["a@b@c.com", /more than one @/],
    ["ab.com", /no @/],
    ["@b.com", /before @ is empty/],
    ["a@", /domain after @ is empty/],
    ["a@b", /no dot/],
    ["a@-b.com", /labels/],
    ["a@b-.com", /labels/],
    ["a@b..com", /labels/],
    ["a@.b.com", /labels/],
    ["a@b.com.", /labels/],
    ["a@b_c.com", /labels/],
    ["a@b。com", /no dot/],
    ["a@1.2.3.4", /numeric/],
    ["a😀@b.com", /not allowed/],
    ["a@b😀.com", /labels/],
  ])("refuses %j", (input, message) => {
    expect(() => normalizeEmailIdentifier(input)).toThrow(TypeError)
    expect(() => normalizeEmailIdentifier(input)).toThrow(message)
  })

  it("refuses every character that NFKC folds into an at-sign, before folding it", () => {
    const lookalikes: string[] = []
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue
      const char = String.fromCodePoint(codePoint)
      if (char !== "@" && char.normalize("NFKC").includes("@")) lookalikes.push(char)
    }
    expect(lookalikes.length).toBeGreaterThan(0)
    for (const char of lookalikes) {
      expect(() => normalizeEmailIdentifier(`a${char}b.com`)).toThrow(/look-alike/)
    }
  })

  it("never puts the input in the error message", () => {
    expect(() => normalizeEmailIdentifier("secret-person@b.com,evil.com")).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("secret-person") }),
    )
  })
})
