/** Serves the SMTP server's captured messages as JSON on a loopback port, for the apps. */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { TestSmtpServer } from "@auth/dev-servers"
import { toMailboxMessage } from "./mailbox.js"

/** A running mailbox. */
export interface MailboxServer {
  /** `http://127.0.0.1:<port>/messages` */
  url: string
  close(): Promise<void>
}

/** `GET /messages` → the messages, newest first; anything else 404. */
export async function serveMailbox(smtp: TestSmtpServer): Promise<MailboxServer> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/messages") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found")
      return
    }
    const messages = [...smtp.messages].reverse().map(toMailboxMessage)
    res
      .writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
      .end(JSON.stringify(messages))
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/messages`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
