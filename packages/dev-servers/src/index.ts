/**
 * Local servers for development and tests, all on loopback addresses and with nothing to set
 * up: a real OpenID Connect identity provider ({@link startIdentityProvider}), an SMTP server that
 * keeps every message ({@link startSmtpServer}), a GitHub-like OAuth 2 server
 * ({@link startOAuth2Server}), and a {@link CookieJar} to carry cookies across `fetch` calls.
 *
 * The playground runs them for people; core's integration tests run them for assertions.
 *
 * @module @auth/dev-servers
 */
export {
  CookieJar,
  type CookieJarOptions,
  type ParsedSetCookie,
  parseSetCookie,
  type SetCookieSource,
  type StoredCookie,
} from "./cookie-jar.js"
export { escapeHtml } from "./html.js"
export type {
  AuthorizationResponse,
  EndpointFailure,
  ListenOptions,
  RecordedRequest,
} from "./http.js"
export { type ServedFetch, serveFetch } from "./http.js"
export {
  type Idp,
  type IdpAccountClaims,
  type IdpClient,
  type IdpClients,
  type IdpEndpoint,
  type IdpOptions,
  type IdpPrivateKeyJwtClient,
  startIdentityProvider,
  type TokenEndpointAuthMethod,
} from "./identity-provider.js"
export type { CapturedMessage } from "./mime.js"
export {
  type OAuth2Endpoint,
  type OAuth2Server,
  type OAuth2ServerOptions,
  type OAuth2User,
  type OAuth2UserEmail,
  startOAuth2Server,
} from "./oauth2-server.js"
export type {
  OidcGrant,
  OidcInteraction,
  OidcProvider,
  OidcRefreshToken,
} from "./oidc-provider.js"
export { type SmtpServerOptions, startSmtpServer, type TestSmtpServer } from "./smtp-server.js"
export type {
  TokenRequestFields,
  VendorClientAuth,
  VendorFixture,
  VendorGrant,
  VendorOidc,
  VendorRequest,
  VendorResource,
} from "./vendor-fixture.js"
export type { VendorSigningAlg } from "./vendor-jwt.js"
export {
  startVendorServer,
  type VendorEndpoint,
  type VendorRecordedRequest,
  type VendorServer,
} from "./vendor-server.js"
