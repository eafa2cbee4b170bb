import { describe, expect, it } from "vitest"
import type { AdapterUser } from "../src/adapters.js"
import { AuthError, OAuthAccountNotLinked } from "../src/errors.js"
import { handleLoginOrRegister, type LoginInput } from "../src/internal/actions/handle-login.js"
import { resolveConfig } from "../src/internal/config/resolve-config.js"
import { createContext } from "../src/internal/request/context.js"
import { parseRequest } from "../src/internal/routing/parse-request.js"
import { encode } from "../src/jwt.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import type { OAuthConfig } from "../src/providers/oauth.js"
import type { Account, AuthConfig, Profile } from "../src/types.js"
import { recordAdapter } from "./support/backend.js"
import { recordingLogger, SECRET } from "./support/client.js"

const COOKIE = "authjs.session-token"

function acme(overrides: Partial<OAuthConfig<Profile>> = {}): OAuthConfig<Profile> {
  return {
    id: "acme",
    name: "Acme",
    type: "oauth",
    authorization: "https://idp.test/authorize",
    token: "https://idp.test/token",
    userinfo: "https://idp.test/userinfo",
    clientId: "client",
    clientSecret: "secret",
    ...overrides,
  } as OAuthConfig<Profile>
}

/** A store, an event log shared by the adapter and the events, and a way to call the function. */
function setup(options: { strategy?: "jwt" | "database"; provider?: OAuthConfig<Profile> } = {}) {
  const log: string[] = []
  const inner = MemoryAdapter()
  const recorded = recordAdapter(inner, log)
  const events: Array<[string, unknown]> = []
  const record = (name: string) => (message: unknown) => {
    log.push(`events.${name}`)
    events.push([name, message])
  }
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter: recorded.adapter,
    logger: recordingLogger().logger,
    session: { strategy: options.strategy ?? "database" },
    providers: [options.provider ?? acme()],
    events: {
      createUser: record("createUser"),
      updateUser: record("updateUser"),
      linkAccount: record("linkAccount"),
    },
  }
  const resolved = resolveConfig(config)
  expect(resolved.error).toBeUndefined()

  async function login(input: LoginInput, sessionCookie?: string) {
    const headers: Record<string, string> = sessionCookie
      ? { cookie: `${COOKIE}=${sessionCookie}` }
      : {}
    const request = await parseRequest(
      new Request("http://localhost:3000/auth/callback/acme", { headers }),
      resolved.basePath,
    )
    return handleLoginOrRegister(createContext(resolved, request), input)
  }

  async function storedUser(email = "owner@example.test"): Promise<AdapterUser> {
    return inner.createUser!({ id: "ignored", email, name: "Owner", emailVerified: null })
  }

  async function storedAccount(user: AdapterUser, providerAccountId = "acme-1"): Promise<void> {
    await inner.linkAccount!({
      userId: user.id,
      provider: "acme",
      type: "oauth",
      providerAccountId,
    })
  }

  /** A cookie that signs the request in as `user`, for the configured strategy. */
  async function signedInAs(user: AdapterUser) {
    if ((options.strategy ?? "database") === "jwt") {
      return { cookie: await encode({ token: { sub: user.id }, secret: SECRET, salt: COOKIE }) }
    }
    const session = await inner.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + 86_400_000),
    })
    return { cookie: session.sessionToken, session }
  }

  function clearLog() {
    log.length = 0
    events.length = 0
    recorded.calls.length = 0
  }

  return { inner, recorded, log, events, login, storedUser, storedAccount, signedInAs, clearLog }
}

const providerUser = {
  id: "random-from-profile",
  name: "Ada",
  email: "ada@example.test",
  image: null,
}

function oauthInput(account: Partial<Account> = {}, user = providerUser): LoginInput {
  return {
    user,
    profile: { sub: "acme-1", email: user.email },
    account: {
      provider: "acme",
      type: "oauth",
      providerAccountId: "acme-1",
      access_token: "AT",
      refresh_token: "RT",
      expires_at: 1_800_000_000,
      expires_in: 3600,
      scope: "a b",
      token_type: "bearer",
      extra_field: "E",
      ...account,
    },
  }
}

