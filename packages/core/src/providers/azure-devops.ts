/**
 * Sign in with Azure DevOps (Azure DevOps Services OAuth 2.0).
 *
 * Register the app at app.vsaex.visualstudio.com/app/register with the callback URL
 * `<origin>/auth/callback/azure-devops` and the "User profile (read)" scope; the app's "Client
 * Secret" is the `clientSecret`. Microsoft no longer registers new Azure DevOps OAuth apps and
 * recommends Microsoft Entra ID (`@auth/core/providers/microsoft-entra-id`) instead.
 *
 * @see https://learn.microsoft.com/en-us/azure/devops/integrate/get-started/authentication/oauth
 * @module providers/azure-devops
 */
import { customFetch } from "../internal/symbols.js"
import { type FetchCarrier, providerFetch, requestUrl } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import { conformTokenResponse } from "./internal/token.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET /_apis/profile/profiles/me?details=true&coreAttributes=Avatar`.
 * @see https://learn.microsoft.com/en-us/rest/api/azure/devops/profile/profiles/get
 */
export interface AzureDevOpsProfile {
  id: string
  displayName: string
  emailAddress: string
  coreAttributes: { Avatar: { value: { value: string } } }
  [claim: string]: unknown
}

/** Azure DevOps-specific options. */
export interface AzureDevOpsOptions {
  /**
   * The scopes, space-separated.
   * @default "vso.profile"
   */
  scope?: string
}

const TOKEN_URL = "https://app.vssps.visualstudio.com/oauth2/token"

/**
 * Adds Azure DevOps sign-in with the `vso.profile` scope (`response_type=Assertion`). The token
 * request is the JWT-bearer one Azure DevOps requires (the code as `assertion`, the client
 * secret as `client_assertion`), sent to `/oauth2/token`; the token it returns is a bearer token
 * named `jwt-bearer`. Auth.js declares that request but its engine never sends it, so its Azure
 * DevOps sign-ins fail. The image is the avatar as a `data:` URL.
 *
 * @example
 * import AzureDevOps from "@auth/core/providers/azure-devops"
 *
 * const config = {
 *   providers: [
 *     AzureDevOps({
 *       clientId: env.AUTH_AZURE_DEVOPS_ID,
 *       clientSecret: env.AUTH_AZURE_DEVOPS_SECRET,
 *     }),
 *   ],
 * }
 */
export default function AzureDevOpsProvider<P extends AzureDevOpsProfile>(
  options: OAuthUserConfig<P> & AzureDevOpsOptions = {},
): OAuthConfig<P> {
  const scope = options.scope ?? "vso.profile"
  return {
    id: "azure-devops",
    name: "Azure DevOps",
    type: "oauth",
    authorization: {
      url: "https://app.vssps.visualstudio.com/oauth2/authorize",
      params: { response_type: "Assertion", scope },
    },
    token: { url: TOKEN_URL, conform: conformTokenResponse({ bearerTokenType: true }) },
    // The secret travels as `client_assertion` in the body built below.
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    [customFetch]: withJwtBearerGrant(options),
    userinfo:
      "https://app.vssps.visualstudio.com/_apis/profile/profiles/me?details=true&coreAttributes=Avatar&api-version=6.0",
    profile(profile) {
      const avatar = profile.coreAttributes?.Avatar?.value?.value
      return {
        id: requireId(profile.id, "id"),
        name: profile.displayName,
        email: profile.emailAddress,
        image: avatar ? `data:image/jpeg;base64,${avatar}` : null,
      }
    },
    options,
  }
}

/**
 * Rewrites the engine's authorization-code token request into Azure DevOps's JWT-bearer form.
 * @see https://learn.microsoft.com/en-us/azure/devops/integrate/get-started/authentication/oauth#3-get-an-access-and-refresh-token-for-the-user
 */
function withJwtBearerGrant(options: FetchCarrier): typeof fetch {
  return (input, init) => {
    const fetchImpl = providerFetch(options)
    const body = init?.body
    const isToken = requestUrl(input).href === TOKEN_URL
    if (!isToken || !(typeof body === "string" || body instanceof URLSearchParams)) {
      return fetchImpl(input, init)
    }
    const sent = new URLSearchParams(body)
    const form = new URLSearchParams({
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: sent.get("client_secret") ?? "",
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: sent.get("code") ?? "",
      redirect_uri: sent.get("redirect_uri") ?? "",
    })
    return fetchImpl(input, { ...init, body: form })
  }
}
