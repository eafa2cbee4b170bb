/**
 * Sign in with Apple (OpenID Connect, `response_mode=form_post`).
 *
 * Callback URL to register as the Services ID's "Return URL": `<origin>/auth/callback/apple`.
 * Apple requires HTTPS and a real domain (no `localhost`). The client secret is an ES256 JWT
 * signed with a key from the Apple developer account, valid for at most six months.
 *
 * @see https://developer.apple.com/documentation/sign_in_with_apple/sign_in_with_apple_rest_api
 * @module providers/apple
 */
import { withOAuthHooks } from "../internal/oauth/hooks.js"
import { customFetch } from "../internal/symbols.js"
import { rewriteDiscovery } from "./internal/fetch.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The `user` form parameter Apple posts to the callback, only the first time the user consents.
 * @see https://developer.apple.com/documentation/sign_in_with_apple/incorporating-sign-in-with-apple-into-other-platforms#Handle-the-response
 */
export interface AppleNonConformUser {
  name: { firstName: string; lastName: string }
  email: string
}

/**
 * The claims of Apple's ID token, plus `user` when Apple sent it.
 * @see https://developer.apple.com/documentation/sign_in_with_apple/authenticating-users-with-sign-in-with-apple#Retrieve-the-users-information-from-Apple-ID-servers
 */
export interface AppleProfile {
  iss: "https://appleid.apple.com"
  aud: string
  iat: number
  exp: number
  /** The stable user id, shared by all apps of the same team. */
  sub: string
  nonce: string
  nonce_supported: boolean
  email: string
  email_verified: "true" | true
  /** Whether `email` is a private relay address. */
  is_private_email: boolean | "true" | "false"
  real_user_status: 0 | 1 | 2
  transfer_sub: string
  at_hash: string
  auth_time: number
  /** Parsed from the `user` form parameter of the callback (first sign-in only). */
  user?: AppleNonConformUser
  [claim: string]: unknown
}

/** Placeholder userinfo endpoint: Apple has none, but the engine expects one in discovery. */
const APPLE_USERINFO_PLACEHOLDER = "https://appleid.apple.com/fake_endpoint"

/**
 * Adds Sign in with Apple. Requests the `name email` scopes with `response_mode=form_post` (Apple
 * requires it for those scopes), authenticates with `client_secret_post` and checks `nonce` and
 * `state`. The name is only available on the first sign-in; later sign-ins fall back to the
 * e-mail address as the name.
 *
 * @example
 * import Apple from "@auth/core/providers/apple"
 *
 * const config = {
 *   providers: [Apple({ clientId: env.AUTH_APPLE_ID, clientSecret: env.AUTH_APPLE_SECRET })],
 * }
 */
export default function Apple(config: OIDCUserConfig<AppleProfile> = {}): OIDCConfig<AppleProfile> {
  return {
    id: "apple",
    name: "Apple",
    type: "oidc",
    issuer: "https://appleid.apple.com",
    authorization: {
      params: { scope: "name email", response_mode: "form_post" },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["nonce", "state"],
    profile(profile) {
      const fullName = [profile.user?.name?.firstName, profile.user?.name?.lastName]
        .filter(Boolean)
        .join(" ")
      return {
        id: profile.sub,
        name: fullName || profile.email,
        email: profile.email,
        image: null,
      }
    },
    // Apple's discovery document lists no userinfo endpoint; the ID token carries the profile.
    [customFetch]: rewriteDiscovery(config[customFetch], (metadata) => ({
      ...metadata,
      userinfo_endpoint: metadata.userinfo_endpoint ?? APPLE_USERINFO_PLACEHOLDER,
    })),
    // Apple posts the user's name only once, as the `user` form field of the first callback.
    ...withOAuthHooks({ profileFromCallback: withAppleUser }),
    style: { brandColor: "#000000" },
    options: config,
  }
}

/** Adds the `user` form field of Apple's callback (JSON) to the profile, when it is there. */
function withAppleUser<P extends object>(profile: P, params: URLSearchParams): P {
  const user = params.get("user")
  if (!user) return profile
  try {
    return { ...profile, user: JSON.parse(user) as AppleNonConformUser }
  } catch {
    return profile
  }
}
