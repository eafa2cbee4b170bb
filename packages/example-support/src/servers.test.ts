/**
 * The servers the launcher starts, in-process: the identity provider's redirect URIs for the
 * app's port, the env handed to the app, and the mailbox showing what the SMTP server caught.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import nodemailer from "nodemailer"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readMailbox } from "./mailbox.js"
import { type ExampleServers, startExampleServers } from "./servers.js"

let dataDir: string
let servers: ExampleServers

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "example-servers-"))
  servers = await startExampleServers({ basePath: "/api/auth", port: 0, dataDir })
})

afterAll(async () => {
  await servers?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe("startExampleServers", () => {
  it("registers the app's callback on localhost and 127.0.0.1 for its port", async () => {
    const { env } = servers
    const discovery = (await (
      await fetch(`${env.AUTH_PLAYGROUND_ID_ISSUER}/.well-known/openid-configuration`)
    ).json()) as { authorization_endpoint: string }
    const authorize = (redirectUri: string) =>
      fetch(
        `${discovery.authorization_endpoint}?${new URLSearchParams({
          client_id: env.AUTH_PLAYGROUND_ID_ID ?? "",
          redirect_uri: redirectUri,
          response_type: "code",
          scope: "openid",
        })}`,
        { redirect: "manual" },
      )

    for (const host of ["localhost", "127.0.0.1"]) {
      const response = await authorize(
        `http://${host}:${servers.port}/api/auth/callback/playground-id`,
      )
      expect(response.status).toBe(303)
      expect(response.headers.get("location")).toContain("/interaction/")
    }
    const elsewhere = await authorize(
      `http://localhost:${servers.port + 1}/api/auth/callback/playground-id`,
    )
    expect(elsewhere.headers.get("location") ?? "").not.toContain("/interaction/")
  })

  it("hands over the env the README lists (AUTH_URL is the launcher's)", () => {
    expect(Object.keys(servers.env).sort()).toEqual([
      "AUTH_PLAYGROUND_ID_ID",
      "AUTH_PLAYGROUND_ID_ISSUER",
      "AUTH_PLAYGROUND_ID_SECRET",
      "AUTH_SECRET",
      "EMAIL_SERVER",
      "EXAMPLE_BASE_PATH",
      "EXAMPLE_DATA_DIR",
      "EXAMPLE_MAILBOX_URL",
      "EXAMPLE_OPEN_DATABASE",
      "HOST",
      "PORT",
    ])
    expect(servers.env.PORT).toBe(String(servers.port))
    expect(servers.env.EMAIL_SERVER).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/)
    expect(servers.url).toBe(`http://localhost:${servers.port}`)
    expect(servers.env.AUTH_SECRET?.length).toBeGreaterThanOrEqual(32)
  })

  it("shows what the SMTP server caught in the mailbox, newest first, with the sign-in link", async () => {
    const transport = nodemailer.createTransport(servers.env.EMAIL_SERVER)
    const link = `http://localhost:${servers.port}/api/auth/callback/nodemailer?token=abc`
    for (const subject of ["First", "Sign in to localhost"]) {
      await transport.sendMail({
        from: "app@example.test",
        to: "reader@example.test",
        subject,
        text: `Open https://example.test/help or ${link} to sign in.`,
      })
    }

    const [newest, older] = await readMailbox(servers.env)

    expect(newest).toMatchObject({
      to: ["reader@example.test"],
      subject: "Sign in to localhost",
      signInLink: link,
    })
    expect(new Date(newest?.date ?? "").getTime()).not.toBeNaN()
    expect(older?.subject).toBe("First")
  })

  it("has an empty mailbox without the launcher", async () => {
    expect(await readMailbox({})).toEqual([])
  })
})
