/**
 * What the `Nodemailer` provider and its legacy alias `Email` share: the defaults, the check of
 * `server`, and the default `sendVerificationRequest`, which sends the built-in message over
 * SMTP with nodemailer.
 *
 * This is the one module of core that loads `nodemailer`, an optional peer dependency, and it
 * does so lazily, so importing a provider module never requires it. It is kept out of
 * `providers/` so that `providers/email.ts` and `providers/nodemailer.ts` can both build on it
 * without importing each other.
 */
import { AuthError } from "../../errors.js"
import type { Theme } from "../../types/theme.js"
import { DEFAULT_EMAIL_FROM, EMAIL_LINK_MAX_AGE_SECONDS } from "./defaults.js"
import { verificationEmail } from "./message.js"

/**
 * Where nodemailer sends mail: an SMTP connection URL (`smtp://user:pass@smtp.example.com:587`)
 * or anything nodemailer's `createTransport` accepts (SMTP options, another transport's options,
 * a transport object). Typed loosely so that core's public types do not need `@types/nodemailer`.
 *
 * @see https://nodemailer.com/smtp/
 */
export type NodemailerServer = string | object

/** The subset of the nodemailer API that core uses. */
interface MailTransport {
  sendMail(message: {
    to: string
    from: string
    subject: string
    text: string
    html: string
  }): Promise<{ rejected?: readonly unknown[]; pending?: readonly unknown[] }>
}

/** What the default `sendVerificationRequest` reads from its parameters. */
export interface NodemailerSendParams {
  identifier: string
  url: string
  theme?: Theme | undefined
  provider: { server?: unknown; from?: string | undefined }
}

/** The defaults of a nodemailer-based provider, before the user's options are applied. */
export interface NodemailerProviderDefaults {
  id: string
  name: string
  type: "email"
  from: string
  maxAge: number
  sendVerificationRequest: (params: NodemailerSendParams) => Promise<void>
}

/**
 * Builds a nodemailer-based provider: the defaults, then the user's options over them, and the
 * options again under `options` (as every provider factory returns them).
 *
 * @param identity the provider's `id` and `name`
 * @param config the user's options; `server` is required
 * @throws {AuthError} when `server` is missing
 */
export function nodemailerProvider<C extends { server?: unknown }>(
  identity: { id: string; name: string },
  config: C | undefined,
): NodemailerProviderDefaults & C & { options: C } {
  if (!config?.server) throw new AuthError(missingServerMessage(identity.id))
  const defaults: NodemailerProviderDefaults = {
    ...identity,
    type: "email",
    from: DEFAULT_EMAIL_FROM,
    maxAge: EMAIL_LINK_MAX_AGE_SECONDS,
    sendVerificationRequest: createNodemailerSender(identity.id),
  }
  // An option explicitly set to `undefined` keeps its default, as in the core's merge.
  const overrides = Object.fromEntries(
    Object.entries(config).filter(([, value]) => value !== undefined),
  ) as C
  return { ...defaults, ...overrides, options: config }
}

/**
 * Creates the default `sendVerificationRequest` of one provider. The transport is created on the
 * first send and reused while `provider.server` stays the same value.
 */
function createNodemailerSender(
  providerId: string,
): NodemailerProviderDefaults["sendVerificationRequest"] {
  let cached: { server: unknown; transport: Promise<MailTransport> } | undefined
  const transportFor = (server: unknown): Promise<MailTransport> => {
    if (cached !== undefined && cached.server === server) return cached.transport
    const transport = createTransport(server)
    const entry = { server, transport }
    cached = entry
    // A failed creation (nodemailer not installed) is retried on the next send.
    transport.catch(() => {
      if (cached === entry) cached = undefined
    })
    return transport
  }

  return async function sendVerificationRequest(params: NodemailerSendParams): Promise<void> {
    const { identifier, url, theme, provider } = params
    if (!provider.server) throw new AuthError(missingServerMessage(providerId))
    const transport = await transportFor(provider.server)
    const { subject, text, html } = verificationEmail({ url, host: new URL(url).host, theme })
    const result = await transport.sendMail({
      to: identifier,
      from: provider.from ?? DEFAULT_EMAIL_FROM,
      subject,
      text,
      html,
    })
    const failed = [...(result.rejected ?? []), ...(result.pending ?? [])]
      .map(recipientAddress)
      .filter((address) => address !== "")
    if (failed.length > 0) {
      throw new Error(
        `Email (${failed.join(", ")}) could not be sent: the SMTP server rejected or deferred the recipient.`,
      )
    }
  }
}

async function createTransport(server: unknown): Promise<MailTransport> {
  let nodemailer: unknown
  try {
    // `as string` keeps TypeScript from loading `@types/nodemailer`, whose reference to
    // `@types/node` would bring Node's globals into core's types; the emitted code still
    // contains the literal `import("nodemailer")` that bundlers and tsup's `external` see.
    nodemailer = await import("nodemailer" as string)
  } catch (error) {
    throw new AuthError(
      "The e-mail provider could not load `nodemailer`. Install it with `npm install nodemailer`.",
      { cause: error },
    )
  }
  const create = findCreateTransport(nodemailer)
  if (!create) {
    throw new AuthError("The installed `nodemailer` has no `createTransport` function.")
  }
  // `server` is what the user configured; nodemailer validates it.
  return create(server)
}

/** `createTransport` is a named export in Node and under `default` in some bundlers' interop. */
function findCreateTransport(loaded: unknown): ((server: unknown) => MailTransport) | undefined {
  const candidates = [loaded, isObject(loaded) ? loaded.default : undefined]
  for (const candidate of candidates) {
    if (isObject(candidate) && typeof candidate.createTransport === "function") {
      return candidate.createTransport as (server: unknown) => MailTransport
    }
  }
  return undefined
}

function isObject(value: unknown): value is Record<string, unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null
}

/** nodemailer lists failed recipients as strings or as `{ name, address }` objects. */
function recipientAddress(recipient: unknown): string {
  if (typeof recipient === "string") return recipient
  if (typeof recipient === "object" && recipient !== null && "address" in recipient) {
    return String(recipient.address)
  }
  return ""
}

function missingServerMessage(providerId: string): string {
  return `The "${providerId}" e-mail provider requires a \`server\`: pass an SMTP URL or nodemailer transport options, e.g. Nodemailer({ server: process.env.EMAIL_SERVER }).`
}
