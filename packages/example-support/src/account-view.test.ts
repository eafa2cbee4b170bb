import { describe, expect, it } from "vitest"
import {
  deviceName,
  errorMessage,
  linkedAccounts,
  providerName,
  revokedMessage,
  sessionsInOrder,
  UNKNOWN_DEVICE,
} from "./account-view.js"

describe("deviceName", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
      "Chrome on iPad",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
      "Firefox on Windows",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome on ChromeOS",
    ],
    ["curl/8.5.0", "curl"],
    ["Mozilla/5.0 (X11; Linux x86_64) SomethingNew/1.0", "A browser on Linux"],
  ])("names %s %s", (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name)
  })

  it.each([null, undefined, "", "Wget"])("is the unknown device for %j", (userAgent) => {
    expect(deviceName(userAgent)).toBe(UNKNOWN_DEVICE)
  })
})

describe("errorMessage", () => {
  it("says why the last way to sign in stays linked", () => {
    expect(errorMessage("LastSignInMethod")).toBe(
      "This is your only way to sign in, so it stays linked. Add another way to sign in first, such as a passkey.",
    )
  })

  it("asks to sign in again when the session ended", () => {
    expect(errorMessage("SessionRequired")).toBe("Your session has ended: sign in again.")
  })

  it("names a code it does not know", () => {
    expect(errorMessage("SomethingNew")).toBe(
      "Something went wrong (SomethingNew). Try again in a moment.",
    )
  })
})

describe("revokedMessage", () => {
  it.each([
    [0, "No other session was signed in."],
    [1, "Signed out 1 other session."],
    [3, "Signed out 3 other sessions."],
  ])("counts %i", (revoked, message) => {
    expect(revokedMessage(revoked)).toBe(message)
  })
})

describe("providerName", () => {
  it("names the example apps' providers as their buttons do, and others by id", () => {
    expect(providerName("playground-id")).toBe("Playground ID")
    expect(providerName("nodemailer")).toBe("Email")
    expect(providerName("github")).toBe("github")
    expect(providerName("__proto__")).toBe("__proto__")
  })
})

describe("linkedAccounts", () => {
  it("leaves passkeys out: the passkeys section manages them", () => {
    const oidc = { provider: "playground-id", type: "oidc", providerAccountId: "ada" }
    const passkey = { provider: "passkey", type: "webauthn", providerAccountId: "cred" }
    expect(linkedAccounts([oidc, passkey])).toEqual([oidc])
  })
})

describe("sessionsInOrder", () => {
  it("puts this browser's session first, then the others by last use", () => {
    const older = { id: "older", current: false, lastUsedAt: "2026-01-01T00:00:00.000Z" }
    const unknown = { id: "unknown", current: false, lastUsedAt: null }
    const current = { id: "current", current: true, lastUsedAt: "2026-01-02T00:00:00.000Z" }
    const newer = { id: "newer", current: false, lastUsedAt: "2026-01-03T00:00:00.000Z" }
    const given = [unknown, older, newer, current]

    expect(sessionsInOrder(given).map((session) => session.id)).toEqual([
      "current",
      "newer",
      "older",
      "unknown",
    ])
    expect(given.map((session) => session.id)).toEqual(["unknown", "older", "newer", "current"])
  })
})
