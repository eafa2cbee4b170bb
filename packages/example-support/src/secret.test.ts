import { mkdtemp, readFile, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { resolveSecret } from "./secret.js"

describe("resolveSecret", () => {
  let dataDir: string

  beforeEach(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), "example-secret-")), "data")
  })

  afterEach(async () => {
    await rm(join(dataDir, ".."), { recursive: true, force: true })
  })

  it("uses the given secret and writes nothing", async () => {
    const resolved = await resolveSecret({ secret: "from-env", dataDir, production: true })
    expect(resolved).toEqual({ secret: "from-env", source: "environment" })
    await expect(stat(dataDir)).rejects.toMatchObject({ code: "ENOENT" })
  })

  it("creates a development secret once, readable only by its owner, then reuses it", async () => {
    const created = await resolveSecret({ dataDir, production: false })
    expect(created.source).toBe("created")
    expect(created.secret).toMatch(/^[\w-]{44}$/)
    const path = join(dataDir, "secret")
    expect(created.path).toBe(path)
    expect((await readFile(path, "utf8")).trim()).toBe(created.secret)
    expect((await stat(path)).mode & 0o777).toBe(0o600)

    const again = await resolveSecret({ dataDir, production: false })
    expect(again).toEqual({ secret: created.secret, source: "stored", path })
  })

  it("refuses to make one in production", async () => {
    await expect(resolveSecret({ dataDir, production: true })).rejects.toThrow(
      /^AUTH_SECRET is not set\./,
    )
    await expect(stat(dataDir)).rejects.toMatchObject({ code: "ENOENT" })
  })
})
