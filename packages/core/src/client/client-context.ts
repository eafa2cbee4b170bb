/**
 * Which context each client's actions run in. Add-ons of a client (the WebAuthn client, its own
 * entry so apps without passkeys never load `@simplewebauthn/browser`) run their requests with
 * the same options, CSRF token and session hub as the client they extend, without those
 * internals becoming part of the public `AuthClient` interface.
 */
import type { ActionContext } from "./sign-in.js"

const contexts = new WeakMap<object, ActionContext>()

/** Records `context` as the one `client`'s actions run in; returns `client`. */
export function linkActionContext<T extends object>(client: T, context: ActionContext): T {
  contexts.set(client, context)
  return client
}

/**
 * The context the actions of `client` run in.
 *
 * @throws {TypeError} when `client` was not made by `createAuthClient`
 */
export function actionContextOf(client: object): ActionContext {
  const context = contexts.get(client)
  if (context === undefined) {
    throw new TypeError(
      "This is not a client made by createAuthClient (from @auth/core/client): pass the one your app uses.",
    )
  }
  return context
}