describe("handleLoginOrRegister: OAuth rules (compat 11.7)", () => {
  it("account exists, signed in as its user: nothing changes, the session is kept", async () => {
    const t = setup()
    const owner = await t.storedUser()
    await t.storedAccount(owner)
    const { cookie, session } = await t.signedInAs(owner)
    t.clearLog()
    const result = await t.login(oauthInput(), cookie)
    expect(result).toMatchObject({ user: owner, isNewUser: false, session })
    expect(result.account.userId).toBe(owner.id)
    expect(t.recorded.argsOf("linkAccount")).toEqual([])
    expect(t.recorded.argsOf("createUser")).toEqual([])
    expect(t.events).toEqual([])
  })

  it("account exists, signed in as another user: OAuthAccountNotLinked", async () => {
    const t = setup()
    const owner = await t.storedUser()
    await t.storedAccount(owner)
    const other = await t.storedUser("other@example.test")
    const { cookie } = await t.signedInAs(other)
    const attempt = t.login(oauthInput(), cookie)
    await expect(attempt).rejects.toThrow(OAuthAccountNotLinked)
    await expect(attempt).rejects.toThrow("The account is already associated with another user")
  })

  it("account exists, not signed in: signs in as its user, no new session kept", async () => {
    const t = setup()
    const owner = await t.storedUser()
    await t.storedAccount(owner)
    t.clearLog()
    const result = await t.login(oauthInput())
    expect(result).toMatchObject({ user: owner, isNewUser: false, session: undefined })
    expect(t.events).toEqual([])
  })

  it("no account, signed in: links it to the signed-in user and keeps the session", async () => {
    const t = setup()
    const user = await t.storedUser()
    const { cookie, session } = await t.signedInAs(user)
    t.clearLog()
    const result = await t.login(oauthInput(), cookie)
    expect(result).toMatchObject({ user, isNewUser: false, session })
    expect(
      await t.inner.getUserByAccount!({ provider: "acme", providerAccountId: "acme-1" }),
    ).toEqual(user)
    expect(t.log).toEqual([
      "adapter.getSessionAndUser",
      "adapter.getUserByAccount",
      "adapter.linkAccount",
      "events.linkAccount",
    ])
  })

  it("signed in with the jwt strategy: the JWT's sub is looked up with getUser", async () => {
    const t = setup({ strategy: "jwt" })
    const user = await t.storedUser()
    const { cookie } = await t.signedInAs(user)
    t.clearLog()
    const result = await t.login(oauthInput(), cookie)
    expect(result).toMatchObject({ user, isNewUser: false })
    expect(t.recorded.argsOf("getUser")).toEqual([[user.id]])
    expect(t.recorded.argsOf("linkAccount")[0]?.[0]).toMatchObject({ userId: user.id })
  })

  it("an expired database session is not a signed-in user", async () => {
    const t = setup()
    const user = await t.storedUser("expired@example.test")
    const session = await t.inner.createSession!({
      sessionToken: "expired-token",
      userId: user.id,
      expires: new Date(Date.now() - 1000),
    })
    const result = await t.login(oauthInput(), session.sessionToken)
    expect(result.isNewUser).toBe(true)
    expect(result.user.id).not.toBe(user.id)
  })

  it("no account, e-mail owned by another user: OAuthAccountNotLinked", async () => {
    const t = setup()
    await t.storedUser(providerUser.email)
    t.clearLog()
    const attempt = t.login(oauthInput())
    await expect(attempt).rejects.toThrow(OAuthAccountNotLinked)
    await expect(attempt).rejects.toThrow(
      "Another account already exists with the same e-mail address",
    )
    expect(t.recorded.argsOf("linkAccount")).toEqual([])
  })

  it("with allowDangerousEmailAccountLinking: links to the e-mail's owner, without a createUser event", async () => {
    const t = setup({ provider: acme({ allowDangerousEmailAccountLinking: true }) })
    const owner = await t.storedUser(providerUser.email)
    t.clearLog()
    const result = await t.login(oauthInput())
    expect(result).toMatchObject({ user: owner, isNewUser: false })
    expect(t.log).toEqual([
      "adapter.getUserByAccount",
      "adapter.getUserByEmail",
      "adapter.linkAccount",
      "events.linkAccount",
    ])
    expect(t.events.map(([name]) => name)).toEqual(["linkAccount"])
  })

  it("nobody: creates the user (emailVerified null, the adapter's id) and links the account, in order", async () => {
    const t = setup()
    const result = await t.login(oauthInput())
    const [[created]] = t.recorded.argsOf("createUser") as [[AdapterUser]]
    expect(created).toMatchObject({ name: "Ada", email: providerUser.email, emailVerified: null })
    expect(created.id).not.toBe(providerUser.id)
    expect(result.isNewUser).toBe(true)
    const stored = await t.inner.getUserByEmail!(providerUser.email)
    expect(result.user).toEqual(stored)
    expect(result.user.id).not.toBe(created.id) // the memory adapter assigns its own ids
    expect(result.account).toMatchObject({
      userId: stored?.id,
      access_token: "AT",
      extra_field: "E",
    })
    expect(t.log).toEqual([
      "adapter.getUserByAccount",
      "adapter.getUserByEmail",
      "adapter.createUser",
      "events.createUser",
      "adapter.linkAccount",
      "events.linkAccount",
    ])
    expect(t.events).toEqual([
      ["createUser", { user: stored }],
      [
        "linkAccount",
        {
          user: stored,
          account: expect.objectContaining({ userId: stored?.id }),
          profile: providerUser,
        },
      ],
    ])
  })

  it("the default account callback stores only the Auth.js token fields", async () => {
    const t = setup()
    const result = await t.login(oauthInput({ session_state: "S", id_token: "IT" }))
    expect(t.recorded.argsOf("linkAccount")).toEqual([
      [
        {
          access_token: "AT",
          id_token: "IT",
          refresh_token: "RT",
          expires_at: 1_800_000_000,
          scope: "a b",
          token_type: "bearer",
          session_state: "S",
          providerAccountId: "acme-1",
          provider: "acme",
          type: "oauth",
          userId: result.user.id,
        },
      ],
    ])
  })

  it("a provider's account callback shapes what is stored; returning nothing keeps the identity fields", async () => {
    const picky = setup({
      provider: acme({ account: (tokens) => ({ access_token: tokens.access_token }) }),
    })
    const first = await picky.login(oauthInput())
    expect(picky.recorded.argsOf("linkAccount")[0]?.[0]).toEqual({
      access_token: "AT",
      providerAccountId: "acme-1",
      provider: "acme",
      type: "oauth",
      userId: first.user.id,
    })
    const silent = setup({ provider: acme({ account: () => undefined }) })
    const second = await silent.login(oauthInput())
    expect(silent.recorded.argsOf("linkAccount")[0]?.[0]).toEqual({
      providerAccountId: "acme-1",
      provider: "acme",
      type: "oauth",
      userId: second.user.id,
    })
  })

  it("without an adapter returns the provider's user, isNewUser undefined", async () => {
    const resolved = resolveConfig({ secret: SECRET, trustHost: true, providers: [acme()] })
    const request = await parseRequest(
      new Request("http://localhost:3000/auth/callback/acme"),
      resolved.basePath,
    )
    const input = oauthInput()
    const result = await handleLoginOrRegister(createContext(resolved, request), input)
    expect(result).toEqual({ user: input.user, account: input.account, isNewUser: undefined })
  })
})

