/**
 * A browser's part of an authorization request, played over `fetch`: follow the redirects to the
 * identity provider's login form, submit it (or cancel), and stop at the response meant for the
 * client's redirect URI, without delivering it.
 */
import type { CookieJar } from "./cookie-jar.js"
import { unescapeHtml } from "./html.js"
import { type AuthorizationResponse, isRedirect } from "./http.js"

const MAX_HOPS = 20

/** What the user does on the login form. */
export type LoginSubmission = { action: "login"; username: string } | { action: "abort" }

/**
 * Follows `authorizationUrl` through the login form of the identity provider at `issuer`.
 *
 * @throws Error when the provider answers anything but a redirect, the login form or a form_post
 *   page, or redirects more than 20 times
 */
export async function followToClient(
  issuer: string,
  jar: CookieJar,
  authorizationUrl: string | URL,
  submit: LoginSubmission,
): Promise<AuthorizationResponse> {
  let url = new URL(authorizationUrl)
  let init: RequestInit = {}
  let submitted = false
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const response = await fetch(url, {
      ...init,
      headers: { ...init.headers, cookie: jar.header() },
      redirect: "manual",
    })
    jar.store(response)
    init = {}
    const location = response.headers.get("location")
    if (isRedirect(response.status) && location) {
      const next = new URL(location, url)
      if (next.origin !== issuer) {
        return { responseMode: "query", url: next, params: next.searchParams }
      }
      url = next
      continue
    }
    const body = await response.text()
    const formPost = parseFormPost(body, url)
    if (response.ok && formPost && formPost.url.origin !== issuer) return formPost
    if (response.ok && url.pathname.startsWith("/interaction/") && !submitted) {
      submitted = true
      const fields = new URLSearchParams(
        submit.action === "login" ? { username: submit.username } : {},
      )
      url = new URL(`${url.pathname.replace(/\/$/, "")}/${submit.action}`, issuer)
      init = {
        method: "POST",
        body: fields.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }
      continue
    }
    throw new Error(`The identity provider answered ${response.status} at ${url.href}: ${body}`)
  }
  throw new Error(`The identity provider redirected more than ${MAX_HOPS} times.`)
}

/** Reads the fields of `oidc-provider`'s auto-submitting `response_mode=form_post` page. */
function parseFormPost(html: string, base: URL): AuthorizationResponse | undefined {
  const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(html)
  if (!form?.[1] || !html.includes("document.forms[0].submit()")) return undefined
  const params = new URLSearchParams()
  for (const input of (form[2] ?? "").matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g,
  )) {
    params.append(unescapeHtml(input[1] ?? ""), unescapeHtml(input[2] ?? ""))
  }
  return { responseMode: "form_post", url: new URL(unescapeHtml(form[1]), base), params }
}
