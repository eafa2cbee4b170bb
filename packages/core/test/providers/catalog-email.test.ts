/**
 * Every HTTP e-mail provider sends the built-in sign-in e-mail to its service (a local mimic
 * that records the request), on the same flow as Nodemailer: the link it carries signs the user
 * in, and a refusal by the service sends the user back to the sign-in page with
 * `error=EmailSignin`, the service's answer in the log and no usable link left behind.
 */
import type { VendorServer } from "@auth/dev-servers"
import { beforeAll, describe, expect, it } from "vitest"
import { setEnvDefaults } from "../../src/internal/config/env.js"
import { customFetch } from "../../src/internal/symbols.js"
import { MemoryAdapter } from "../../src/memory-adapter.js"
import type { Provider } from "../../src/providers/index.js"
import { AuthClient, recordingLogger, SECRET } from "../support/client.js"
import { requestLink } from "../support/email.js"
import { API_KEY, EMAIL_CATALOG, type EmailCatalogEntry } from "./catalog/email-vendors.js"
import { envPrefix, useVendorServer } from "./catalog/index.js"

const ORIGIN = "http://localhost:3000"

const server = useVendorServer()
let vendor: VendorServer

beforeAll(() => {
  vendor = server()
})

/**
 * An app with the provider and a memory adapter, the provider given as its factory so that
 * `setEnvDefaults` applies `env` (`AUTH_<ID>_KEY`) as an app's integration does.
 */
function appWith(entry: EmailCatalogEntry, env: Record<string, string>) {
  const config = {
    providers: [
      (fromEnv: Record<string, unknown> = {}) =>
        entry.factory({ ...fromEnv, ...entry.options, [customFetch]: vendor.fetch }),
    ] as unknown as Provider[],
  }
  setEnvDefaults(env, config as never)
  const log = recordingLogger()
  const client = new AuthClient({
    secret: SECRET,
    trustHost: true,
    adapter: MemoryAdapter(),
    logger: log.logger,
    providers: config.providers,
  })
  return { client, log }
}

/** The env with the entry's API key. */
function keyEnv(entry: EmailCatalogEntry): Record<string, string> {
  return { [`${envPrefix(entry.id)}_KEY`]: API_KEY }
}

/** Plays the service: one endpoint answering as given. */
function useService(entry: EmailCatalogEntry, answer: EmailCatalogEntry["accepted"]): void {
  vendor.use({
    resources: [{ url: entry.url, method: "POST", token: "none", ...answer }],
  })
}

const cases = EMAIL_CATALOG.map((entry) => [entry.module, entry] as const)

describe("every HTTP e-mail provider sends the sign-in link through its service", () => {
  it.each(cases)("%s", async (_module, entry) => {
    useService(entry, entry.accepted)
    const { client, log } = appWith(entry, keyEnv(entry))
    const before = vendor.requests.length

    const response = await requestLink(client, "Reader@Example.test", { providerId: entry.id })

    expect(response.headers.get("location")).toBe(
      `${ORIGIN}/auth/verify-request?provider=${entry.id}&type=email`,
    )
    const [request, ...others] = vendor.requests.slice(before)
    expect(others).toEqual([])
    expect(request?.method).toBe("POST")
    expect(request?.url).toBe(entry.url)
    const [header, value] = entry.auth
    expect(request?.headers[header]).toBe(value)
    const sent = await entry.read(request!)
    expect(sent.to).toBe("reader@example.test")
    expect(new URL(sent.link).pathname).toBe(`/auth/callback/${entry.id}`)
    if (sent.subject !== undefined) expect(sent.subject).toBe("Sign in to localhost:3000")
    if (sent.html !== undefined) {
      // The link's `&` is escaped in the HTML part; nothing of it is interpreted as markup.
      expect(sent.html).toContain(`href="${sent.link.replaceAll("&", "&amp;")}"`)
    }

    const callback = await client.get(sent.link)
    expect(new URL(callback.headers.get("location") ?? "").href).toBe(`${ORIGIN}/`)
    expect(((await client.session())?.user as { email?: string })?.email).toBe(
      "reader@example.test",
    )
    expect(log.errors).toEqual([])
  })
})

describe("a refusal by the service is EmailSignin, with the service's answer logged", () => {
  it.each(cases)("%s", async (_module, entry) => {
    const { phrase, ...refusal } = entry.refused
    useService(entry, refusal)
    const { client, log } = appWith(entry, keyEnv(entry))

    const response = await requestLink(client, "reader@example.test", { providerId: entry.id })

    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect(log.errors).toHaveLength(1)
    expect(log.errors[0]?.name).toBe("EmailSignInError")
    const cause = log.errors[0]?.cause as { err?: Error } | undefined
    expect(cause?.err?.message).toContain(`${entry.name} error: ${refusal.status}`)
    expect(cause?.err?.message).toContain(phrase)
    expect(cause?.err?.message).not.toContain(API_KEY)
  })
})

describe("a missing API key", () => {
  it.each(cases)(
    "%s fails the sign-in before any request, naming the variable",
    async (_m, entry) => {
      useService(entry, entry.accepted)
      const { client, log } = appWith(entry, {})
      const before = vendor.requests.length

      const response = await requestLink(client, "reader@example.test", { providerId: entry.id })

      expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
      expect(vendor.requests.length).toBe(before)
      const cause = log.errors[0]?.cause as { err?: Error } | undefined
      expect(cause?.err?.message).toContain(`${envPrefix(entry.id)}_KEY`)
    },
  )
})
