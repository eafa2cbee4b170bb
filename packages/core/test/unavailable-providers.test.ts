/**
 * A listed provider that cannot serve (an OAuth provider whose client id, secret or issuer the
 * environment does not give) is left out: one warning names every missing
 * variable, its sign-in answers with the Configuration error, and the other providers serve.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { MissingSecret } from "../src/errors.js"
import { Auth, checkConfig, setEnvDefaults } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import GitHub from "../src/providers/github.js"
import Google from "../src/providers/google.js"
import Keycloak from "../src/providers/keycloak.js"
import { prepareConfig } from "../src/server.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, SECRET } from "./support/client.js"

const ORIGIN = "http://localhost:3000"
const CONFIGURATION_ERROR = `${ORIGIN}/auth/error?error=Configuration`

/** A logger that keeps every warning with its message, and every error. */
function messageLogger() {
  const warnings: Array<{ code: string; message: string | undefined }> = []
  const errors: Error[] = []
  return {
    warnings,
    errors,
    logger: {
      warn: (code: string, message?: string) => void warnings.push({ code, message }),
      error: (error: Error) => void errors.push(error),
      debug: () => {},
    },
  }
}

const credentials = () => Credentials({ credentials: { username: {} }, authorize: () => DEMO_USER })

/** GitHub configured by the environment, Google listed without it, and credentials. */
function githubWithoutGoogle(extra: Partial<AuthConfig> = {}) {
  const log = messageLogger()
  const config: AuthConfig = {
    secret: SECRET,
    providers: [GitHub, Google, credentials()],
    logger: log.logger,
    ...extra,
  }
  setEnvDefaults({ AUTH_GITHUB_ID: "gh-id", AUTH_GITHUB_SECRET: "gh-secret" }, config)
  return { config, log, client: new AuthClient(config, ORIGIN) }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("an OAuth provider listed without its environment", () => {
  it("is left out of /providers; the configured ones are listed", async () => {
    const { client } = githubWithoutGoogle()
    const response = await client.get("/providers")
    expect(response.status).toBe(200)
    expect(Object.keys(await response.json())).toEqual(["github", "credentials"])
  })

  it("is left out of the built-in sign-in page", async () => {
    const { client } = githubWithoutGoogle()
    const page = await client.get("/signin")
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain("Sign in with GitHub")
    expect(html).not.toContain("Google")
  })

  it("answers its sign-in with the Configuration error page, naming the variables in the log", async () => {
    const { client, log } = githubWithoutGoogle()
    const csrfToken = await client.csrfToken()
    const signIn = await client.postForm("/signin/google", { csrfToken })
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe(CONFIGURATION_ERROR)
    expect(log.errors.at(-1)).toMatchObject({ type: "InvalidProvider" })
    expect(log.errors.at(-1)?.message).toMatch(/^Provider "google" is not configured/)
    expect(log.errors.at(-1)?.message).toContain("AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET")

    const page = await client.get(CONFIGURATION_ERROR)
    expect(page.status).toBe(500)
    expect(await page.text()).toContain("Server error")
  })

  it("gives JSON clients the usual error shape, and GET /signin/<id> and the callback the same page", async () => {
    const { client } = githubWithoutGoogle()
    const csrfToken = await client.csrfToken()
    const json = await client.postForm(
      "/signin/google",
      { csrfToken },
      { "X-Auth-Return-Redirect": "1" },
    )
    expect(json.status).toBe(200)
    expect(await json.json()).toEqual({ url: CONFIGURATION_ERROR })
    for (const path of ["/signin/google", "/callback/google?code=x&state=y"]) {
      const response = await client.get(path)
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(CONFIGURATION_ERROR)
    }
  })

  it("is reported once, in one warning naming every missing variable", async () => {
    const { client, log } = githubWithoutGoogle()
    for (const path of ["/providers", "/session", "/csrf", "/signin"]) await client.get(path)
    expect(log.warnings).toHaveLength(1)
    const [warning] = log.warnings
    expect(warning?.code).toBe("providers-unavailable")
    expect(warning?.message).toContain('"google"')
    expect(warning?.message).toContain("AUTH_GOOGLE_ID")
    expect(warning?.message).toContain("AUTH_GOOGLE_SECRET")
    expect(warning?.message).not.toContain("AUTH_GITHUB")
  })

  it("is one line of the built-in logger, printed once for configs prepared from one another", async () => {
    const printed: string[] = []
    vi.spyOn(console, "warn").mockImplementation((...args) => void printed.push(args.join(" ")))
    const config: AuthConfig = { providers: [GitHub, Google, credentials()] }
    const env = { AUTH_SECRET: SECRET, AUTH_GITHUB_ID: "gh-id", AUTH_GITHUB_SECRET: "x" }
    // Two prepared copies of one config (an integration's mount paths) warn once.
    for (const basePath of ["/auth", "/api/auth"]) {
      const prepared = prepareConfig(config, env, { basePath })
      expect(prepared.error).toBeUndefined()
      await Auth(new Request(`${ORIGIN}${basePath}/session`), prepared.config)
    }
    const lines = printed.filter((line) => line.includes("providers-unavailable"))
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain("\n")
    expect(lines[0]).toContain("AUTH_GOOGLE_ID")
    expect(lines[0]).toContain("AUTH_GOOGLE_SECRET")
  })

  it("keeps the rest serving: sessions, credentials sign-in and the configured OAuth provider", async () => {
    const { client, log } = githubWithoutGoogle()
    const empty = await client.get("/session")
    expect(empty.status).toBe(200)
    expect(await empty.json()).toBeNull()

    const signedIn = await client.signInWithCredentials({ username: "ada" })
    expect(signedIn.status).toBe(302)
    expect(await client.session()).toMatchObject({ user: { email: DEMO_USER.email } })

    const github = await client.postForm("/signin/github", { csrfToken: await client.csrfToken() })
    expect(github.status).toBe(302)
    const location = new URL(github.headers.get("location") ?? "")
    expect(location.origin).toBe("https://github.com")
    expect(location.searchParams.get("client_id")).toBe("gh-id")
    expect(log.errors).toEqual([])
  })

  it("is not a configuration error: checkConfig and prepareConfig report none, even in production", () => {
    const { config } = githubWithoutGoogle()
    expect(checkConfig(config)).toBeUndefined()
    const prepared = prepareConfig(
      { providers: [GitHub, Google] },
      {
        NODE_ENV: "production",
        AUTH_SECRET: SECRET,
        AUTH_URL: "https://app.example",
      },
    )
    expect(prepared.error).toBeUndefined()
  })

  it("names every variable of every provider at once: ids, secrets and issuers", () => {
    const log = messageLogger()
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger: log.logger,
      providers: [GitHub, Google({ clientId: "google-id" }), Keycloak],
    }
    setEnvDefaults({}, config)
    expect(checkConfig(config)).toBeUndefined()
    expect(log.warnings).toHaveLength(1)
    const message = log.warnings[0]?.message ?? ""
    for (const variable of [
      "AUTH_GITHUB_ID",
      "AUTH_GITHUB_SECRET",
      "AUTH_GOOGLE_SECRET",
      "AUTH_KEYCLOAK_ID",
      "AUTH_KEYCLOAK_SECRET",
      "AUTH_KEYCLOAK_ISSUER",
    ]) {
      expect(message).toContain(variable)
    }
    expect(message).not.toContain("AUTH_GOOGLE_ID")
  })

  it("does not ask for a secret a public client does not use", async () => {
    const log = messageLogger()
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger: log.logger,
      providers: [
        Google({ clientId: "google-id", client: { token_endpoint_auth_method: "none" } }),
      ],
    }
    const response = await Auth(new Request(`${ORIGIN}/auth/providers`), config)
    expect(Object.keys(await response.json())).toEqual(["google"])
    expect(log.warnings).toEqual([])
  })

  it("still refuses the whole service for a mistake that makes it unsafe", async () => {
    const log = messageLogger()
    const config: AuthConfig = { trustHost: true, providers: [Google], logger: log.logger }
    expect(checkConfig(config)).toBeInstanceOf(MissingSecret)
    const response = await Auth(new Request(`${ORIGIN}/auth/providers`), config)
    expect(response.status).toBe(500)
  })
})
