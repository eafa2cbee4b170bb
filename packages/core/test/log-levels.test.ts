/**
 * What the built-in logger prints for the errors `Auth()` meets: an expected client error is one
 * `[auth][warn]` line with its type and code; a real failure keeps its stack.
 */
import { CookieJar } from "@auth/dev-servers"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { CredentialsSignin } from "../src/errors.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import type { OIDCConfig } from "../src/providers/oauth.js"
import type { AuthConfig, Profile } from "../src/types.js"
import { deliver, expectErrorRedirect, locationOf, startSignIn } from "./oauth/flow.js"
import { AuthClient, DEMO_USER, SECRET } from "./support/client.js"
import { capturingEmailProvider } from "./support/email.js"
import { type Idp, startIdentityProvider } from "./support/idp.js"

/** What reached the console, by level, one entry per call. */
let printed: { warn: string[]; error: string[] }

beforeEach(() => {
  printed = { warn: [], error: [] }
  vi.spyOn(console, "warn").mockImplementation((...args) => void printed.warn.push(args.join(" ")))
  vi.spyOn(console, "error").mockImplementation(
    (...args) => void printed.error.push(args.join(" ")),
  )
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** A client over a config that uses the built-in (console) logger. */
function appWith(config: Omit<AuthConfig, "secret" | "trustHost">): AuthClient {
  return new AuthClient({ secret: SECRET, trustHost: true, ...config })
}

function credentials(authorize: () => unknown) {
  return Credentials({
    credentials: { username: {}, password: {} },
    authorize: authorize as () => null,
  })
}

async function signIn(client: AuthClient): Promise<Response> {
  const csrfToken = await client.csrfToken()
  return client.postForm("/callback/credentials", {
    csrfToken,
    username: "ada",
    password: "wrong",
  })
}

/** Strips the console colors. */
function plain(line: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ANSI escape is the point
  return (line ?? "").replace(/\x1b\[\d+m/g, "")
}

describe("expected client errors are one warning line", () => {
  it("a wrong password: CredentialsSignin with its code", async () => {
    const client = appWith({ providers: [credentials(() => null)] })
    expectErrorRedirect(await signIn(client), "signin", "CredentialsSignin")

    expect(printed.error).toEqual([])
    expect(printed.warn).toHaveLength(1)
    expect(plain(printed.warn[0])).toBe(
      "[auth][warn][CredentialsSignin] The authorize callback returned no user. code=credentials",
    )
  })

  it("a custom CredentialsSignin code is the code logged", async () => {
    class InvalidLogin extends CredentialsSignin {
      override code = "invalid_login"
    }
    const client = appWith({
      providers: [
        credentials(() => {
          throw new InvalidLogin("Unknown user or wrong password.")
        }),
      ],
    })
    await signIn(client)
    expect(printed.error).toEqual([])
    expect(plain(printed.warn[0])).toBe(
      "[auth][warn][CredentialsSignin] Unknown user or wrong password. code=invalid_login",
    )
  })

  it("an unknown or expired e-mail link: Verification", async () => {
    const email = capturingEmailProvider()
    const client = appWith({ adapter: MemoryAdapter(), providers: [email.provider] })
    const response = await client.get("/callback/email?token=expired&email=ada%40example.test")
    expectErrorRedirect(response, "error", "Verification")

    expect(printed.error).toEqual([])
    expect(printed.warn).toHaveLength(1)
    expect(plain(printed.warn[0])).toMatch(/^\[auth\]\[warn\]\[Verification\] The sign-in link /)
    expect(printed.warn[0]).not.toContain("\n")
  })

  it("a path no action serves: UnknownAction", async () => {
    const client = appWith({ providers: [credentials(() => null)] })
    await client.get("/nothing-here")
    expect(printed.error).toEqual([])
    expect(plain(printed.warn[0])).toMatch(/^\[auth\]\[warn\]\[UnknownAction\] [^\n]+$/)
  })
})

describe("a cancelled OAuth consent", () => {
  let idp: Idp

  beforeAll(async () => {
    idp = await startIdentityProvider()
    idp.setRedirectUris(["http://localhost:3000/auth/callback/idp"])
  })

  afterAll(async () => {
    await idp?.close()
  })

  it("is one warning line carrying the provider's error code", async () => {
    const provider = idp.oidcProvider("client_secret_basic") as OIDCConfig<Profile>
    const client = appWith({ providers: [provider] })
    const authorizationUrl = locationOf(await startSignIn(client, "idp"))
    const denied = await idp.deny(new CookieJar(), authorizationUrl)

    expectErrorRedirect(await deliver(client, denied), "signin", "OAuthCallbackError")

    expect(printed.error).toEqual([])
    expect(printed.warn).toHaveLength(1)
    const line = plain(printed.warn[0])
    expect(line).toMatch(/^\[auth\]\[warn\]\[OAuthCallbackError\] /)
    expect(line).toContain("code=access_denied")
    expect(line).toContain("provider=idp")
    expect(line).not.toContain("state=")
  })
})

describe("real failures keep their stack", () => {
  it("an authorize callback that throws is an error with the stack", async () => {
    const client = appWith({
      providers: [
        credentials(() => {
          throw new Error("database unreachable")
        }),
      ],
    })
    expectErrorRedirect(await signIn(client), "error", "Configuration")

    expect(printed.warn).toEqual([])
    expect(printed.error).toHaveLength(1)
    const text = plain(printed.error[0])
    expect(text).toMatch(/^\[auth\]\[error\] CallbackRouteError/)
    expect(text).toContain("Error: database unreachable")
    expect(text).toMatch(/\n\s+at /)
  })

  it("a signIn callback that throws is AccessDenied with the stack", async () => {
    const client = appWith({
      providers: [credentials(() => DEMO_USER)],
      callbacks: {
        signIn: () => {
          throw new Error("policy service down")
        },
      },
    })
    await signIn(client)
    expect(printed.warn).toEqual([])
    expect(plain(printed.error[0])).toMatch(/^\[auth\]\[error\] AccessDenied/)
    expect(printed.error[0]).toMatch(/\n\s+at /)
  })
})

it("a custom logger still receives expected client errors at `error`, as in Auth.js", async () => {
  const errors: Error[] = []
  const client = appWith({
    providers: [credentials(() => null)],
    logger: { error: (error) => void errors.push(error) },
  })
  await signIn(client)
  expect(errors).toHaveLength(1)
  expect(errors[0]).toBeInstanceOf(CredentialsSignin)
  expect(printed).toEqual({ warn: [], error: [] })
})