describe("handleLoginOrRegister: e-mail", () => {
  const emailInput = (email: string, user: LoginInput["user"] = { email }): LoginInput => ({
    user,
    account: { provider: "acme", type: "email", providerAccountId: email },
  })

  it("creates a new user with emailVerified set and returns the adapter's id", async () => {
    const t = setup()
    const result = await t.login(emailInput("new@example.test"))
    const stored = await t.inner.getUserByEmail!("new@example.test")
    expect(stored?.emailVerified).toBeInstanceOf(Date)
    expect(result).toMatchObject({ user: stored, isNewUser: true, account: { userId: stored?.id } })
    expect(t.log).toEqual(["adapter.getUserByEmail", "adapter.createUser", "events.createUser"])
  })

  it("marks an existing user verified (updateUser and its event)", async () => {
    const t = setup()
    const owner = await t.storedUser("known@example.test")
    t.clearLog()
    const result = await t.login(emailInput("known@example.test", owner))
    expect(result.isNewUser).toBe(false)
    expect(result.user.id).toBe(owner.id)
    expect((result.user as AdapterUser).emailVerified).toBeInstanceOf(Date)
    expect(t.recorded.argsOf("updateUser")).toEqual([
      [{ id: owner.id, emailVerified: expect.any(Date) }],
    ])
    expect(t.events).toEqual([["updateUser", { user: result.user }]])
  })

  it("two first sign-ins at once create one user; the other signs in as it", async () => {
    const t = setup()
    const results = await Promise.all([
      t.login(emailInput("race@example.test")),
      t.login(emailInput("race@example.test")),
    ])
    expect(new Set(results.map((result) => result.user.id)).size).toBe(1)
    expect(results.map((result) => result.isNewUser).sort()).toEqual([false, true])
  })
})

describe("handleLoginOrRegister: credentials with database sessions", () => {
  const credentialsInput = (user: LoginInput["user"]): LoginInput => ({
    user,
    account: { provider: "credentials", type: "credentials", providerAccountId: user.id ?? "x" },
  })

  it("finds the user by id, then by e-mail, else creates it from name, email and image", async () => {
    const t = setup()
    const owner = await t.storedUser("cred@example.test")
    const byId = await t.login(credentialsInput({ id: owner.id }))
    expect(byId).toMatchObject({ user: owner, isNewUser: false })
    const byEmail = await t.login(credentialsInput({ id: "app-42", email: "cred@example.test" }))
    expect(byEmail).toMatchObject({ user: owner, isNewUser: false, account: { userId: owner.id } })
    t.clearLog()
    const created = await t.login(
      credentialsInput({
        id: "app-43",
        email: "fresh@example.test",
        name: "Fresh",
        role: "admin",
      } as never),
    )
    expect(created.isNewUser).toBe(true)
    expect(t.recorded.argsOf("createUser")).toEqual([
      [
        {
          id: expect.any(String),
          name: "Fresh",
          email: "fresh@example.test",
          image: undefined,
          emailVerified: null,
        },
      ],
    ])
    expect(t.events.map(([name]) => name)).toEqual(["createUser"])
  })

  it("refuses a user that is not stored and has no e-mail", async () => {
    const t = setup()
    await expect(t.login(credentialsInput({ id: "nobody" }))).rejects.toThrow(AuthError)
  })

  it("does not touch the adapter with the jwt strategy", async () => {
    const t = setup({ strategy: "jwt" })
    const input = credentialsInput({ id: "7", email: "jwt@example.test" })
    expect(await t.login(input)).toEqual({
      user: input.user,
      account: input.account,
      isNewUser: false,
    })
    expect(t.recorded.calls).toEqual([])
  })
})
