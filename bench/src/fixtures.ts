/** What every workload shares: the secret, the user, the URLs. */

export const SECRET = "bench-secret-that-is-at-least-32-characters-long"
export const ORIGIN = "http://localhost:3000"
export const BASE_PATH = "/auth"
export const SESSION_COOKIE = "authjs.session-token"
export const USER = {
  id: "42",
  name: "Ada Lovelace",
  email: "ada@example.test",
  image: "https://example.test/ada.png",
}

/** A logger that drops everything: nothing is printed while timing. */
export const silentLogger = { error() {}, warn() {}, debug() {} }

/** The column heading of better-auth's measures: the version `bench/package.json` pins. */
export const BETTER_AUTH_LABEL = "better-auth 1.7.25"
