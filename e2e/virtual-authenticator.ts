/**
 * A passkey authenticator for the browser tests: Chromium's virtual authenticator, driven over
 * the DevTools protocol (`WebAuthn` domain). It answers `navigator.credentials.create()` and
 * `.get()` in its page like a platform authenticator (Touch ID, Windows Hello) whose user is
 * always present and verified, without any prompt.
 *
 * @see https://chromedevtools.github.io/devtools-protocol/tot/WebAuthn/
 * @see https://www.w3.org/TR/webauthn-3/#sctn-automation
 */
import { generateKeyPairSync, randomBytes } from "node:crypto"
import type { CDPSession, Page } from "@playwright/test"

/** A credential the authenticator holds, as the protocol reports it (binary fields in base64). */
export interface VirtualCredential {
  credentialId: string
  isResidentCredential: boolean
  rpId?: string
  /** PKCS#8, base64. */
  privateKey: string
  userHandle?: string
  signCount: number
}

/** A platform authenticator with resident keys and user verification: what makes passkeys. */
const PASSKEY_AUTHENTICATOR = {
  protocol: "ctap2",
  transport: "internal",
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const

export class VirtualAuthenticator {
  private constructor(
    private readonly session: CDPSession,
    readonly id: string,
  ) {}

  /** Enables WebAuthn automation in `page` (no browser prompts) and adds an authenticator. */
  static async attach(page: Page): Promise<VirtualAuthenticator> {
    const session = await page.context().newCDPSession(page)
    await session.send("WebAuthn.enable", { enableUI: false })
    const { authenticatorId } = await session.send("WebAuthn.addVirtualAuthenticator", {
      options: PASSKEY_AUTHENTICATOR,
    })
    return new VirtualAuthenticator(session, authenticatorId)
  }

  /** The credentials it holds. */
  async credentials(): Promise<VirtualCredential[]> {
    const { credentials } = await this.session.send("WebAuthn.getCredentials", {
      authenticatorId: this.id,
    })
    return credentials
  }

  /** Forgets every credential: the authenticator of a device that never made a passkey here. */
  async clearCredentials(): Promise<void> {
    await this.session.send("WebAuthn.clearCredentials", { authenticatorId: this.id })
  }

  /**
   * Adds a discoverable P-256 credential for the relying party `rpId`, made outside the browser
   * (as if registered on another site).
   */
  async addCredentialFor(rpId: string): Promise<VirtualCredential> {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    const credential: VirtualCredential = {
      credentialId: randomBytes(16).toString("base64"),
      isResidentCredential: true,
      rpId,
      privateKey: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
      userHandle: randomBytes(16).toString("base64"),
      signCount: 0,
    }
    await this.session.send("WebAuthn.addCredential", { authenticatorId: this.id, credential })
    return credential
  }

  /** Whether user verification (the device's screen lock) succeeds from now on. */
  async setUserVerified(isUserVerified: boolean): Promise<void> {
    await this.session.send("WebAuthn.setUserVerified", {
      authenticatorId: this.id,
      isUserVerified,
    })
  }
}

/**
 * Makes `page` a browser without passkey autofill from its next navigation on
 * (`isConditionalMediationAvailable()` says no), so that a sign-in page waits for its button.
 * Chromium's virtual authenticator answers an autofill (conditional mediation) request by
 * itself, at once, whenever it holds a passkey of the site: the page would sign in on load.
 */
export async function turnOffPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false
  })
}
