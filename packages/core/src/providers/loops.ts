/**
 * The Loops provider: sign in with a link sent as a Loops transactional e-mail.
 *
 * @see https://loops.so/docs/api-reference/send-transactional-email
 * @module providers/loops
 */
import type { EmailConfig, EmailUserConfig, SendVerificationRequestParams } from "./email.js"
import { httpEmailProvider, jsonRequest } from "./internal/http-email.js"

/** Options of the Loops provider. */
export interface LoopsConfig extends Omit<EmailConfig, "sendVerificationRequest" | "options"> {
  id: string
  apiKey: string
  /** The transactional e-mail to send; its template receives the link as `url`. */
  transactionalId: string
  sendVerificationRequest: (
    params: SendVerificationRequestParams & { provider: LoopsConfig },
  ) => Promise<void>
  options: LoopsUserConfig
}

/** What a user passes to {@link Loops}. */
export type LoopsUserConfig = Omit<Partial<LoopsConfig>, "options" | "type">

/**
 * Creates the Loops e-mail provider (id `loops`): sends the transactional e-mail
 * `transactionalId` with `POST https://app.loops.so/api/v1/transactional`, authenticated with
 * `apiKey` (or `AUTH_LOOPS_KEY`, which Auth.js's empty default key shadows), passing the sign-in
 * link as the data variable `url`. The
 * message itself is the Loops template. A non-2xx answer fails the sign-in with `EmailSignin`,
 * and the answer is logged.
 *
 * @throws {TypeError} when sending, if `apiKey` or `transactionalId` is missing
 * @example
 * import Loops from "@auth/core/providers/loops"
 *
 * const config = {
 *   providers: [
 *     Loops({ apiKey: env.AUTH_LOOPS_KEY, transactionalId: env.AUTH_LOOPS_TRANSACTIONAL_ID }),
 *   ],
 * }
 */
export default function Loops(config: LoopsUserConfig = {}): LoopsConfig {
  return httpEmailProvider<EmailConfig & LoopsConfig>(
    {
      id: "loops",
      name: "Loops",
      transactionalId: config.transactionalId || "",
    },
    config as EmailUserConfig,
    {
      service: "Loops",
      request: ({ to, provider, params }) => {
        if (!provider.transactionalId) {
          throw new TypeError("Missing Loops transactionalId: set `transactionalId`.")
        }
        return jsonRequest(
          "https://app.loops.so/api/v1/transactional",
          { Authorization: `Bearer ${provider.apiKey}` },
          {
            transactionalId: provider.transactionalId,
            email: to,
            dataVariables: { url: params.url },
          },
        )
      },
    },
  )
}
