import { auth } from "@/auth"

/** The session as the server sees it, as JSON (`null` when signed out). */
export async function GET(): Promise<Response> {
  return Response.json(await auth())
}
