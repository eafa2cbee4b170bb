import { describe, expect, it } from "vitest"
import { parseMessage } from "./mime.js"

const RECEIVED = new Date("2026-01-02T03:04:05Z")

describe("parseMessage", () => {
  it("reads headers, decodes encoded words and a quoted-printable text part", () => {
    const raw = [
      "From: =?UTF-8?Q?Caf=C3=A9?= <cafe@example.test>",
      "Subject: =?UTF-8?B?U2lnbiBpbiB0byDinJM=?=",
      "X-Folded: one",
      " two",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Open http://localhost:3000/auth/callback/nodemailer?token=3Da&email=3D=",
      "b%40example.test to sign in.",
    ].join("\r\n")

    const message = parseMessage(raw, ["b@example.test"], RECEIVED)

    expect(message).toMatchObject({
      from: "Café <cafe@example.test>",
      subject: "Sign in to ✓",
      to: ["b@example.test"],
      html: "",
      receivedAt: RECEIVED,
    })
    expect(message.headers["x-folded"]).toBe("one two")
    expect(message.text).toBe(
      "Open http://localhost:3000/auth/callback/nodemailer?token=a&email=b%40example.test to sign in.",
    )
  })

  it("takes the first text and HTML parts of nested multiparts, base64 decoded", () => {
    const raw = [
      'Content-Type: multipart/mixed; boundary="outer"',
      "",
      "--outer",
      'Content-Type: multipart/alternative; boundary="inner"',
      "",
      "--inner",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("plain\r\ntext").toString("base64"),
      "--inner",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>html</p>",
      "--inner--",
      "--outer",
      "Content-Type: text/plain",
      "",
      "an attachment-like second text part",
      "--outer--",
    ].join("\r\n")

    const message = parseMessage(raw, [], RECEIVED)

    expect(message.text).toBe("plain\ntext")
    expect(message.html).toBe("<p>html</p>")
  })
})
