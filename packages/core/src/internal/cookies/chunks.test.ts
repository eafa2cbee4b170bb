import { describe, expect, it } from "vitest"
import type { Cookie } from "../../types.js"
import { CHUNK_SIZE, clearChunkedCookie, readChunkedCookie, writeChunkedCookie } from "./chunks.js"
import { defaultCookies } from "./defaults.js"
import { parseCookieHeader } from "./parse.js"
import { serializeCookie } from "./serialize.js"

const { name, options } = defaultCookies(false).sessionToken
const expires = new Date(Date.UTC(2030, 0, 1))

/** What a browser would hold after applying the Set-Cookie headers, as a Cookie header. */
function applyToJar(jar: Map<string, string>, cookies: Cookie[]): string {
  for (const cookie of cookies) {
    if (cookie.options.maxAge === 0) jar.delete(cookie.name)
    else jar.set(cookie.name, cookie.value)
  }
  return [...jar].map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("; ")
}

function randomText(length: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_."
  return Array.from({ length }, (_, i) => alphabet[(i * 7919) % alphabet.length]).join("")
}

describe("writeChunkedCookie", () => {
  it("writes one cookie when the value fits", () => {
    const value = "x".repeat(CHUNK_SIZE)
    expect(writeChunkedCookie(name, value, { ...options, expires }, [])).toEqual([
      { name, value, options: { ...options, expires } },
    ])
  })

  it("splits a 12 kB value into .0 to .3", () => {
    const value = randomText(12_000)
    const cookies = writeChunkedCookie(name, value, { ...options, expires }, [])
    expect(cookies.map((cookie) => cookie.name)).toEqual([0, 1, 2, 3].map((i) => `${name}.${i}`))
    expect(cookies.map((cookie) => cookie.value.length)).toEqual([3936, 3936, 3936, 192])
    expect(cookies.map((cookie) => cookie.value).join("")).toBe(value)
    for (const cookie of cookies) expect(cookie.options).toEqual({ ...options, expires })
  })

  it("serializes full chunks to Set-Cookie lines of Auth.js's length", () => {
    const value = "a".repeat(CHUNK_SIZE * 2)
    const [first] = writeChunkedCookie(name, value, { ...options, expires }, [])
    const line = serializeCookie(first!.name, first!.value, first!.options)
    expect(line).toBe(
      `${name}.0=${"a".repeat(CHUNK_SIZE)}; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; HttpOnly; SameSite=Lax`,
    )
    expect(line.length).toBeLessThanOrEqual(4096)
  })

  it("deletes the unchunked cookie when the value grows into chunks", () => {
    const cookies = writeChunkedCookie(name, "y".repeat(CHUNK_SIZE + 1), options, [name])
    expect(cookies.map((cookie) => cookie.name)).toEqual([`${name}.0`, `${name}.1`, name])
    expect(cookies.at(-1)).toEqual({ name, value: "", options: { ...options, maxAge: 0 } })
  })

  it("deletes the chunks when the value shrinks back to one cookie", () => {
    const jar = new Map<string, string>()
    const big = randomText(12_000)
    const header = applyToJar(jar, writeChunkedCookie(name, big, { ...options, expires }, []))
    const read = readChunkedCookie(parseCookieHeader(header), name)
    expect(read.value).toBe(big)

    const cookies = writeChunkedCookie(name, "small", { ...options, expires }, read.names)
    expect(cookies).toEqual([
      { name, value: "small", options: { ...options, expires } },
      ...[0, 1, 2, 3].map((i) => ({
        name: `${name}.${i}`,
        value: "",
        options: { ...options, maxAge: 0 },
      })),
    ])
    const after = applyToJar(jar, cookies)
    expect(after).toBe(`${name}=small`)
    expect(readChunkedCookie(parseCookieHeader(after), name)).toEqual({
      value: "small",
      names: [name],
    })
  })

  it("re-sets reused chunk names without deleting them", () => {
    const previous = [0, 1, 2].map((i) => `${name}.${i}`)
    const cookies = writeChunkedCookie(name, "z".repeat(CHUNK_SIZE * 2), options, previous)
    expect(cookies.map((cookie) => [cookie.name, cookie.options.maxAge])).toEqual([
      [`${name}.0`, undefined],
      [`${name}.1`, undefined],
      [`${name}.2`, 0],
    ])
  })

  it("does not alter the options it is given", () => {
    const given = { ...options, expires }
    const cookies = writeChunkedCookie(name, "v", given, [`${name}.0`])
    expect(given).toEqual({ ...options, expires })
    expect(cookies[0]!.options).not.toBe(given)
  })
})

