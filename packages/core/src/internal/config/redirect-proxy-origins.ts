/**
 * The origins a redirect proxy forwards to (`redirectProxyAllowedOrigins`): parsed once with
 * the config, matched per forward. Kept apart from the proxy itself, which needs the OAuth
 * checks, so that resolving a config (for a session check, say) loads no OAuth code.
 */
import { AuthError } from "../../errors.js"

/** An origin the proxy forwards to: exact (`https://a.example`), or a compiled pattern. */
export type OriginPattern = string | RegExp

/** Whether an origin (`URL.origin` form) is one of the allowed ones. */
export function isAllowedOrigin(patterns: readonly OriginPattern[], origin: string): boolean {
  return patterns.some((pattern) =>
    typeof pattern === "string" ? pattern === origin : pattern.test(origin),
  )
}

/** `redirectProxyAllowedOrigins`, parsed once with the config. */
export interface ParsedOrigins {
  readonly patterns: readonly OriginPattern[]
  /** The first malformed entry, as a configuration error. */
  readonly error: AuthError | undefined
}

/** `scheme://host[:port]` where the host may hold `*`s; no path, query or user info. */
const WILDCARD_ORIGIN = /^(https?):\/\/([a-z0-9*.-]+)(?::(\d{1,5}))?\/?$/i

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: "80", https: "443" }

/**
 * Parses the allowed origins: exact origins (`https://preview.example.com`), or patterns where
 * each `*` stands for one or more letters, digits or `-` within one host label
 * (`https://*.preview.example.com`, `https://app-*-team.vercel.app`). A `*` in the last two
 * labels, or anything but an origin, is a configuration error.
 */
export function parseAllowedOrigins(entries: readonly unknown[] | undefined): ParsedOrigins {
  const patterns: OriginPattern[] = []
  for (const entry of entries ?? []) {
    const pattern = typeof entry === "string" ? parseOriginPattern(entry) : undefined
    if (pattern === undefined) {
      return {
        patterns: [],
        error: new AuthError(
          `redirectProxyAllowedOrigins has ${JSON.stringify(entry)}, which is not an origin. Use "https://preview.example.com", or a pattern such as "https://*.preview.example.com" ("*" within one host label, not in the last two).`,
        ),
      }
    }
    patterns.push(pattern)
  }
  return { patterns: Object.freeze(patterns), error: undefined }
}

function parseOriginPattern(entry: string): OriginPattern | undefined {
  if (!entry.includes("*")) {
    const url = URL.canParse(entry) ? new URL(entry) : undefined
    const isOrigin =
      url !== undefined &&
      (url.protocol === "https:" || url.protocol === "http:") &&
      url.username === "" &&
      url.password === "" &&
      url.pathname === "/" &&
      !/[?#]/.test(entry)
    return isOrigin ? url.origin : undefined
  }
  const match = WILDCARD_ORIGIN.exec(entry)
  if (!match) return undefined
  const [, scheme, host, port] = match as unknown as [string, string, string, string | undefined]
  const labels = host.toLowerCase().split(".")
  // A `*` in the last two labels would trust a whole top-level or registrable domain.
  if (labels.some((label) => label === "") || labels.slice(-2).some((l) => l.includes("*"))) {
    return undefined
  }
  const hostSource = labels
    .map((label) => label.split("*").map(escapeRegExp).join("[a-z0-9-]+"))
    .join("\\.")
  const portSource = port && port !== DEFAULT_PORTS[scheme.toLowerCase()] ? `:${port}` : ""
  return new RegExp(`^${scheme.toLowerCase()}://${hostSource}${portSource}$`)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")
}
