/**
 * Drives the published Auth.js (`@auth/core` 0.41.3) in-process like a browser, with the same
 * cookie jar as core's {@link AuthClient}, so one test can sign in with Auth.js and continue
 * with ours.
 */
import { Auth as AuthjsAuth, type AuthConfig as AuthjsConfig } from "authjs-core"
import type { AuthConfigInput } from "../../core/src/index.js"
import { AuthClient } from "../../core/test/support/client.js"

/** An {@link AuthClient} whose requests go to Auth.js's `Auth()` with `authjsConfig`. */
export class AuthjsClient extends AuthClient {
  constructor(readonly authjsConfig: AuthjsConfig) {
    // The base class's config is never used: every request goes through `request` below.
    super({} as AuthConfigInput)
  }

  override async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.jar.size > 0 && !headers.has("cookie")) headers.set("cookie", this.cookieHeader())
    const response = await AuthjsAuth(
      new Request(this.url(path), { ...init, headers }),
      this.authjsConfig,
    )
    this.store(response)
    return response
  }
}
