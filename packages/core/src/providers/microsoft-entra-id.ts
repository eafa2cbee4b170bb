/**
 * Sign in with Microsoft Entra ID, formerly Azure Active Directory (OpenID Connect).
 *
 * Callback URL to register in the app registration ("Web" platform redirect URI):
 * `<origin>/auth/callback/microsoft-entra-id`.
 *
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc
 * @module providers/microsoft-entra-id
 */
import { decodeJwt } from "jose"
import { OAuthCallbackError } from "../errors.js"
import { encodeBase64 } from "../internal/jwt/base64url.js"
import { withOAuthHooks } from "../internal/oauth/hooks.js"
import { customFetch } from "../internal/symbols.js"
import { providerFetch, rewriteDiscovery } from "./internal/fetch.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of an Entra ID v2.0 ID token.
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference
 */
export interface MicrosoftEntraIDProfile {
  aud: string
  iss: string
  /** Seconds since the epoch. */
  iat: number
  idp: string
  /** Seconds since the epoch. */
  nbf: number
  /** Seconds since the epoch. */
  exp: number
  c_hash: string
  at_hash: string
  aio: string
  preferred_username: string
  email: string
  name: string
  nonce: string
  /** The user's object id, the same in every app of the tenant. */
  oid: string
  roles: string[]
  rh: string
  /** Pairwise subject: unique per user and app. */
  sub: string
  /** The tenant id. */
  tid: string
  sid: string
  uti: string
  ver: "2.0"
  hasgroups: boolean
  acct: 0 | 1
  acrs: string
  /** Seconds since the epoch. */
  auth_time: number
  ctry: string
  fwd: string
  /** Group object ids, when the app requests the groups claim. */
  groups: string[]
  login_hint: string
  tenant_ctry: string
  tenant_region_scope: string
  upn: string
  verified_primary_email: string[]
  verified_secondary_email: string[]
  vnet: string
  xms_cc: string
  xms_edov: boolean
  xms_pdl: string
  xms_pl: string
  xms_tpl: string
  ztdid: string
  ipaddr: string
  onprem_sid: string
  pwd_exp: number
  pwd_url: string
  in_corp: string
  family_name: string
  given_name: string
  [claim: string]: unknown
}

/** Entra ID-specific options. */
export interface MicrosoftEntraIDOptions {
  /**
   * Size in pixels of the profile photo fetched from Microsoft Graph.
   * @default 48
   */
  profilePhotoSize?: 48 | 64 | 96 | 120 | 240 | 360 | 432 | 504 | 648
}

/** Multi-tenant issuer: work, school and personal Microsoft accounts. */
const COMMON_ISSUER = "https://login.microsoftonline.com/common/v2.0"
const TENANT_PATTERN = /microsoftonline\.com\/([^/]+)\/v2\.0/

/**
 * Adds Microsoft Entra ID sign-in. The issuer defaults to the multi-tenant
 * `https://login.microsoftonline.com/common/v2.0`; set `issuer` to
 * `https://login.microsoftonline.com/<tenant id>/v2.0` for a single tenant. Requests
 * `openid profile email User.Read` and fetches the profile photo from Microsoft Graph (through
 * the `customFetch` of the options, if any) as a `data:` URL.
 *
 * @example
 * import MicrosoftEntraID from "@auth/core/providers/microsoft-entra-id"
 *
 * const config = {
 *   providers: [
 *     MicrosoftEntraID({
 *       clientId: env.AUTH_MICROSOFT_ENTRA_ID_ID,
 *       clientSecret: env.AUTH_MICROSOFT_ENTRA_ID_SECRET,
 *       issuer: env.AUTH_MICROSOFT_ENTRA_ID_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function MicrosoftEntraID(
  config: OIDCUserConfig<MicrosoftEntraIDProfile> & MicrosoftEntraIDOptions = {},
): OIDCConfig<MicrosoftEntraIDProfile> {
  const { profilePhotoSize = 48 } = config
  const tenantId = config.issuer?.match(TENANT_PATTERN)?.[1] ?? "common"

  return {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc",
    issuer: COMMON_ISSUER,
    authorization: { params: { scope: "openid profile email User.Read" } },
    async profile(profile, tokens) {
      const image = await fetchProfilePhoto(
        providerFetch(config),
        profilePhotoSize,
        tokens.access_token,
      )
      return { id: profile.sub, name: profile.name, email: profile.email, image }
    },
    // The multi-tenant discovery documents name the issuer with a `{tenantid}` template, which
    // the engine would reject as a mismatch.
    [customFetch]: rewriteDiscovery(config[customFetch], (metadata) => ({
      ...metadata,
      issuer:
        typeof metadata.issuer === "string"
          ? metadata.issuer.replace("{tenantid}", tenantId)
          : metadata.issuer,
    })),
    ...withOAuthHooks({ inspectTokenResponse: inspectEntraTokenResponse }),
    style: { brandColor: "#0072c6" },
    options: config,
  }
}

const TENANT_ID = /^[0-9A-Za-z-]+$/

/**
 * Entra ID reports token errors in a JSON body the engine would only see as a failed request,
 * and the multi-tenant endpoints issue ID tokens from the user's own tenant (`tid`): the ID token
 * is then validated against that tenant's issuer, which the engine discovers.
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow#error-response-1
 */
function inspectEntraTokenResponse(
  body: Readonly<Record<string, unknown>>,
  issuer: string,
): { issuer?: string } | undefined {
  if (typeof body.error === "string") {
    throw new OAuthCallbackError(`OAuth Provider returned an error: ${body.error}`, { ...body })
  }
  if (typeof body.id_token !== "string") return undefined
  let tid: unknown
  try {
    tid = decodeJwt(body.id_token).tid
  } catch {
    return undefined
  }
  if (typeof tid !== "string" || !TENANT_ID.test(tid)) return undefined
  const tenant = issuer.match(TENANT_PATTERN)?.[1]
  return tenant ? { issuer: issuer.replace(`/${tenant}/`, `/${tid}/`) } : undefined
}

/**
 * The signed-in user's photo as a `data:` URL, or `null` when there is none.
 * @see https://learn.microsoft.com/en-us/graph/api/profilephoto-get
 */
async function fetchProfilePhoto(
  fetchImpl: typeof fetch,
  size: number,
  accessToken: string | undefined,
): Promise<string | null> {
  try {
    const response = await fetchImpl(
      `https://graph.microsoft.com/v1.0/me/photos/${size}x${size}/$value`,
      { headers: { Authorization: `Bearer ${accessToken}` } },
    )
    if (!response.ok) return null
    const bytes = new Uint8Array(await response.arrayBuffer())
    // The space after the comma is what Auth.js has always produced; kept for compatibility.
    return `data:image/jpeg;base64, ${encodeBase64(bytes)}`
  } catch {
    return null
  }
}