describe("readChunkedCookie", () => {
  it("reads an unchunked cookie", () => {
    expect(readChunkedCookie(parseCookieHeader(`${name}=abc; other=1`), name)).toEqual({
      value: "abc",
      names: [name],
    })
  })

  it("returns undefined when the cookie is absent or empty", () => {
    expect(readChunkedCookie(parseCookieHeader("other=1"), name)).toEqual({
      value: undefined,
      names: [],
    })
    expect(readChunkedCookie(parseCookieHeader(`${name}=`), name)).toEqual({
      value: undefined,
      names: [name],
    })
  })

  it("joins chunks in numeric order, whatever order they arrive in", () => {
    const chunks = Array.from({ length: 12 }, (_, i) => `${name}.${i}=part${i}`)
    const header = [...chunks].reverse().join("; ")
    const read = readChunkedCookie(parseCookieHeader(header), name)
    expect(read.value).toBe(Array.from({ length: 12 }, (_, i) => `part${i}`).join(""))
    expect(read.names).toHaveLength(12)
  })

  it("prefers a complete run of chunks over a stale unchunked cookie", () => {
    const header = `${name}=stale; ${name}.1=B; ${name}.0=A`
    expect(readChunkedCookie(parseCookieHeader(header), name)).toEqual({
      value: "AB",
      names: [name, `${name}.1`, `${name}.0`],
    })
  })

  it("falls back to the unchunked cookie when the run has a gap", () => {
    const header = `${name}=whole; ${name}.0=A; ${name}.2=C`
    const read = readChunkedCookie(parseCookieHeader(header), name)
    expect(read.value).toBe("whole")
    expect(read.names).toEqual([name, `${name}.0`, `${name}.2`])
  })

  it("returns undefined for an incomplete run without an unchunked cookie", () => {
    const read = readChunkedCookie(parseCookieHeader(`${name}.1=B; ${name}.2=C`), name)
    expect(read).toEqual({ value: undefined, names: [`${name}.1`, `${name}.2`] })
  })

  it("does not collect cookies whose names only start with the name", () => {
    const header = [
      `${name}X=evil`,
      `${name}.0=A`,
      `${name}.0x=evil`,
      `${name}.x=evil`,
      `${name}..1=evil`,
      `${name}-1=evil`,
      `${name}.1=B`,
    ].join("; ")
    expect(readChunkedCookie(parseCookieHeader(header), name)).toEqual({
      value: "AB",
      names: [`${name}.0`, `${name}.1`],
    })
  })

  it("collects non-canonical indices for cleaning without joining them", () => {
    const read = readChunkedCookie(parseCookieHeader(`${name}.0=A; ${name}.01=evil`), name)
    expect(read).toEqual({ value: "A", names: [`${name}.0`, `${name}.01`] })
  })

  it("reads a cookie named __proto__ or constructor safely", () => {
    expect(readChunkedCookie(parseCookieHeader("__proto__=x; __proto__.0=y"), "__proto__")).toEqual(
      {
        value: "y",
        names: ["__proto__", "__proto__.0"],
      },
    )
    expect(readChunkedCookie({}, "constructor")).toEqual({ value: undefined, names: [] })
  })
})

describe("clearChunkedCookie", () => {
  it("writes one deletion cookie per name, without Expires", () => {
    const names = [name, `${name}.0`, name]
    const cookies = clearChunkedCookie(names, { ...options, expires })
    expect(cookies).toEqual([
      { name, value: "", options: { ...options, maxAge: 0 } },
      { name: `${name}.0`, value: "", options: { ...options, maxAge: 0 } },
    ])
    expect(serializeCookie(cookies[0]!.name, cookies[0]!.value, cookies[0]!.options)).toBe(
      "authjs.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    )
  })

  it("returns nothing for no names", () => {
    expect(clearChunkedCookie([], options)).toEqual([])
  })
})
