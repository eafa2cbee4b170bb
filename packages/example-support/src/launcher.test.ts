/**
 * The launcher as people run it: `example-launch … -- <server>` as a child process, with a
 * stand-in app that serves its environment, so the tests see exactly what an app would get.
 */
import { spawn } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LAUNCHER_BIN, startExampleApp } from "./launch.js"
import { parseLaunchArgs } from "./launcher.js"

const ECHO_APP = fileURLToPath(new URL("../test/echo-app.mjs", import.meta.url))

let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "example-launch-"))
})

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** The JSON at `url` once the server answers there (a dev server is not waited for). */
async function fetchJsonWhenUp<T>(url: string): Promise<T> {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      return (await (await fetch(url)).json()) as T
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/** Runs the launcher to its end; resolves with its exit code and output. */
function runToEnd(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [LAUNCHER_BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once("exit", (code) => resolve({ code, output }))
  })
}

describe("example-launch", () => {
  it("starts the app on a free port with the env it needs, and stops everything on SIGTERM", async () => {
    const lines: string[] = []
    const app = await startExampleApp({
      cwd: dataDir,
      command: [process.execPath, ECHO_APP],
      basePath: "/api/auth",
      dataDir,
      urlEnv: ["ORIGIN"],
      env: { AUTH_SECRET: "" },
      onOutput: (line) => lines.push(line),
    })

    const env = (await (await fetch(`${app.url}/`)).json()) as Record<string, string>
    expect(env).toMatchObject({
      PORT: String(app.port),
      HOST: "127.0.0.1",
      EXAMPLE_BASE_PATH: "/api/auth",
      EXAMPLE_DATA_DIR: dataDir,
      ORIGIN: app.url,
    })
    // The URL it prints is the app's; a production start never trusts the Host header.
    expect(env.AUTH_URL).toBe(process.env.AUTH_URL || app.url)
    expect(env.AUTH_TRUST_HOST).toBe(process.env.AUTH_TRUST_HOST)
    expect(env.AUTH_SECRET).toBe((await readFile(join(dataDir, "secret"), "utf8")).trim())
    expect(env.EMAIL_SERVER).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/)
    const mailbox = await fetch(env.EXAMPLE_MAILBOX_URL ?? "")
    expect(await mailbox.json()).toEqual([])
    expect(lines).toContain(`Ready on ${app.url}`)

    await app.close()

    expect(app.process.exitCode).toBe(0)
    expect(lines).toContain("app got SIGTERM")
    await expect(fetch(`${app.url}/`)).rejects.toThrow()
    await expect(fetch(env.EXAMPLE_MAILBOX_URL ?? "")).rejects.toThrow()
    await expect(
      fetch(`${env.AUTH_PLAYGROUND_ID_ISSUER}/.well-known/openid-configuration`),
    ).rejects.toThrow()
  })

  it("makes a development secret once and keeps it for the next start", async () => {
    const folder = join(dataDir, "secret-once")
    const run = () =>
      runToEnd(["--data-dir", folder, "--", process.execPath, ECHO_APP], {
        PORT: "0",
        AUTH_SECRET: "",
        CRASH: "1",
      })
    const path = join(folder, "secret")

    expect((await run()).output).toContain(`Created a development AUTH_SECRET in ${path}`)
    const secret = await readFile(path, "utf8")
    expect((await run()).output).toContain(`Using the development AUTH_SECRET from ${path}.`)
    expect(await readFile(path, "utf8")).toBe(secret)
  })

  it("refuses to start in production without AUTH_SECRET", async () => {
    const folder = join(dataDir, "production")
    const { code, output } = await runToEnd(
      ["--data-dir", folder, "--", process.execPath, ECHO_APP],
      {
        NODE_ENV: "production",
        AUTH_SECRET: "",
        PORT: "0",
      },
    )

    expect(code).toBe(1)
    expect(output).toContain("AUTH_SECRET is not set.")
    expect(output).not.toContain("Ready on")
  })

  it("refuses an AUTH_SESSION_STRATEGY the apps do not know", async () => {
    const { code, output } = await runToEnd(
      ["--data-dir", dataDir, "--", process.execPath, ECHO_APP],
      { PORT: "0", AUTH_SESSION_STRATEGY: "cookie" },
    )

    expect(code).toBe(1)
    expect(output).toContain('AUTH_SESSION_STRATEGY must be "jwt" or "database", not "cookie".')
    expect(output).not.toContain("Ready on")
  })

  it("exits with the app's code when the app exits on its own", async () => {
    const { code, output } = await runToEnd(
      ["--data-dir", dataDir, "--", process.execPath, ECHO_APP],
      { PORT: "0", CRASH: "1" },
    )

    expect(code).toBe(3)
    expect(output).toContain("crashing on purpose")
    expect(output).toContain("The app exited (3).")
    expect(output).not.toContain("Ready on")
  })

  it("explains its usage", () => {
    expect(() => parseLaunchArgs(["--base-path", "/auth"])).toThrow("No command to start the app.")
    expect(() => parseLaunchArgs(["--port", "1", "--", "x"])).toThrow("Unknown option --port.")
    expect(
      parseLaunchArgs(["--base-path", "/api/auth/", "--no-wait", "--", "next", "start"]),
    ).toEqual({
      basePath: "/api/auth",
      urlEnv: [],
      readyPath: "/",
      wait: false,
      dev: false,
      command: ["next", "start"],
    })
    expect(parseLaunchArgs(["--dev", "--", "vite", "dev"])).toMatchObject({
      dev: true,
      wait: false,
    })
  })

  it("trusts the Host header only for a development server, and keeps an AUTH_URL it is given", async () => {
    const app = await startExampleApp({
      cwd: dataDir,
      command: [process.execPath, ECHO_APP],
      basePath: "/auth",
      dataDir,
      dev: true,
      env: { AUTH_URL: "https://app.example/auth" },
      onOutput: () => {},
    })
    try {
      // Not waited for: ask once the app answers.
      const env = await fetchJsonWhenUp<Record<string, string>>(`${app.url}/`)
      expect(env).toMatchObject({ AUTH_TRUST_HOST: "true", AUTH_URL: "https://app.example/auth" })
    } finally {
      await app.close()
    }
  })
})
