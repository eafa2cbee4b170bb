/**
 * Passkeys end to end through `Auth()`: the options, the browser's ceremony (a software
 * authenticator with real keys and signatures), the callback, the stored authenticator, the
 * session, and every way a ceremony can be wrong. Each test has its own memory adapter.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server"
import { describe, expect, it } from "vitest"
import type { Adapter } from "../src/adapters.js"
import { checkConfig } from "../src/index.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import Passkey from "../src/providers/passkey.js"
import WebAuthn from "../src/providers/webauthn.js"
import { listPasskeys, prepareConfig, removePasskey } from "../src/server.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET } from "./support/client.js"
import {
  createSoftAuthenticator,
  type SoftAlgorithm,
  type SoftAuthenticator,
} from "./webauthn/soft-authenticator.js"

const ORIGIN = "http://localhost:3000"
const ERROR_PAGE = `${ORIGIN}/auth/error?error=WebAuthnVerificationError`

interface Setup {
  client: AuthClient
  adapter: Adapter
  config: AuthConfig
  log: ReturnType<typeof recordingLogger>
}

function setup(extra: Partial<AuthConfig> = {}): Setup {
  const adapter = MemoryAdapter()
  const log = recordingLogger()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy: "jwt" },
    logger: log.logger,
    providers: [Passkey],
    ...extra,
  }
  return { client: new AuthClient(config, ORIGIN), adapter, config, log }
}

type Options =
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON }

async function options(client: AuthClient, query = "", provider = "passkey"): Promise<Options> {
  const response = await client.get(`/webauthn-options/${provider}${query ? `?${query}` : ""}`)
  expect(response.status).toBe(200)
  expect(response.headers.get("cache-control")).toContain("no-store")
  return (await response.json()) as Options
}

/** Runs the ceremony the options ask for and posts the callback; returns the response. */
async function ceremony(
  client: AuthClient,
  authenticator: SoftAuthenticator,
  query = "",
  context: { origin?: string; rpId?: string; credentialId?: string; userVerified?: boolean } = {},
  provider = "passkey",
) {
  const { action, options: json } = await options(client, query, provider)
  const ceremonyContext = { origin: context.origin ?? ORIGIN, ...context }
  const data =
    action === "register"
      ? await authenticator.register(
          json as PublicKeyCredentialCreationOptionsJSON,
          ceremonyContext,
        )
      : await authenticator.authenticate(
          json as PublicKeyCredentialRequestOptionsJSON,
          ceremonyContext,
        )
  const fields = { action, data: JSON.stringify(data), callbackUrl: `${ORIGIN}/home` }
  const cookie = client.cookieHeader()
  const response = await client.postForm(`/callback/${provider}`, fields)
  return { action, data, fields, cookie, response }
}

async function signOut(client: AuthClient): Promise<void> {
  const csrfToken = await client.csrfToken()
  await client.postForm("/signout", { csrfToken })
  expect(await client.session()).toBeNull()
}

const passkeyOf = (algorithm: SoftAlgorithm = "ES256") =>
  createSoftAuthenticator({ algorithm, backupEligible: true, backedUp: true })

