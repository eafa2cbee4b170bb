/**
 * Which client a request comes from: the one rule every limit keys on. A web `Request` does not
 * carry the socket's peer address, so integrations attach it ({@link attachClientAddress}) as
 * each framework gives it (`req.socket.remoteAddress`, SvelteKit's `getClientAddress()`,
 * Astro's `clientAddress`, …). Forwarded headers count only when that peer is a proxy the app
 * trusts (`trustedProxies`, env `AUTH_TRUSTED_PROXIES`): otherwise any client could name itself.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7239#section-5.2 (the de facto X-Forwarded-For)
 */

/** The peer address of each request an integration attached one to. */
const peers = new WeakMap<Request, string>()

/** Longest address read from a header; longer values are not addresses. */
const MAX_ADDRESS_LENGTH = 100

/**
 * Records the address of the socket a request came over, for core's client identity (rate
 * limits). Integrations call it on the web `Request` they hand to `Auth()` or the server API;
 * an empty or missing address is ignored. Returns the request.
 *
 * @example
 * const request = toWebRequest(req)
 * attachClientAddress(request, req.socket.remoteAddress)
 */
export function attachClientAddress(request: Request, address: string | undefined | null): Request {
  if (address) peers.set(request, normalizeAddress(address))
  return request
}

/** The peer address an integration attached to the request, if any. */
export function peerAddressOf(request: Request): string | undefined {
  return peers.get(request)
}

/**
 * A list of trusted proxies: addresses, CIDR ranges (`10.0.0.0/8`, `fd00::/8`), and the names
 * `loopback` (127.0.0.0/8, ::1) and `private` (10/8, 172.16/12, 192.168/16, fc00::/7).
 */
export type TrustedProxies = readonly string[]

interface Range {
  readonly bits: bigint
  readonly prefix: number
  readonly v6: boolean
}

const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
}

/** A compiled list of trusted proxies; see {@link compileTrustedProxies}. */
export type ProxyMatcher = (address: string) => boolean

/**
 * Compiles `trustedProxies` into a matcher, or returns the entries it cannot read.
 *
 * @example
 * compileTrustedProxies(["loopback", "10.0.0.0/8"]) // { matcher, invalid: [] }
 */
export function compileTrustedProxies(list: TrustedProxies | undefined): {
  matcher: ProxyMatcher
  invalid: string[]
} {
  const ranges: Range[] = []
  const invalid: string[] = []
  for (const entry of list ?? []) {
    const trimmed = entry.trim()
    for (const part of NAMED_RANGES[trimmed.toLowerCase()] ?? [trimmed]) {
      const range = parseRange(part)
      if (range) ranges.push(range)
      else invalid.push(entry)
    }
  }
  const matcher: ProxyMatcher = (address) => {
    const parsed = parseAddress(address)
    if (!parsed) return false
    return ranges.some(
      (range) => range.v6 === parsed.v6 && sameNetwork(parsed.bits, range, parsed.v6 ? 128 : 32),
    )
  }
  return { matcher, invalid }
}

/**
 * The client a request comes from:
 * - with a peer address attached, the peer, unless it is a trusted proxy: then the nearest
 *   address of `X-Forwarded-For` (from the right) that is not a trusted proxy;
 * - without one (a platform whose edge sets the headers, or an integration that cannot know
 *   the peer), the last `X-Forwarded-For` entry (what the nearest proxy appended), else
 *   `X-Real-IP`.
 *
 * `undefined` when none is known.
 */
export function clientAddressOf(request: Request, isTrusted: ProxyMatcher): string | undefined {
  const peer = peers.get(request)
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (peer === undefined) {
    return usable(forwarded.at(-1) ?? request.headers.get("x-real-ip")?.trim())
  }
  if (!isTrusted(peer)) return peer
  for (let index = forwarded.length - 1; index >= 0; index--) {
    const hop = normalizeAddress(forwarded[index]!)
    if (!isTrusted(hop)) return usable(hop)
  }
  // Every hop is a trusted proxy: the farthest one is the client as far as anyone can tell.
  return usable(forwarded[0] ? normalizeAddress(forwarded[0]) : peer)
}

