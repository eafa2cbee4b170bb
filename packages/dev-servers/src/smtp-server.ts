/**
 * A real SMTP server for development and tests of the e-mail providers: `smtp-server` on a
 * loopback port, without TLS or required authentication, that keeps every message it receives
 * and parses it just enough to show and assert on (headers, the text and HTML parts,
 * quoted-printable and base64 decoded).
 *
 * @see https://www.rfc-editor.org/rfc/rfc5321 SMTP
 * @see https://www.rfc-editor.org/rfc/rfc2045 MIME
 */
import type { AddressInfo } from "node:net"
import { SMTPServer, type SMTPServerError } from "smtp-server"
import type { ListenOptions } from "./http.js"
import { type CapturedMessage, parseMessage } from "./mime.js"

export type { CapturedMessage } from "./mime.js"

/** Options of {@link startSmtpServer}. */
export interface SmtpServerOptions extends ListenOptions {
  /** Answers `550` to the `RCPT TO` of every address for which it returns `true`. */
  rejectRecipients?: (address: string) => boolean
}

/** A running SMTP server. */
export interface TestSmtpServer {
  port: number
  /** `smtp://<host>:<port>`, usable as a provider's `server`. */
  url: string
  /** Every message received so far, oldest first. */
  messages: CapturedMessage[]
  /**
   * Resolves with the first message, received before or after the call, that matches
   * `predicate` (any message by default); rejects after `timeoutMs` or when the server closes.
   */
  waitForMessage(
    predicate?: (message: CapturedMessage) => boolean,
    timeoutMs?: number,
  ): Promise<CapturedMessage>
  close(): Promise<void>
}

interface Waiter {
  predicate: (message: CapturedMessage) => boolean
  resolve: (message: CapturedMessage) => void
  reject: (error: Error) => void
}

/**
 * Starts an SMTP server, on a free port of `127.0.0.1` unless told otherwise.
 *
 * @example
 * const smtp = await startSmtpServer()
 * const provider = Nodemailer({ server: smtp.url, from: "app@example.test" })
 * const message = await smtp.waitForMessage((m) => m.to.includes("ada@example.test"))
 * await smtp.close()
 */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: CapturedMessage[] = []
  const waiters = new Set<Waiter>()

  const deliver = (message: CapturedMessage): void => {
    messages.push(message)
    for (const waiter of waiters) {
      if (waiter.predicate(message)) {
        waiters.delete(waiter)
        waiter.resolve(message)
      }
    }
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.(address.address)) {
        const error: SMTPServerError = new Error(`Recipient ${address.address} rejected`)
        error.responseCode = 550
        callback(error)
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = []
      stream.on("data", (chunk: Uint8Array) => chunks.push(chunk))
      stream.on("error", callback)
      stream.on("end", () => {
        const raw = new TextDecoder().decode(Buffer.concat(chunks))
        const to = session.envelope.rcptTo.map((recipient) => recipient.address)
        deliver(parseMessage(raw, to, new Date()))
        callback()
      })
    },
  })
  // Connection-level errors (a client resetting its socket) must not crash the test run.
  server.on("error", () => {})

  const host = options.host ?? "127.0.0.1"
  const netServer = await new Promise<ReturnType<SMTPServer["listen"]>>((resolve, reject) => {
    const listening = server.listen(options.port ?? 0, host, () => resolve(listening))
    listening.once("error", reject)
  })
  const { port } = netServer.address() as AddressInfo

  return {
    port,
    url: `smtp://${host.includes(":") ? `[${host}]` : host}:${port}`,
    messages,
    waitForMessage(predicate = () => true, timeoutMs = 5000) {
      const received = messages.find(predicate)
      if (received) return Promise.resolve(received)
      return new Promise<CapturedMessage>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`No matching message within ${timeoutMs} ms.`))
        }, timeoutMs)
        const waiter: Waiter = {
          predicate,
          resolve: (message) => {
            clearTimeout(timer)
            resolve(message)
          },
          reject: (error) => {
            clearTimeout(timer)
            reject(error)
          },
        }
        waiters.add(waiter)
      })
    },
    close() {
      for (const waiter of waiters) waiter.reject(new Error("The SMTP server was closed."))
      waiters.clear()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