describe("registering a new user with a passkey (signed out, by e-mail)", () => {
  it("creates the user, its webauthn account and authenticator, and signs in", async () => {
    const { client, adapter } = setup()
    const authenticator = passkeyOf()
    const { action, response } = await ceremony(client, authenticator, "email=new%40example.test")
    expect(action).toBe("register")
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/home`)
    expect(await client.session()).toMatchObject({ user: { email: "new@example.test" } })
    const user = await adapter.getUserByEmail!("new@example.test")
    expect(user).toMatchObject({ email: "new@example.test", emailVerified: null })
    const [stored] = await adapter.listAuthenticatorsByUserId!(user!.id)
    const [credential] = authenticator.credentials()
    // Auth.js's storage: standard base64 with padding, the account keyed by the credential id.
    expect(stored).toMatchObject({
      credentialID: Buffer.from(credential!.id, "base64url").toString("base64"),
      credentialPublicKey: Buffer.from(credential!.publicKey).toString("base64"),
      counter: 0,
      credentialDeviceType: "multiDevice",
      credentialBackedUp: true,
      transports: "internal",
      userId: user!.id,
    })
    expect(await adapter.getAccount!(stored!.credentialID, "passkey")).toMatchObject({
      type: "webauthn",
      userId: user!.id,
    })
    expect(client.jar.has("authjs.challenge")).toBe(false)
  })

  it("offers the registration as Auth.js does: resident key, user verification, the e-mail as name", async () => {
    const { client } = setup()
    const { action, options: json } = await options(client, "email=new%40example.test")
    expect(action).toBe("register")
    const creation = json as PublicKeyCredentialCreationOptionsJSON
    expect(creation.rp).toEqual({ name: "localhost:3000", id: "localhost" })
    expect(creation.user).toMatchObject({
      name: "new@example.test",
      displayName: "new@example.test",
    })
    expect(creation.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    })
    expect(creation.timeout).toBe(300_000)
    expect(client.jar.has("authjs.challenge")).toBe(true)
  })

  it.each([
    ["ES256", "none"],
    ["ES256", "packed"],
    ["RS256", "none"],
    ["RS256", "packed"],
    ["EdDSA", "none"],
    ["EdDSA", "packed"],
  ] as const)(
    "verifies %s credentials with %s attestation, then signs in with them",
    async (algorithm, attestation) => {
      const { client, adapter } = setup()
      const authenticator = createSoftAuthenticator({ algorithm, attestation })
      const registered = await ceremony(client, authenticator, "email=alg%40example.test")
      expect(registered.response.status).toBe(302)
      await signOut(client)
      const signedIn = await ceremony(client, authenticator)
      expect(signedIn.action).toBe("authenticate")
      expect(signedIn.response.headers.get("location")).toBe(`${ORIGIN}/home`)
      expect(await client.session()).toMatchObject({ user: { email: "alg@example.test" } })
      const user = await adapter.getUserByEmail!("alg@example.test")
      const [stored] = await adapter.listAuthenticatorsByUserId!(user!.id)
      expect(stored!.counter).toBe(1)
    },
  )
})

describe("signing in with a passkey", () => {
  async function registered(extra: Partial<AuthConfig> = {}) {
    const context = setup(extra)
    const authenticator = passkeyOf()
    await ceremony(context.client, authenticator, "email=ada%40example.test")
    await signOut(context.client)
    return { ...context, authenticator }
  }

  it("signs in with a discoverable credential alone (no e-mail) and updates the counter", async () => {
    const { client, adapter, authenticator } = await registered()
    const { options: json } = await options(client)
    expect((json as PublicKeyCredentialRequestOptionsJSON).allowCredentials).toBeUndefined()
    const { response } = await ceremony(client, authenticator)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/home`)
    expect(await client.session()).toMatchObject({ user: { email: "ada@example.test" } })
    const user = await adapter.getUserByEmail!("ada@example.test")
    expect((await adapter.listAuthenticatorsByUserId!(user!.id))[0]!.counter).toBe(1)
  })

  it("lists the user's credentials when the e-mail is given", async () => {
    const { client, authenticator } = await registered()
    const { action, options: json } = await options(client, "email=ada%40example.test")
    expect(action).toBe("authenticate")
    const allowed = (json as PublicKeyCredentialRequestOptionsJSON).allowCredentials
    expect(allowed).toEqual([
      { id: authenticator.credentials()[0]!.id, type: "public-key", transports: ["internal"] },
    ])
  })

  it("starts a database session too", async () => {
    const { client, adapter, authenticator } = await registered({
      session: { strategy: "database" },
    })
    await ceremony(client, authenticator)
    expect(await client.session()).toMatchObject({ user: { email: "ada@example.test" } })
    const token = client.jar.get("authjs.session-token")!
    expect(await adapter.getSessionAndUser!(token)).toMatchObject({
      user: { email: "ada@example.test" },
    })
  })

  it("refuses the same request replayed, even from an authenticator that keeps no counter", async () => {
    const { client, log } = setup()
    const authenticator = createSoftAuthenticator({ algorithm: "ES256", signCount: "zero" })
    await ceremony(client, authenticator, "email=ada%40example.test")
    await signOut(client)
    const first = await ceremony(client, authenticator)
    expect(first.response.headers.get("location")).toBe(`${ORIGIN}/home`)
    await signOut(client)
    client.jar.clear()
    const replay = await client.postForm("/callback/passkey", first.fields, {
      cookie: first.cookie,
    })
    expect(replay.status).toBe(302)
    expect(replay.headers.get("location")).toBe(ERROR_PAGE)
    expect(
      replay.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token=")),
    ).toBe(false)
    expect(log.errors.at(-1)!.message).toContain("already used")
  })

  it("refuses a credential the server does not know, like a bad signature", async () => {
    const { client } = await registered()
    const stranger = passkeyOf()
    const { options: json } = await options(client, "action=register&email=x%40example.test")
    await stranger.register(json as PublicKeyCredentialCreationOptionsJSON, { origin: ORIGIN })
    const { response } = await ceremony(client, stranger)
    expect(response.headers.get("location")).toBe(ERROR_PAGE)
    expect(await client.session()).toBeNull()
  })

  it("refuses an assertion for another relying party or from another origin", async () => {
    const { client, authenticator } = await registered()
    const credentialId = authenticator.credentials()[0]!.id
    const otherRp = await ceremony(client, authenticator, "", { rpId: "evil.test", credentialId })
    expect(otherRp.response.headers.get("location")).toBe(ERROR_PAGE)
    const otherOrigin = await ceremony(client, authenticator, "", { origin: "http://evil.test" })
    expect(otherOrigin.response.headers.get("location")).toBe(ERROR_PAGE)
    expect(await client.session()).toBeNull()
  })

  it("refuses a cloned authenticator whose counter went back", async () => {
    const { client, authenticator } = await registered()
    for (let round = 0; round < 2; round++) {
      await ceremony(client, authenticator)
      await signOut(client)
    }
    authenticator.setCounter(authenticator.credentials()[0]!.id, 0)
    const { response } = await ceremony(client, authenticator)
    expect(response.headers.get("location")).toBe(ERROR_PAGE)
    expect(await client.session()).toBeNull()
  })

  it("refuses a user-unverified assertion for Passkey (user verification required)", async () => {
    const { client, authenticator } = await registered()
    const { response } = await ceremony(client, authenticator, "", { userVerified: false })
    expect(response.headers.get("location")).toBe(ERROR_PAGE)
  })
})

