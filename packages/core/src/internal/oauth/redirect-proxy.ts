/**
 * The redirect proxy: one stable deployment registered as the provider's redirect URI, which
 * forwards each authorization response to the deployment (a preview, say) that started the
 * sign-in. That deployment's callback URL travels in the encrypted `state`, so the proxy only
 * forwards to URLs that a deployment sharing the secret wrote; never to a request parameter.
 *
 * @see https://authjs.dev/getting-started/deployment#securing-a-preview-deployment
 */
import { InvalidCheck } from "../../errors.js"
import { decodeState } from "./checks.js"
import type { ResolvedOAuthProvider } from "./provider.js"

type ProxyProvider = Pick<ResolvedOAuthProvider, "id" | "redirectProxyCallbackUrl">

/** Whether the request is served by the provider's redirect proxy itself. */
export function isOnRedirectProxy(provider: ProxyProvider, origin: string): boolean {
  const proxy = provider.redirectProxyCallbackUrl
  return proxy !== undefined && new URL(proxy).origin === origin
}

/** Where the provider sends the browser back, and what the `state` must carry for it. */
export interface RedirectTarget {
  /** The `redirect_uri` of the authorization and token requests. */
  redirectUri: string
  /** This deployment's callback URL, for the proxy to forward to; absent without a proxy hop. */
  stateOrigin?: string
}

/**
 * The `redirect_uri` to use: the redirect proxy's callback when one is configured and this is
 * not the proxy, else this deployment's own callback URL.
 *
 * @param ownCallbackUrl `<origin><basePath>/callback/<id>` of this request
 */
export function redirectTargetOf(
  provider: ProxyProvider,
  origin: string,
  ownCallbackUrl: string,
): RedirectTarget {
  const proxy = provider.redirectProxyCallbackUrl
  if (proxy === undefined || isOnRedirectProxy(provider, origin)) {
    return { redirectUri: ownCallbackUrl }
  }
  return { redirectUri: proxy, stateOrigin: ownCallbackUrl }
}

/**
 * On the proxy: the URL to forward an authorization response to, or `undefined` when the
 * response is for the proxy's own sign-in (or no proxy is involved). The target is the callback
 * URL named by the decrypted `state`; it must be an http(s) callback URL of the same provider.
 *
 * @throws {InvalidCheck} when the state does not decrypt or names no callback of this provider
 */
export async function proxyForwardUrl(
  provider: ProxyProvider,
  origin: string,
  params: URLSearchParams,
  secrets: readonly string[],
): Promise<string | undefined> {
  const state = params.get("state")
  if (!state || !isOnRedirectProxy(provider, origin)) return undefined
  const { origin: target } = await decodeState(secrets, state)
  if (target === undefined) return undefined
  const url = URL.canParse(target) ? new URL(target) : undefined
  const callbackPath = `/callback/${encodeURIComponent(provider.id)}`
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    !url.pathname.endsWith(callbackPath)
  ) {
    throw new InvalidCheck(
      `The state names "${target}" as the callback to forward to, which is not a ${callbackPath} URL.`,
    )
  }
  if (url.origin === origin) return undefined
  url.search = params.toString()
  url.hash = ""
  return url.href
}
