/**
 * The redirect proxy: one stable deployment registered as the provider's redirect URI, which
 * forwards each authorization response to the deployment (a preview, say) that started the
 * sign-in. That deployment's callback URL travels in the encrypted `state`. The secret alone
 * does not make that URL trustworthy: every deployment sharing it writes into the `state`
 * whatever origin its request had, and one that trusts its `Host` header (previews usually do)
 * writes the origin an attacker's request names. So the proxy forwards only to origins it is
 * told to trust (`redirectProxyAllowedOrigins`), and only to the provider's callback path.
 *
 * @see https://authjs.dev/getting-started/deployment#securing-a-preview-deployment
 */
import { InvalidCheck } from "../../errors.js"
import { isAllowedOrigin, type OriginPattern } from "../config/redirect-proxy-origins.js"
import { decodeState } from "./checks.js"
import type { ResolvedOAuthProvider } from "./provider.js"

type ProxyProvider = Pick<ResolvedOAuthProvider, "id" | "redirectProxyCallbackUrl">

/** What the proxy needs from the config to decide whether to forward. */
export interface ProxyTrust {
  readonly secrets: readonly string[]
  readonly redirectProxyAllowedOrigins: readonly OriginPattern[]
}

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
 * URL named by the decrypted `state`; it must be an http(s) callback URL of the same provider on
 * an allowed origin.
 *
 * @throws {InvalidCheck} when the state does not decrypt, names no callback of this provider, or
 *   names an origin the proxy does not trust
 */
export async function proxyForwardUrl(
  provider: ProxyProvider,
  origin: string,
  params: URLSearchParams,
  trust: ProxyTrust,
): Promise<string | undefined> {
  const state = params.get("state")
  if (!state || !isOnRedirectProxy(provider, origin)) return undefined
  const { origin: target } = await decodeState(trust.secrets, state)
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
  if (!isAllowedOrigin(trust.redirectProxyAllowedOrigins, url.origin)) {
    throw new InvalidCheck(
      `The redirect proxy does not forward to ${url.origin}, which is not in redirectProxyAllowedOrigins (AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS). If it is one of your deployments, add its origin or a pattern such as "https://*.preview.example.com".`,
    )
  }
  url.search = params.toString()
  url.hash = ""
  return url.href
}