describe("bad input never crashes and stores nothing", () => {
  async function withOptions() {
    const context = setup()
    await options(context.client, "email=ada%40example.test")
    return context
  }

  it.each([
    ["malformed JSON data", { action: "register", data: "{not json" }],
    ["data that is not an object", { action: "register", data: "[1]" }],
    ["data without a credential id", { action: "register", data: "{}" }],
    ["no data", { action: "authenticate" }],
    ["a wrong action", { action: "delete", data: '{"id":"AAAA"}' }],
    ["no action", { data: '{"id":"AAAA"}' }],
  ])("%s: the error page, nothing stored", async (_, fields) => {
    const { client, adapter, log } = await withOptions()
    const response = await client.postForm("/callback/passkey", fields as Record<string, string>)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(ERROR_PAGE)
    expect(await adapter.getUserByEmail!("ada@example.test")).toBeNull()
    expect(log.errors.at(-1)!.name).toBe("WebAuthnVerificationError")
  })

  it("a missing or altered challenge cookie: the error page", async () => {
    const { client } = setup()
    const authenticator = passkeyOf()
    const { options: json } = await options(client, "email=ada%40example.test")
    const data = await authenticator.register(json as PublicKeyCredentialCreationOptionsJSON, {
      origin: ORIGIN,
    })
    const fields = { action: "register", data: JSON.stringify(data) }
    const challenge = client.jar.get("authjs.challenge")!
    client.jar.set("authjs.challenge", `${challenge.slice(0, -4)}AAAA`)
    expect((await client.postForm("/callback/passkey", fields)).headers.get("location")).toBe(
      ERROR_PAGE,
    )
    client.jar.delete("authjs.challenge")
    expect((await client.postForm("/callback/passkey", fields)).headers.get("location")).toBe(
      ERROR_PAGE,
    )
  })

  it("a challenge issued for another provider: the error page", async () => {
    const { client } = setup({ providers: [Passkey, WebAuthn({ enableConditionalUI: false })] })
    const authenticator = passkeyOf()
    const { options: json } = await options(client, "email=ada%40example.test", "webauthn")
    const data = await authenticator.register(json as PublicKeyCredentialCreationOptionsJSON, {
      origin: ORIGIN,
    })
    const response = await client.postForm("/callback/passkey", {
      action: "register",
      data: JSON.stringify(data),
    })
    expect(response.headers.get("location")).toBe(ERROR_PAGE)
  })

  it("a registration answered to an authentication challenge: the error page", async () => {
    const { client } = setup()
    const authenticator = passkeyOf()
    const { options: register } = await options(client, "email=ada%40example.test")
    const data = await authenticator.register(register as PublicKeyCredentialCreationOptionsJSON, {
      origin: ORIGIN,
    })
    await options(client, "action=authenticate")
    const response = await client.postForm("/callback/passkey", {
      action: "register",
      data: JSON.stringify(data),
    })
    expect(response.headers.get("location")).toBe(ERROR_PAGE)
  })

  it("GET on the callback is the Configuration error, as in Auth.js", async () => {
    const { client } = setup()
    const response = await client.get("/callback/passkey")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
  })

  it("an unknown ?action= is 400 Invalid action; registering a taken e-mail signed out is 400", async () => {
    const { client, adapter } = setup()
    const bad = await client.get("/webauthn-options/passkey?action=delete")
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: "Invalid action" })
    await adapter.createUser!({ id: "u1", email: "taken@example.test", emailVerified: null })
    const taken = await client.get(
      "/webauthn-options/passkey?action=register&email=taken%40example.test",
    )
    expect(taken.status).toBe(400)
    expect(await taken.json()).toEqual({ error: "Invalid request" })
    // Without an action an existing e-mail authenticates, with that user's credentials.
    expect((await options(client, "email=taken%40example.test")).action).toBe("authenticate")
  })

  it("reads the e-mail as e-mail sign-in does: case and spaces fold, anything but one address is no user", async () => {
    const { client, adapter } = setup()
    await adapter.createUser!({ id: "u1", email: "ada@example.test", emailVerified: null })
    await adapter.createUser!({ id: "u2", email: "Grace@Example.test", emailVerified: null })
    // The user who signed in by e-mail (stored lower-cased) is found, not registered again.
    expect((await options(client, "email=%20ADA%40Example.TEST")).action).toBe("authenticate")
    // A user stored with the case as typed (registered by Auth.js) is found too.
    expect((await options(client, "email=Grace%40Example.test")).action).toBe("authenticate")
    // A new user is registered under the normalized address.
    const fresh = await options(client, "email=New%40Example.test")
    expect(fresh.action).toBe("register")
    expect((fresh.options as PublicKeyCredentialCreationOptionsJSON).user.name).toBe(
      "new@example.test",
    )
    for (const email of ["not-an-email", "a@example.test,b@example.test", "a".repeat(100_000)]) {
      const register = await client.get(
        `/webauthn-options/passkey?action=register&email=${encodeURIComponent(email)}`,
      )
      expect(register.status).toBe(400)
      const plain = await client.get(`/webauthn-options/passkey?email=${encodeURIComponent(email)}`)
      expect(plain.status).toBe(200)
      expect(((await plain.json()) as Options).action).toBe("authenticate")
      const challenge = plain.headers.getSetCookie().join("; ")
      expect(challenge.length).toBeLessThan(2_000)
    }
  })

  it("a registration for an e-mail another user took meanwhile: AccountNotLinked, nothing stored", async () => {
    const { client, adapter } = setup()
    const authenticator = passkeyOf()
    const { options: json } = await options(client, "email=race%40example.test")
    const data = await authenticator.register(json as PublicKeyCredentialCreationOptionsJSON, {
      origin: ORIGIN,
    })
    const other = await adapter.createUser!({
      id: "u2",
      email: "race@example.test",
      emailVerified: null,
    })
    const response = await client.postForm("/callback/passkey", {
      action: "register",
      data: JSON.stringify(data),
    })
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=AccountNotLinked`)
    expect(await adapter.listAuthenticatorsByUserId!(other.id)).toEqual([])
  })

  it("the options of a provider that is not WebAuthn: the Configuration error", async () => {
    const { client } = setup({
      providers: [Passkey, Credentials({ credentials: {}, authorize: () => DEMO_USER })],
    })
    const response = await client.get("/webauthn-options/credentials")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
  })
})

describe("adding passkeys to a signed-in user", () => {
  const credentials = () =>
    Credentials({ credentials: { email: {} }, authorize: () => ({ ...DEMO_USER }) })

  async function signedIn(strategy: "jwt" | "database") {
    const context = setup({ providers: [credentials(), Passkey], session: { strategy } })
    const response = await context.client.signInWithCredentials({ email: DEMO_USER.email })
    expect(response.status).toBe(302)
    return context
  }

  it.each(["jwt", "database"] as const)(
    "registers several passkeys for the %s session's user, then signs in with either",
    async (strategy) => {
      const { client, adapter } = await signedIn(strategy)
      // Signed in, with no passkeys yet (a JWT credentials user is not even stored yet).
      const before = await client.get("/passkeys")
      expect(before.status).toBe(200)
      expect(await before.json()).toEqual({ passkeys: [] })
      const phone = passkeyOf()
      const laptop = passkeyOf("EdDSA")
      const first = await ceremony(client, phone, "action=register")
      expect(first.action).toBe("register")
      expect(first.response.headers.get("location")).toBe(`${ORIGIN}/home`)
      const { options: second } = await options(client, "action=register")
      const excluded = (second as PublicKeyCredentialCreationOptionsJSON).excludeCredentials
      expect(excluded?.map((entry) => entry.id)).toEqual([phone.credentials()[0]!.id])
      await ceremony(client, laptop, "action=register")
      const user = await adapter.getUserByEmail!(DEMO_USER.email)
      expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(2)
      const listed = (await (await client.get("/passkeys")).json()) as { passkeys: unknown[] }
      expect(listed.passkeys).toHaveLength(2)
      await signOut(client)
      await ceremony(client, laptop)
      expect(await client.session()).toMatchObject({ user: { email: DEMO_USER.email } })
    },
  )

  it("without action, a signed-in request fits no ceremony (400), as in Auth.js", async () => {
    const { client } = await signedIn("jwt")
    const response = await client.get("/webauthn-options/passkey")
    expect(response.status).toBe(400)
  })

  it("refuses a passkey of another user while signed in (AccountNotLinked)", async () => {
    const { client } = await signedIn("database")
    const bob = createSoftAuthenticator({ algorithm: "ES256" })
    const other = new AuthClient(client.config, ORIGIN)
    await ceremony(other, bob, "email=bob%40example.test")
    const { response } = await ceremony(client, bob, "action=authenticate")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=AccountNotLinked`)
  })
})

