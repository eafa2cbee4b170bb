/** The demo user of the credentials provider; its e-mail and password are shown on the sign-in page. */
export const DEMO_USER = {
  id: "demo-user",
  name: "Demo User",
  email: "demo@example.test",
  password: "demo",
} as const
