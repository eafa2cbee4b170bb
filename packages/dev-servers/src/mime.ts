/**
 * Just enough MIME to read a sign-in e-mail: unfolded headers with encoded words decoded, and the
 * first text and HTML parts of a (nested) multipart message, quoted-printable or base64 decoded.
 *
 * @see https://www.rfc-editor.org/rfc/rfc5322 Internet Message Format
 * @see https://www.rfc-editor.org/rfc/rfc2045 MIME
 */

/** A message an SMTP server received. */
export interface CapturedMessage {
  /** The `From` header, encoded words decoded. */
  from: string
  /** The envelope recipients (`RCPT TO`), in order. */
  to: string[]
  /** The `Subject` header, encoded words decoded. */
  subject: string
  /** The first `text/plain` part, decoded, with `\n` line ends; `""` when there is none. */
  text: string
  /** The first `text/html` part, decoded, with `\n` line ends; `""` when there is none. */
  html: string
  /** The top-level headers, names lowercased, folded lines joined, encoded words decoded. */
  headers: Record<string, string>
  /** The message as received after `DATA`. */
  raw: string
  /** When the server finished receiving it. */
  receivedAt: Date
}

interface MimePart {
  headers: Record<string, string>
  body: string
}

/** Parses a message as received after `DATA`; `to` are the envelope recipients. */
export function parseMessage(raw: string, to: string[], receivedAt: Date): CapturedMessage {
  const message = parsePart(raw)
  const bodies = { text: "", html: "" }
  collectTextBodies(message, bodies)
  return {
    from: message.headers.from ?? "",
    to,
    subject: message.headers.subject ?? "",
    text: bodies.text,
    html: bodies.html,
    headers: message.headers,
    raw,
    receivedAt,
  }
}

/** Splits a part at its first empty line into unfolded headers and the body. */
function parsePart(source: string): MimePart {
  const match = /\r?\n\r?\n/.exec(source)
  const head = match ? source.slice(0, match.index) : source
  const body = match ? source.slice(match.index + match[0].length) : ""
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":")
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    headers[name] ??= decodeEncodedWords(line.slice(colon + 1).trim())
  }
  return { headers, body }
}

/** Walks multipart bodies depth-first and keeps the first text/plain and text/html parts. */
function collectTextBodies(part: MimePart, bodies: { text: string; html: string }): void {
  const { type, params } = parseContentType(part.headers["content-type"])
  if (type.startsWith("multipart/") && params.boundary) {
    for (const child of splitMultipart(part.body, params.boundary)) {
      collectTextBodies(parsePart(child), bodies)
    }
    return
  }
  if (type !== "text/plain" && type !== "text/html") return
  const decoded = decodeBody(part.body, part.headers["content-transfer-encoding"], params.charset)
  const text = decoded.replace(/\r\n/g, "\n")
  if (type === "text/plain" && bodies.text === "") bodies.text = text
  if (type === "text/html" && bodies.html === "") bodies.html = text
}

/** `type/subtype; name=value; name="value"`, type lowercased, `text/plain` by default. */
function parseContentType(header = "text/plain"): {
  type: string
  params: Record<string, string>
} {
  const [type = "", ...rest] = header.split(";")
  const params: Record<string, string> = {}
  for (const param of rest) {
    const equals = param.indexOf("=")
    if (equals < 0) continue
    const name = param.slice(0, equals).trim().toLowerCase()
    params[name] = param
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
  }
  return { type: type.trim().toLowerCase(), params }
}

/** The parts between `--boundary` lines, up to `--boundary--`. */
function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`
  const parts: string[] = []
  let current: string[] | undefined
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd()
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) parts.push(current.join("\r\n"))
      if (trimmed !== delimiter) break
      current = []
      continue
    }
    current?.push(line)
  }
  return parts
}

/** @see https://www.rfc-editor.org/rfc/rfc2045#section-6 */
function decodeBody(body: string, encoding = "7bit", charset = "utf-8"): string {
  switch (encoding.trim().toLowerCase()) {
    case "quoted-printable":
      return new TextDecoder(charset).decode(decodeQuotedPrintable(body))
    case "base64":
      return new TextDecoder(charset).decode(Buffer.from(body.replace(/\s+/g, ""), "base64"))
    default:
      return body
  }
}

/**
 * Soft line breaks (`=` at the end of a line) are removed; `=XX` becomes the byte 0xXX.
 *
 * @see https://www.rfc-editor.org/rfc/rfc2045#section-6.7
 */
function decodeQuotedPrintable(body: string): Uint8Array {
  const input = body.replace(/[ \t]+(?=\r?\n)/g, "").replace(/=\r?\n/g, "")
  const bytes: number[] = []
  const encoder = new TextEncoder()
  for (const token of input.split(/(=[\da-f]{2})/i)) {
    if (/^=[\da-f]{2}$/i.test(token)) bytes.push(Number.parseInt(token.slice(1), 16))
    else bytes.push(...encoder.encode(token))
  }
  return Uint8Array.from(bytes)
}

/**
 * Decodes `=?charset?B|Q?text?=` words, dropping the whitespace between adjacent ones.
 *
 * @see https://www.rfc-editor.org/rfc/rfc2047#section-4
 */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_word, charset: string, kind: string, text) => {
      const bytes =
        kind.toLowerCase() === "b"
          ? Buffer.from(text, "base64")
          : decodeQuotedPrintable(String(text).replace(/_/g, " "))
      return new TextDecoder(charset).decode(bytes)
    })
}
