import { redirect } from "next/navigation"
import { auth, basePath } from "@/auth"

export default async function ProtectedPage() {
  const session = await auth()
  // The proxy already sent signed-out visitors to the sign-in page; checking here too keeps
  // the page safe wherever it is rendered from.
  if (!session?.user) redirect(`${basePath}/signin?callbackUrl=%2Fprotected`)
  return (
    <>
      <h1>Protected page</h1>
      <p>Hello, {session.user.name ?? session.user.email}!</p>
    </>
  )
}
