import type { AuthConfig } from "@auth/core/types"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HttpClient } from "./client.js"
import type { ContractContext } from "./context.js"
import { CONTRACT_ACCOUNT, type ContractAccount, contractConfig } from "./fixtures.js"
import { describeActions } from "./suites/actions.js"
import { APP_ORIGIN, describeAppUrl } from "./suites/app-url.js"
import { describeBadInput } from "./suites/bad-input.js"
import { describeCaching } from "./suites/caching.js"
import { describeHardening } from "./suites/hardening.js"
import { describeLeaks } from "./suites/leaks.js"
import { describeProtection } from "./suites/protection.js"
import { describeSignIn } from "./suites/sign-in.js"

export type { ContractContext }

/** What {@link HttpContractOptions.start} is given. */
export interface StartOptions {
  /** Where to mount the integration's handler: actions are then at `<basePath>/<action>`. */
  readonly basePath: string
  /**
   * The config to pass to the integration, as is. It has no `basePath`: an integration that can
   * learn its mount path must do so.
   */
  readonly config: AuthConfig
}

/** A running app under test. */
export interface ContractApp {
  /** The server's origin, `http://127.0.0.1:<port>`, with no trailing slash. */
  readonly baseUrl: string
  /** Stops the server (open connections included). */
  close(): Promise<void>
}

/** Options of {@link runHttpContract}. */
export interface HttpContractOptions {
  /** The integration's name, shown in the test names. */
  readonly name: string
  /**
   * Starts a real HTTP server on `127.0.0.1`, port `0`, serving an app that:
   *
   * 1. serves the integration's auth handler at `basePath`, configured with `config`;
   * 2. serves `GET /protected`, guarded by the integration's route-protection helper, answering
   *    `200` with the session as JSON when signed in; when not, the helper answers: `303` to
   *    `<basePath>/signin?callbackUrl=<path and query asked for>` for browsers, `401` with JSON
   *    `{ "error": "Unauthorized" }` for requests that ask for JSON (`Accept: application/json`,
   *    or `X-Requested-With: XMLHttpRequest`);
   * 3. serves `GET /me`, answering `200` with the integration's server-side session getter's
   *    result as JSON (the session, or `null`);
   * 4. trusts no proxy: `X-Forwarded-Host` / `X-Forwarded-Proto` from the test client (on
   *    `127.0.0.1`) must be ignored.
   */
  readonly start: (options: StartOptions) => Promise<ContractApp>
  /** The base paths to mount at, each tested with its own server: `["/auth", "/api/v1/auth"]`. */
  readonly basePaths: readonly string[]
  /**
   * Send `Origin: <baseUrl>` on every request but GET and HEAD, as browsers do: for frameworks
   * that refuse form posts without it (SvelteKit's CSRF check).
   * @default false
   */
  readonly browserOrigin?: boolean
  /**
   * Also start, for each base path, an app whose config has `url` set (as `AUTH_URL` sets it)
   * to `http://app.example<basePath>`, and check that every URL it hands out is on that origin
   * whatever the `Host` or forwarded headers say. The integration's `start` must hand
   * `config.url` to core (or set `AUTH_URL` from it).
   * @default false
   */
  readonly appUrl?: boolean
  /**
   * For an app that runs its own config instead of `config` (an example app started with its
   * documented environment): who to sign in as, and the providers it lists. Such an app must
   * still meet the points of `start` at the integration's base path, use JWT sessions whose
   * `jwt` callback takes `name` from a session update (`{ name }`), and, with `appUrl`, sign
   * its sessions with `CONTRACT_SECRET` (as `AUTH_SECRET`) and set `AUTH_URL` from
   * `config.url`.
   * @default CONTRACT_ACCOUNT, the user of the contract's config
   */
  readonly account?: ContractAccount
  /**
   * The app runs `config` in this process and its integration attaches the socket's peer address
   * to the requests it hands core (`attachClientAddress`): the contract then checks that the
   * client address core sees is the peer (the test client on loopback), never a forged
   * `X-Forwarded-For`.
   * @default false
   */
  readonly attachesPeerAddress?: boolean
}

/**
 * Registers the HTTP contract every framework integration must pass, once per base path: CSRF,
 * providers, pages, credentials sign-in and its failures, session read and update, sign-out,
 * protected routes, and bad input (malformed and oversized bodies, bad cookies, hostile
 * `callbackUrl`s, forged forwarded headers), all over real HTTP with a cookie jar.
 *
 * @example
 * runHttpContract({
 *   name: "express 5",
 *   basePaths: ["/auth", "/api/v1/auth"],
 *   start: ({ basePath, config }) => startExpressApp(express, basePath, config),
 * })
 */
export function runHttpContract(options: HttpContractOptions): void {
  describe(`HTTP contract: ${options.name}`, () => {
    for (const basePath of options.basePaths) {
      describe(`mounted at ${basePath}`, () => {
        const context = useApp(options, basePath)
        describeActions(context)
        describeSignIn(context)
        describeProtection(context)
        describeBadInput(context)
        describeHardening(context)
        if (options.attachesPeerAddress) describeClientAddress(context)
        describeLeaks(context)
        describeCaching(context)
      })
      if (options.appUrl) {
        describe(`mounted at ${basePath}, with the app's URL set`, () => {
          const url = `${APP_ORIGIN}${basePath}`
          describeAppUrl(useApp(options, basePath, { url }))
        })
      }
    }
  })
}

function useApp(
  options: HttpContractOptions,
  basePath: string,
  overrides: Partial<AuthConfig> = {},
): ContractContext {
  const browserOrigin = options.browserOrigin === true
  const logged: Error[] = []
  const clientAddresses: string[] = []
  let app: ContractApp | undefined
  beforeAll(async () => {
    const config = { ...contractConfig(logged, clientAddresses), ...overrides }
    app = await options.start({ basePath, config })
  })
  afterAll(async () => {
    await app?.close()
  })
  const baseUrl = (): string => {
    if (!app) throw new Error(`The app at ${basePath} did not start.`)
    return app.baseUrl
  }
  return {
    basePath,
    account: options.account ?? CONTRACT_ACCOUNT,
    logged,
    clientAddresses,
    get baseUrl() {
      return baseUrl()
    },
    client: () => new HttpClient(baseUrl(), basePath, { browserOrigin }),
  }
}

/** Core's client identity through the integration: the socket's peer, whatever headers say. */
function describeClientAddress(context: ContractContext): void {
  describe("client address", () => {
    it("is the socket's peer, not the X-Forwarded-For the client sent", async () => {
      const client = context.client()
      const before = context.clientAddresses.length
      const csrfToken = await client.csrfToken()
      await client.postForm(
        "/callback/credentials",
        { ...context.account.credentials, csrfToken },
        { "x-forwarded-for": "203.0.113.99", "x-real-ip": "203.0.113.98" },
      )
      const seen = context.clientAddresses.slice(before)
      expect(seen).toHaveLength(1)
      expect(seen[0]).toMatch(/^(127\.0\.0\.1|::1)$/)
    })
  })
}
