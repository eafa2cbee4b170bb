/**
 * What the fixtures share: the user their credentials provider knows, the environment they are
 * deployed with, and where their tools are installed.
 */
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

/** The one user of every fixture's credentials provider. */
export const DEMO_USER = { email: "ada@example.test", password: "analytical-engine" } as const

/** The session cookie's name over plain http. */
export const SESSION_COOKIE = "authjs.session-token"

/**
 * Production settings: a secret, and GitHub's client id and secret. Google's are left out, so
 * each app must leave Google out of sign-in and say so once, and go on serving the others.
 */
export function deployedEnv(): Record<string, string> {
  return {
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    AUTH_GITHUB_ID: "switch-over-github-id",
    AUTH_GITHUB_SECRET: "switch-over-github-secret",
  }
}

/** The absolute path of a package's bin script, as installed for the app in `dir`. */
export function binOf(dir: string, pkg: string, bin: string): string {
  const manifestPath = createRequire(join(dir, "package.json")).resolve(`${pkg}/package.json`)
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    bin?: string | Record<string, string>
  }
  const path = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[bin]
  if (!path) throw new Error(`${pkg} has no bin named ${bin}`)
  return join(dirname(manifestPath), path)
}

/** Every `[auth][warn]` line a server printed. */
export function authWarnings(output: string): string[] {
  return output.split("\n").filter((line) => line.includes("[auth][warn]"))
}
