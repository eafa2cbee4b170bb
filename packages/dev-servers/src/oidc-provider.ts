/**
 * The `oidc-provider` side of the local identity provider: the slice of its API used here,
 * importing it quietly, an in-memory storage adapter, and the interaction (login) handler that
 * replaces its development-only pages.
 *
 * @see https://github.com/panva/node-oidc-provider/blob/main/docs/README.md
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { readBody, sendHtml, sendText } from "./http.js"
import { loginPage } from "./login-page.js"

/** A stored `oidc-provider` model (session, grant, code, token, client metadata, ...). */
export type ModelPayload = Record<string, unknown>

/**
 * The part of the `oidc-provider` instance (a Koa application) used here. It has no type
 * declarations of its own; cast for anything else.
 */
export interface OidcProvider {
  readonly issuer: string
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>
  on(event: string, listener: (...args: unknown[]) => void): unknown
  Grant: {
    new (properties: { accountId: string; clientId: string }): OidcGrant
    find(id: string): Promise<OidcGrant | undefined>
  }
  RefreshToken: {
    find(
      value: string,
      options?: { ignoreExpiration?: boolean },
    ): Promise<OidcRefreshToken | undefined>
  }
}

/** A refresh token of `oidc-provider`. */
export interface OidcRefreshToken {
  readonly grantId: string
  destroy(): Promise<void>
}

/** An interaction session of `oidc-provider`. */
export interface OidcInteraction {
  uid: string
  grantId?: string
  params: Record<string, unknown>
  prompt: { name: string; details: Record<string, unknown> }
}

/** A grant of `oidc-provider`: what a user consented to for a client. */
export interface OidcGrant {
  addOIDCScope(scope: string): void
  addOIDCClaims(claims: string[]): void
  save(): Promise<string>
  destroy(): Promise<void>
}

type OidcProviderConstructor = new (issuer: string, configuration: object) => OidcProvider

let oidcProviderModule: Promise<unknown> | undefined

/**
 * Imports `oidc-provider` once, without its "Unsupported runtime" banner: it warns on Node 20,
 * which this repository supports and the provider works on.
 */
export async function importOidcProvider(): Promise<OidcProviderConstructor> {
  oidcProviderModule ??= (async () => {
    const warn = console.warn
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes("Unsupported runtime")) return
      warn(...args)
    }
    try {
      // A non-literal specifier: the package ships no type declarations.
      const specifier: string = "oidc-provider"
      return await import(specifier)
    } finally {
      console.warn = warn
    }
  })()
  const module = (await oidcProviderModule) as { default: unknown }
  return module.default as OidcProviderConstructor
}

/**
 * The login form (GET `/interaction/<uid>`), the login (POST `.../login`, which also grants the
 * requested scopes and claims) and the cancel button (POST `.../abort`). `name` is the
 * provider's name on the login form.
 */
export async function handleInteraction(
  provider: OidcProvider,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  name: string,
): Promise<void> {
  const [, , uid = "", action] = path.split("/")
  const details = await provider.interactionDetails(req, res)
  if (details.uid !== uid) return sendText(res, 400, "Interaction mismatch.")
  if (req.method === "GET" && action === undefined) {
    const redirectUri = details.params.redirect_uri
    return sendHtml(
      res,
      200,
      loginPage({
        uid,
        name,
        clientId: String(details.params.client_id),
        redirectUri: typeof redirectUri === "string" ? redirectUri : undefined,
      }),
    )
  }
  if (req.method !== "POST") return sendText(res, 405, "Method not allowed.")
  const fields = new URLSearchParams(await readBody(req))
  if (action === "abort") {
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "End-User aborted interaction" },
      { mergeWithLastSubmission: false },
    )
    return
  }
  const username = fields.get("username")
  if (action !== "login" || !username) return sendText(res, 400, "A username is required.")
  const grantId = await grantRequested(provider, details, username)
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: username }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  )
}

async function grantRequested(
  provider: OidcProvider,
  details: OidcInteraction,
  accountId: string,
): Promise<string> {
  const clientId = String(details.params.client_id)
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined
  const grant = existing ?? new provider.Grant({ accountId, clientId })
  if (typeof details.params.scope === "string") grant.addOIDCScope(details.params.scope)
  if (typeof details.params.claims === "string") {
    const requested = JSON.parse(details.params.claims) as Record<string, object | null>
    grant.addOIDCClaims(
      Object.values(requested).flatMap((claims) => (claims ? Object.keys(claims) : [])),
    )
  }
  return grant.save()
}

/**
 * An in-memory storage adapter for `oidc-provider` (it warns about its own). The `Client` model is
 * answered from `clientMetadata`, so redirect URIs can change after the provider started.
 */
export function createAdapter(clientMetadata: (clientId: string) => ModelPayload | undefined) {
  const store = new Map<string, { payload: ModelPayload; expiresAt?: number }>()
  const live = (key: string): ModelPayload | undefined => {
    const entry = store.get(key)
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      store.delete(key)
      return undefined
    }
    return entry?.payload
  }
  return (model: string) => {
    const keyOf = (id: string) => `${model}:${id}`
    const findBy = (field: string, value: string) => {
      for (const key of store.keys()) {
        const payload = key.startsWith(`${model}:`) ? live(key) : undefined
        if (payload?.[field] === value) return structuredClone(payload)
      }
      return undefined
    }
    return {
      async upsert(id: string, payload: ModelPayload, expiresIn?: number) {
        const expiresAt = typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : undefined
        store.set(keyOf(id), { payload: structuredClone(payload), expiresAt })
      },
      async find(id: string) {
        if (model === "Client") return clientMetadata(id)
        const payload = live(keyOf(id))
        return payload && structuredClone(payload)
      },
      findByUid: async (uid: string) => findBy("uid", uid),
      findByUserCode: async (userCode: string) => findBy("userCode", userCode),
      async consume(id: string) {
        const payload = live(keyOf(id))
        if (payload) payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id: string) {
        store.delete(keyOf(id))
      },
      async revokeByGrantId(grantId: string) {
        for (const [key, entry] of store) {
          if (entry.payload.grantId === grantId) store.delete(key)
        }
      },
    }
  }
}
