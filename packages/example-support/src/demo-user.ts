/**
 * The demo user of the credentials provider, and its lookup: what an example app's `authorize`
 * calls where a real app would check a password against its users. No imports, so browser code
 * may import it too (for the "Sign in in the browser" buttons).
 */

/** The demo user; its e-mail and password are shown on the sign-in page. */
export const DEMO_USER = {
  id: "demo-user",
  name: "Demo User",
  email: "demo@example.test",
  password: "demo",
} as const

/** The user a credentials sign-in returns: the demo user without its password. */
export interface DemoUser {
  id: string
  name: string
  email: string
}

/**
 * The demo user when `credentials` carry its e-mail and password, else `null` (a failed
 * sign-in: core answers `CredentialsSignin`).
 *
 * @example
 * Credentials({ credentials: { email: {}, password: {} }, authorize: findDemoUser })
 */
export function findDemoUser(credentials: Partial<Record<string, unknown>>): DemoUser | null {
  if (credentials.email !== DEMO_USER.email || credentials.password !== DEMO_USER.password) {
    return null
  }
  return { id: DEMO_USER.id, name: DEMO_USER.name, email: DEMO_USER.email }
}
