/**
 * Account management through `Auth()`: a signed-in user lists their linked accounts
 * (`GET /accounts`, no tokens) and unlinks one (`POST /accounts/unlink`), never their last way to
 * sign in, and never another user's account.
 */
import { describe, expect, it } from "vitest"
import type { Adapter, AdapterAccount, AdapterUser } from "../src/adapters.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Email from "../src/providers/email.js"
import GitHub from "../src/providers/github.js"
import Google from "../src/providers/google.js"
import type { Provider } from "../src/providers/index.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, recordingLogger, SECRET } from "./support/client.js"

const oauth = [
  GitHub({ clientId: "github-id", clientSecret: "github-secret" }),
  Google({ clientId: "google-id", clientSecret: "google-secret" }),
]

function account(user: AdapterUser, provider: string, id: string): AdapterAccount {
  return {
    userId: user.id,
    type: "oauth",
    provider,
    providerAccountId: id,
    access_token: `access-${id}`,
    refresh_token: `refresh-${id}`,
  }
}

/** A user with a GitHub and a Google account, signed in with a database session. */
async function setup(providers: Provider[] = oauth) {
  const adapter: Adapter = MemoryAdapter()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    logger: recordingLogger().logger,
    providers,
  }
  const user = await adapter.createUser!({
    id: crypto.randomUUID(),
    email: "linus@example.test",
    emailVerified: null,
  })
  await adapter.linkAccount!(account(user, "github", "gh-1"))
  await adapter.linkAccount!(account(user, "google", "go-1"))
  const client = new AuthClient(config)
  const sessionToken = crypto.randomUUID()
  await adapter.createSession!({
    sessionToken,
    userId: user.id,
    expires: new Date(Date.now() + 86_400_000),
  })
  client.jar.set("authjs.session-token", sessionToken)
  return { adapter, config, user, client }
}

async function unlink(client: AuthClient, fields: Record<string, string>) {
  const csrfToken = await client.csrfToken()
  const response = await client.postForm("/accounts/unlink", { ...fields, csrfToken })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe("GET /accounts", () => {
  it("lists the signed-in user's accounts without any token", async () => {
    const { client } = await setup()
    const response = await client.get("/accounts")
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toContain("no-store")
    const body = await response.json()
    expect(body).toEqual({
      accounts: [
        { provider: "github", type: "oauth", providerAccountId: "gh-1" },
        { provider: "google", type: "oauth", providerAccountId: "go-1" },
      ],
    })
    expect(JSON.stringify(body)).not.toContain("access-")
  })

  it("answers 401 SessionRequired when signed out", async () => {
    const { config } = await setup()
    const response = await new AuthClient(config).get("/accounts")
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: "SessionRequired" })
  })
})

describe("POST /accounts/unlink", () => {
  it("unlinks one provider and answers with the accounts left", async () => {
    const { client, adapter } = await setup()
    expect(await unlink(client, { provider: "github" })).toEqual({
      status: 200,
      body: { accounts: [{ provider: "google", type: "oauth", providerAccountId: "go-1" }] },
    })
    expect(await adapter.getUserByAccount!({ provider: "github", providerAccountId: "gh-1" })).toBe(
      null,
    )
  })

  it("keeps the last way to sign in: 409 LastSignInMethod", async () => {
    const { client, adapter, user } = await setup()
    await unlink(client, { provider: "github" })
    expect(await unlink(client, { provider: "google" })).toEqual({
      status: 409,
      body: { error: "LastSignInMethod" },
    })
    expect((await adapter.listAccounts!(user.id)).map((row) => row.provider)).toEqual(["google"])
  })

  it("counts e-mail sign-in to the user's address as a way to sign in", async () => {
    const email = Email({ server: "smtp://127.0.0.1:1", from: "auth@example.test" })
    const { client } = await setup([...oauth, email])
    await unlink(client, { provider: "github" })
    expect((await unlink(client, { provider: "google" })).body).toEqual({ accounts: [] })
  })

  it("does not count an account of a provider the config no longer has", async () => {
    const { client } = await setup([oauth[0]!])
    expect((await unlink(client, { provider: "github" })).status).toBe(409)
  })

  it("answers another user's account as one that does not exist, and keeps it", async () => {
    const { client, adapter, config } = await setup()
    const other = await adapter.createUser!({
      id: crypto.randomUUID(),
      email: "other@example.test",
      emailVerified: null,
    })
    await adapter.linkAccount!(account(other, "gitlab", "gl-9"))
    await adapter.linkAccount!(account(other, "github", "gh-9"))
    const foreign = await unlink(client, { provider: "gitlab" })
    const foreignId = await unlink(client, { provider: "github", providerAccountId: "gh-9" })
    const unknown = await unlink(client, { provider: "no-such-provider" })
    expect(foreign).toEqual({ status: 404, body: { error: "AccountNotFound" } })
    expect(foreignId).toEqual(foreign)
    expect(unknown).toEqual(foreign)
    expect((await adapter.listAccounts!(other.id)).length).toBe(2)
    expect(config.adapter).toBe(adapter)
  })

  it("refuses without the CSRF token, or without a provider", async () => {
    const { client, adapter, user } = await setup()
    const forged = await client.postForm("/accounts/unlink", { provider: "github" })
    expect(forged.status).toBe(403)
    expect(await forged.json()).toEqual({ error: "MissingCSRF" })
    expect((await unlink(client, {})).status).toBe(400)
    expect((await adapter.listAccounts!(user.id)).length).toBe(2)
  })
})
