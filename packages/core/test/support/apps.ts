/**
 * Small in-process apps for handler tests: a config with the test secret, a trusted host and a
 * recording logger, around a credentials provider or a capturing e-mail provider.
 */
import type { Adapter } from "../../src/adapters.js"
import { MemoryAdapter } from "../../src/memory-adapter.js"
import Credentials from "../../src/providers/credentials.js"
import type { AuthConfig } from "../../src/types.js"
import { recordAdapter } from "./backend.js"
import { DEMO_USER, recordingLogger, SECRET } from "./client.js"
import { capturingEmailProvider } from "./email.js"

/** A config whose credentials provider (one `username` field) signs in as {@link DEMO_USER}. */
export function credentialsApp(overrides: Partial<AuthConfig> = {}) {
  const recorder = recordingLogger()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: recorder.logger,
    providers: [Credentials({ credentials: { username: {} }, authorize: () => DEMO_USER })],
    ...overrides,
  }
  return { config, recorder }
}

/** A config with a capturing e-mail provider (id `email`) on a recorded memory adapter. */
export function emailApp(
  options: {
    provider?: Parameters<typeof capturingEmailProvider>[0]
    adapter?: Adapter
    config?: Partial<AuthConfig>
  } = {},
) {
  const email = capturingEmailProvider(options.provider)
  const recorded = recordAdapter(options.adapter ?? MemoryAdapter())
  const recorder = recordingLogger()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter: recorded.adapter,
    logger: recorder.logger,
    providers: [email.provider],
    ...options.config,
  }
  return { ...email, recorded, recorder, config }
}
