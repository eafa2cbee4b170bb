/**
 * Sign in with Azure Active Directory: the Microsoft Entra ID provider under its former name
 * and id (`azure-ad`).
 *
 * Callback URL to register in the app registration: `<origin>/auth/callback/azure-ad`.
 *
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc
 * @module providers/azure-ad
 */
import MicrosoftEntraID, { type MicrosoftEntraIDProfile } from "./microsoft-entra-id.js"
import type { OIDCConfig } from "./oauth.js"

/** The claims of an Entra ID v2.0 ID token. */
export type AzureADProfile = MicrosoftEntraIDProfile

/**
 * Adds Azure AD sign-in: {@link MicrosoftEntraID} with the id `azure-ad`, kept so that existing
 * callback URLs, `signIn("azure-ad")` calls and stored accounts keep working.
 *
 * @deprecated Use `@auth/core/providers/microsoft-entra-id` for new apps.
 * @example
 * import AzureAD from "@auth/core/providers/azure-ad"
 *
 * const config = {
 *   providers: [
 *     AzureAD({
 *       clientId: env.AUTH_AZURE_AD_ID,
 *       clientSecret: env.AUTH_AZURE_AD_SECRET,
 *       issuer: env.AUTH_AZURE_AD_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function AzureAD(
  config: Parameters<typeof MicrosoftEntraID>[0] = {},
): OIDCConfig<AzureADProfile> {
  return {
    ...MicrosoftEntraID(config),
    id: "azure-ad",
    name: "Azure Active Directory",
  }
}
