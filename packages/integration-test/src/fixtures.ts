import Credentials from "@auth/core/providers/credentials"
import { clientAddress } from "@auth/core/server"
import type { AuthConfig, User } from "@auth/core/types"

/** The secret of every contract app: long enough for every check, never used elsewhere. */
export const CONTRACT_SECRET = "http-contract-secret-for-tests-only-0123456789"

/** The one user the contract signs in as. */
export const DEMO_USER: User = { id: "7", name: "Ada Lovelace", email: "ada@example.test" }

/** The credentials that sign {@link DEMO_USER} in. */
export const DEMO_CREDENTIALS = { username: "ada", password: "correct horse battery staple" }

/**
 * Who the contract signs in as, and what it expects of the app's providers: by default
 * {@link CONTRACT_ACCOUNT}, the user of {@link contractConfig}. An app that runs its own config
 * (an example app, started with its documented environment) names its own.
 */
export interface ContractAccount {
  /** The fields of a credentials sign-in that signs {@link ContractAccount.user} in. */
  readonly credentials: Readonly<Record<string, string>> & { readonly password: string }
  /** The user the session then shows. */
  readonly user: { readonly id: string; readonly name: string; readonly email: string }
  /** The `name` of the credentials provider (id `credentials`) on `GET /providers`. */
  readonly providerName: string
  /** The ids `GET /providers` lists, in order. */
  readonly providers: readonly string[]
}

/** The account of {@link contractConfig}: {@link DEMO_USER}, signed in with {@link DEMO_CREDENTIALS}. */
export const CONTRACT_ACCOUNT: ContractAccount = {
  credentials: DEMO_CREDENTIALS,
  user: { id: "7", name: "Ada Lovelace", email: "ada@example.test" },
  providerName: "Credentials",
  providers: ["credentials"],
}

/** Cookie names on `http://` (no `__Secure-` / `__Host-` prefix). */
export const COOKIES = {
  session: "authjs.session-token",
  csrf: "authjs.csrf-token",
  callbackUrl: "authjs.callback-url",
} as const

/**
 * The config every contract app runs: a credentials provider for {@link DEMO_USER}, JWT
 * sessions whose `name` a session update can change, and a logger that records instead of
 * printing (bad input is logged on purpose). No `basePath`: the integration derives it.
 */
export function contractConfig(logged: Error[], clientAddresses: string[] = []): AuthConfig {
  return {
    secret: CONTRACT_SECRET,
    trustHost: true,
    providers: [
      Credentials({
        credentials: {
          username: { label: "Username" },
          password: { label: "Password", type: "password" },
        },
        authorize: ({ username, password }, request) => {
          clientAddresses.push(clientAddress(request) ?? "")
          return username === DEMO_CREDENTIALS.username && password === DEMO_CREDENTIALS.password
            ? DEMO_USER
            : null
        },
      }),
    ],
    callbacks: {
      jwt: ({ token, trigger, session }) => {
        if (trigger === "update" && isRecord(session) && typeof session.name === "string") {
          return { ...token, name: session.name }
        }
        return token
      },
    },
    logger: {
      error: (error) => void logged.push(error),
      warn: () => {},
      debug: () => {},
    },
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null
}