/**
 * The client as the rate limits count it: an IPv4 address as it is, an IPv6 address by its /64
 * network (`2001:db8:1:2::/64`), which one subscriber gets whole and can take any address of;
 * anything else (not an address) as it is.
 */
export function limitedClientOf(address: string | undefined): string | undefined {
  if (address === undefined) return undefined
  const parsed = parseAddress(address)
  if (!parsed?.v6) return address
  const network = parsed.bits >> 64n
  const groups = [48n, 32n, 16n, 0n].map((shift) => ((network >> shift) & 0xffffn).toString(16))
  return `${groups.join(":")}::/64`
}

function usable(address: string | undefined): string | undefined {
  return address && address.length <= MAX_ADDRESS_LENGTH ? address : undefined
}

/** `::ffff:10.0.0.1` → `10.0.0.1`; `[::1]` → `::1`; an IPv4 `host:port` loses its port. */
function normalizeAddress(address: string): string {
  let value = address.trim()
  if (value.startsWith("["))
    value = value.slice(1, value.indexOf("]") > 0 ? value.indexOf("]") : undefined)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value)
  if (mapped) return mapped[1]!
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(value)
  return withPort ? withPort[1]! : value.toLowerCase()
}

function sameNetwork(bits: bigint, range: Range, width: number): boolean {
  const shift = BigInt(width - range.prefix)
  return bits >> shift === range.bits >> shift
}

function parseRange(value: string): Range | undefined {
  const [address, prefixText, ...rest] = value.split("/")
  if (rest.length > 0 || address === undefined) return undefined
  const parsed = parseAddress(address)
  if (!parsed) return undefined
  const width = parsed.v6 ? 128 : 32
  const prefix = prefixText === undefined ? width : Number(prefixText)
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > width) return undefined
  if (prefixText !== undefined && !/^\d+$/.test(prefixText)) return undefined
  return { bits: parsed.bits, prefix, v6: parsed.v6 }
}

function parseAddress(value: string): { bits: bigint; v6: boolean } | undefined {
  const address = normalizeAddress(value)
  const v4 = parseIPv4(address)
  if (v4 !== undefined) return { bits: v4, v6: false }
  const v6 = parseIPv6(address)
  return v6 === undefined ? undefined : { bits: v6, v6: true }
}

function parseIPv4(value: string): bigint | undefined {
  const parts = value.split(".")
  if (parts.length !== 4) return undefined
  let bits = 0n
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined
    bits = (bits << 8n) | BigInt(part)
  }
  return bits
}

function parseIPv6(value: string): bigint | undefined {
  if (!/^[0-9a-f:.]+$/.test(value) || value.split("::").length > 2) return undefined
  const [head = "", tail] = value.split("::")
  const groups = (text: string): string[] | undefined => {
    if (text === "") return []
    const list = text.split(":")
    const last = list.at(-1)!
    if (last.includes(".")) {
      const v4 = parseIPv4(last)
      if (v4 === undefined) return undefined
      list.splice(-1, 1, (v4 >> 16n).toString(16), (v4 & 0xffffn).toString(16))
    }
    return list.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? list : undefined
  }
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  if (!left || !right) return undefined
  const missing = 8 - left.length - right.length
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined
  const all = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right]
  return all.reduce((bits, group) => (bits << 16n) | BigInt(`0x${group}`), 0n)
}

/**
 * The client a request comes from, by core's rule (see {@link clientAddressOf}), for apps that
 * log or limit by it themselves: in `authorize`, in a route of their own.
 *
 * @param options.trustedProxies the config's `trustedProxies` (what `AUTH_TRUSTED_PROXIES` sets)
 * @example
 * authorize: async (credentials, request) => {
 *   const client = clientAddress(request, { trustedProxies: ["loopback"] })
 * }
 */
export function clientAddress(
  request: Request,
  options: { trustedProxies?: TrustedProxies } = {},
): string | undefined {
  return clientAddressOf(request, compileTrustedProxies(options.trustedProxies).matcher)
}
