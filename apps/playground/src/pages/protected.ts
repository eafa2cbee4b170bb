/** A page only signed-in users reach (`requireAuth` sends the others to sign in). */
import type { Session } from "@auth/core/types"
import { html, type SafeHtml } from "../html.js"
import { layout } from "./layout.js"

/** The protected page, for a signed-in session. */
export function protectedPage(session: Session): SafeHtml {
  return layout({
    title: "Protected page",
    session,
    active: "protected",
    body: html`<section class="card">
<h1>Protected page</h1>
<p>Only signed-in users see this page. Hello,
<strong>${session.user?.name ?? session.user?.email ?? "there"}</strong>!</p>
<p class="muted">Signed out, this address redirects to the sign-in page and, once signed in,
back here.</p>
<div class="actions"><a class="button secondary" href="/">Back home</a></div>
</section>`,
  })
}
