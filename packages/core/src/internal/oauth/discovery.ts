/**
 * Authorization server metadata: from OpenID Connect discovery on the provider's `issuer`
 * (cached), or assembled from the endpoints the provider configures.
 *
 * @see https://openid.net/specs/openid-connect-discovery-1_0.html#ProviderConfig
 * @see https://www.rfc-editor.org/rfc/rfc8414 OAuth 2.0 Authorization Server Metadata
 */
import * as o from "oauth4webapi"
import { endpointWithParams, type ResolvedOAuthProvider } from "./provider.js"
import { requestOptions } from "./request-options.js"

/** How long discovered metadata is reused: 1 hour. */
export const DISCOVERY_CACHE_TTL_SECONDS = 60 * 60
/** How many discovered documents are kept at most (least recently used go first). */
export const DISCOVERY_CACHE_MAX_ENTRIES = 100

/** The issuer Auth.js gives metadata assembled from configured endpoints when none is set. */
const FALLBACK_ISSUER = "https://authjs.dev"

/** Options of a {@link DiscoveryCache}. */
export interface DiscoveryCacheOptions {
  /** @default DISCOVERY_CACHE_MAX_ENTRIES */
  maxEntries?: number
  /** @default DISCOVERY_CACHE_TTL_SECONDS */
  ttlSeconds?: number
  /** The clock, in milliseconds. @default Date.now */
  now?: () => number
}

interface CacheEntry {
  readonly metadata: Promise<o.AuthorizationServer>
  readonly expiresAt: number
}

/**
 * A cache of discovered metadata, bounded in size (least recently used entries are dropped) and
 * in lifetime. Concurrent lookups of the same key share one request; a failed lookup is not
 * kept, so the next request tries again. The metadata object stays the same while it is cached,
 * which also keeps oauth4webapi's JWKS cache (keyed by it) warm.
 */
export class DiscoveryCache {
  readonly #entries = new Map<string, CacheEntry>()
  readonly #maxEntries: number
  readonly #ttlMs: number
  readonly #now: () => number

  constructor(options: DiscoveryCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? DISCOVERY_CACHE_MAX_ENTRIES
    this.#ttlMs = (options.ttlSeconds ?? DISCOVERY_CACHE_TTL_SECONDS) * 1000
    this.#now = options.now ?? Date.now
  }

  /** The number of entries held. */
  get size(): number {
    return this.#entries.size
  }

  /** The cached metadata for `key`, or what `load` resolves to (then cached). */
  get(key: string, load: () => Promise<o.AuthorizationServer>): Promise<o.AuthorizationServer> {
    const now = this.#now()
    const entry = this.#entries.get(key)
    this.#entries.delete(key)
    if (entry && entry.expiresAt > now) {
      this.#entries.set(key, entry)
      return entry.metadata
    }
    const metadata = load()
    const created = { metadata, expiresAt: now + this.#ttlMs }
    this.#entries.set(key, created)
    metadata.catch(() => {
      if (this.#entries.get(key) === created) this.#entries.delete(key)
    })
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break
      this.#entries.delete(oldest)
    }
    return metadata
  }
}

const sharedCache = new DiscoveryCache()
const fetchIds = new WeakMap<typeof fetch, number>()
let nextFetchId = 1

/**
 * Fetches and validates the discovery document of `issuer` (the provider's, or another one it
 * names, such as an Entra ID tenant), through the provider's `customFetch`. Documents are cached
 * per issuer and `customFetch`, since a `customFetch` may rewrite the document.
 *
 * @throws {o.OperationProcessingError} when the document is not valid metadata for `issuer`
 * @throws {o.ResponseBodyError} when the server answers with an error
 * @throws {TypeError} when the request fails or `issuer` is not a URL
 */
export function discover(
  provider: ResolvedOAuthProvider,
  issuer: string,
  cache: DiscoveryCache = sharedCache,
): Promise<o.AuthorizationServer> {
  return cache.get(`${fetchIdOf(provider.fetch)} ${issuer}`, async () => {
    const issuerUrl = new URL(issuer)
    const response = await o.discoveryRequest(issuerUrl, requestOptions(provider))
    return o.processDiscoveryResponse(issuerUrl, response)
  })
}

function fetchIdOf(fetchImpl: typeof fetch | undefined): number {
  if (!fetchImpl) return 0
  let id = fetchIds.get(fetchImpl)
  if (id === undefined) {
    id = nextFetchId++
    fetchIds.set(fetchImpl, id)
  }
  return id
}

/**
 * The metadata for starting a sign-in: the configured authorization endpoint, else discovery.
 *
 * @throws {TypeError} when the metadata has no `authorization_endpoint`
 */
export async function authorizationServerForSignIn(
  provider: ResolvedOAuthProvider,
  cache?: DiscoveryCache,
): Promise<o.AuthorizationServer> {
  if (provider.authorization.url) return configuredMetadata(provider)
  const metadata = await discover(provider, requireIssuer(provider), cache)
  if (!metadata.authorization_endpoint) {
    throw new TypeError(
      `The discovery document of ${metadata.issuer} has no authorization_endpoint. Set \`authorization\` on provider "${provider.id}".`,
    )
  }
  return metadata
}

/**
 * The metadata for a callback: discovery when the provider configures neither a token nor a
 * userinfo endpoint (as Auth.js decides), else the configured endpoints.
 *
 * @throws {TypeError} when the metadata has no `token_endpoint`
 */
export async function authorizationServerForCallback(
  provider: ResolvedOAuthProvider,
  cache?: DiscoveryCache,
): Promise<o.AuthorizationServer> {
  const metadata =
    provider.token.url || provider.userinfo.url
      ? configuredMetadata(provider)
      : await discover(provider, requireIssuer(provider), cache)
  if (!metadata.token_endpoint) {
    throw new TypeError(
      `Provider "${provider.id}" has no token endpoint: set \`token\`, or an \`issuer\` whose discovery document names one.`,
    )
  }
  return metadata
}

const configured = new WeakMap<ResolvedOAuthProvider, o.AuthorizationServer>()

/** Metadata from the configured endpoints, one object per provider (so JWKS stay cached). */
function configuredMetadata(provider: ResolvedOAuthProvider): o.AuthorizationServer {
  let metadata = configured.get(provider)
  if (!metadata) {
    const { authorization, token, userinfo } = provider
    metadata = {
      issuer: provider.issuer ?? FALLBACK_ISSUER,
      authorization_endpoint: authorization.url,
      token_endpoint: token.url && endpointWithParams(token.url, token.params),
      userinfo_endpoint: userinfo.url && endpointWithParams(userinfo.url, userinfo.params),
      jwks_uri: provider.jwksUri,
    }
    configured.set(provider, metadata)
  }
  return metadata
}

function requireIssuer(provider: ResolvedOAuthProvider): string {
  if (!provider.issuer) {
    throw new TypeError(
      `Provider "${provider.id}" has no issuer to discover its endpoints from. Set \`issuer\`, or its endpoints.`,
    )
  }
  return provider.issuer
}
