/**
 * The credentials provider: sign in with whatever the user types (a user name and password,
 * a one-time code), checked by your `authorize` function.
 *
 * @module providers/credentials
 */
import type { Awaitable } from "../types/common.js"
import type { User } from "../types/user.js"
import type { CommonProviderOptions } from "./provider-types.js"

/** The id of the credentials provider. */
export type CredentialsProviderId = "credentials"

/** One input of the credentials form on the built-in sign-in page. */
export interface CredentialInput {
  label?: string
  type?: string
  value?: string
  placeholder?: string
  [attribute: string]: unknown
}

/** Options of the credentials provider. */
export interface CredentialsConfig<
  C extends Record<string, CredentialInput> = Record<string, CredentialInput>,
> extends CommonProviderOptions {
  type: "credentials"
  /** The inputs of the form on the built-in sign-in page. */
  credentials: C
  /**
   * Decides the sign-in. Return a user to sign them in, `null` to reject with
   * `CredentialsSignin`, or throw a `CredentialsSignin` subclass to set its `code`.
   *
   * @param credentials the submitted form fields
   * @param request the sign-in request
   */
  authorize: (
    credentials: Partial<Record<keyof C, unknown>>,
    request: Request,
  ) => Awaitable<User | null>
  options?: CredentialsUserConfig<C>
}

/** What a user passes to {@link Credentials}. */
export type CredentialsUserConfig<
  C extends Record<string, CredentialInput> = Record<string, CredentialInput>,
> = Partial<Omit<CredentialsConfig<C>, "options" | "type">>

/** The type of the credentials provider. */
export type CredentialsProviderType = "Credentials"

/**
 * Creates a credentials provider.
 *
 * @example
 * Credentials({
 *   credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
 *   async authorize({ username, password }) {
 *     return (await checkPassword(username, password)) ? { id: "1", name: String(username) } : null
 *   },
 * })
 */
export default function Credentials<
  C extends Record<string, CredentialInput> = Record<string, CredentialInput>,
>(config: CredentialsUserConfig<C>): CredentialsConfig<C> {
  return {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: {} as C,
    authorize: () => null,
    options: config,
  }
}