describe("passkey management: GET /passkeys, POST /passkeys/remove", () => {
  async function twoPasskeys(providers: AuthConfig["providers"] = [Passkey]) {
    const context = setup({ providers })
    const phone = passkeyOf()
    const laptop = passkeyOf()
    await ceremony(context.client, phone, "email=ada%40example.test")
    await ceremony(context.client, laptop, "action=register")
    return { ...context, phone, laptop }
  }

  it("signed out: 401, never a list", async () => {
    const { client } = setup()
    const response = await client.get("/passkeys")
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: "Unauthorized" })
    const removal = await client.postJson("/passkeys/remove", {
      csrfToken: await client.csrfToken(),
      id: "x",
    })
    expect(removal.status).toBe(401)
  })

  it("lists the user's passkeys, and removes one with a CSRF token; the last one stays", async () => {
    const { client, adapter } = await twoPasskeys()
    const listed = await client.get("/passkeys")
    expect(listed.status).toBe(200)
    expect(listed.headers.get("cache-control")).toContain("no-store")
    const { passkeys } = (await listed.json()) as { passkeys: Array<Record<string, unknown>> }
    expect(passkeys).toHaveLength(2)
    expect(passkeys[0]).toMatchObject({
      deviceType: "multiDevice",
      backedUp: true,
      transports: ["internal"],
    })
    expect(typeof passkeys[0]!.createdAt).toBe("string")

    const noCsrf = await client.postJson("/passkeys/remove", { id: passkeys[0]!.id })
    expect(noCsrf.status).toBe(403)
    expect(await noCsrf.json()).toEqual({ error: "MissingCSRF" })
    const csrfToken = await client.csrfToken()
    const unknown = await client.postJson("/passkeys/remove", { csrfToken, id: "bm9uZQ==" })
    expect(unknown.status).toBe(404)
    const removed = await client.postJson("/passkeys/remove", { csrfToken, id: passkeys[0]!.id })
    expect(removed.status).toBe(200)
    expect(((await removed.json()) as { passkeys: unknown[] }).passkeys).toHaveLength(1)
    expect(await adapter.getAuthenticator!(passkeys[0]!.id as string)).toBeNull()
    expect(await adapter.getAccount!(passkeys[0]!.id as string, "passkey")).toBeNull()

    const last = await client.postJson("/passkeys/remove", { csrfToken, id: passkeys[1]!.id })
    expect(last.status).toBe(409)
    expect(await last.json()).toEqual({ error: "LastSignInMethod" })
  })

  it("another user's passkey is not found", async () => {
    const { client } = await twoPasskeys()
    const { passkeys } = (await (await client.get("/passkeys")).json()) as {
      passkeys: Array<{ id: string }>
    }
    const other = new AuthClient(client.config, ORIGIN)
    await ceremony(other, passkeyOf(), "email=eve%40example.test")
    const response = await other.postJson("/passkeys/remove", {
      csrfToken: await other.csrfToken(),
      id: passkeys[0]!.id,
    })
    expect(response.status).toBe(404)
  })

  it("removes the last passkey when the user can sign in another way (credentials)", async () => {
    const credentials = Credentials({ credentials: {}, authorize: () => null })
    const { client } = await twoPasskeys([Passkey, credentials])
    const csrfToken = await client.csrfToken()
    const { passkeys } = (await (await client.get("/passkeys")).json()) as {
      passkeys: Array<{ id: string }>
    }
    for (const { id } of passkeys) {
      expect((await client.postJson("/passkeys/remove", { csrfToken, id })).status).toBe(200)
    }
  })

  it("on the server API: listPasskeys and removePasskey", async () => {
    const { client, config } = await twoPasskeys()
    const prepared = prepareConfig(config, {}, { defaultBasePath: "/auth" })
    const request = (method: string) =>
      new Request(`${ORIGIN}/account`, { method, headers: { cookie: client.cookieHeader() } })
    const listed = await listPasskeys(request("GET"), prepared)
    expect(listed.error).toBeUndefined()
    if (listed.error !== undefined) throw new Error(listed.error)
    const id = listed.passkeys[0]!.id
    expect(await removePasskey(request("GET"), prepared, id)).toMatchObject({
      error: "MissingCSRF",
    })
    const removed = await removePasskey(request("POST"), prepared, id)
    expect(removed).toMatchObject({ passkeys: [{}] })
    const signedOut = await listPasskeys(new Request(`${ORIGIN}/account`), prepared)
    expect(signedOut).toEqual({ error: "Unauthorized", status: 401 })
  })
})

