/**
 * Where the vendor mimic serves what: URL comparison without the query, the endpoints of a
 * fixture (configured, or the OIDC issuer's), and the discovery URL as clients build it.
 */
import type { VendorFixture } from "./vendor-fixture.js"

/** `origin + pathname` of a URL: what routing compares (the query is the client's). */
export function routeKey(url: string | URL | undefined): string {
  if (url === undefined) return "\u0000"
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

/** The issuer without a trailing slash, as the base of its endpoints. */
export function issuerPath(issuer: string): string {
  return issuer.replace(/\/+$/, "")
}

/**
 * The discovery document's URL, built as OpenID Connect Discovery 4 and oauth4webapi build it:
 * `/.well-known/openid-configuration` appended to the issuer's path.
 * @see https://openid.net/specs/openid-connect-discovery-1_0.html#ProviderConfigurationRequest
 */
export function discoveryUrlOf(issuer: string): string {
  return `${issuerPath(issuer)}/.well-known/openid-configuration`
}

export function authorizationUrlOf(fixture: VendorFixture): string | undefined {
  return (
    fixture.authorization ??
    (fixture.oidc ? `${issuerPath(fixture.oidc.issuer)}/authorize` : undefined)
  )
}

export function tokenUrlOf(fixture: VendorFixture): string | undefined {
  return fixture.token ?? (fixture.oidc ? `${issuerPath(fixture.oidc.issuer)}/token` : undefined)
}

/**
 * The client id and secret of an HTTP Basic `Authorization` header, each form-decoded
 * (RFC 6749 2.3.1); `undefined` for another scheme.
 */
export function clientCredentials(
  authorization: string | undefined,
): { id: string; secret: string } | undefined {
  if (!authorization?.startsWith("Basic ")) return undefined
  const decoded = Buffer.from(authorization.slice("Basic ".length), "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, "%20"))
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) }
}
