import type { Metadata } from "next"
import type { ReactNode } from "react"
import { auth, basePath } from "@/auth"
import { Providers } from "./providers"
import "./globals.css"

export const metadata: Metadata = {
  title: "next-auth example",
  description: "Signing in with next-auth on Next.js 16",
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await auth()
  const user = session?.user
  // The browser gets the public part of the session only (the server's also has the token).
  const publicSession = session
    ? {
        user: { name: user?.name, email: user?.email, image: user?.image },
        expires: session.expires,
      }
    : null
  return (
    <html lang="en">
      <body>
        <header>
          <nav>
            <a href="/">Home</a>
            <a href="/protected">Protected</a>
            <a href="/mailbox">Mailbox</a>
          </nav>
          {user ? (
            <p>
              Signed in as <strong>{user.email}</strong>{" "}
              <a href={`${basePath}/signout`}>Sign out</a>
            </p>
          ) : (
            <p>
              Not signed in <a href={`${basePath}/signin?callbackUrl=%2F`}>Sign in</a>
            </p>
          )}
        </header>
        <main>
          <Providers session={publicSession}>{children}</Providers>
        </main>
      </body>
    </html>
  )
}