describe("the config", () => {
  it("needs no experimental flag, and warns about none", async () => {
    const { client, log } = setup()
    const providers = await (await client.get("/providers")).json()
    expect(providers).toEqual({
      passkey: {
        id: "passkey",
        name: "Passkey",
        type: "webauthn",
        signinUrl: `${ORIGIN}/auth/signin/passkey`,
        callbackUrl: `${ORIGIN}/auth/callback/passkey`,
      },
    })
    expect(log.warnings).toEqual([])
  })

  it("needs an adapter with the authenticator methods", () => {
    expect(checkConfig({ secret: SECRET, trustHost: true, providers: [Passkey] })?.name).toBe(
      "MissingAdapter",
    )
    const { getAuthenticator: _, ...partial } = MemoryAdapter()
    const error = checkConfig({
      secret: SECRET,
      trustHost: true,
      providers: [Passkey],
      adapter: partial,
    })
    expect(error?.name).toBe("MissingAdapterMethods")
    expect(error?.message).toContain("getAuthenticator")
  })

  it("refuses two providers with conditional UI, and conditional UI without a webauthn field", () => {
    const base = { secret: SECRET, trustHost: true, adapter: MemoryAdapter() }
    expect(checkConfig({ ...base, providers: [Passkey, WebAuthn] })?.name).toBe(
      "DuplicateConditionalUI",
    )
    expect(
      checkConfig({ ...base, providers: [Passkey({ formFields: { email: { label: "Email" } } })] })
        ?.name,
    ).toBe("MissingWebAuthnAutocomplete")
  })
})
