/** The mailbox: every message the playground's SMTP server received, newest first. */
import type { Session } from "@auth/core/types"
import type { CapturedMessage } from "@auth/dev-servers"
import { html, type SafeHtml } from "../html.js"
import { layout } from "./layout.js"

const LINK = /https?:\/\/[^\s<>"']+/g

/**
 * The mailbox page; `messages` oldest first, as the SMTP server keeps them, or `undefined` when
 * the mail goes to the SMTP server of `SMTP_URL`, which this page cannot read.
 */
export function mailboxPage(
  session: Session | null,
  messages: readonly CapturedMessage[] | undefined,
): SafeHtml {
  const newestFirst = [...(messages ?? [])].reverse()
  const list =
    messages === undefined
      ? html`<p id="elsewhere">The playground sends its e-mail to the SMTP server of
<code>SMTP_URL</code>; the sign-in links are there.</p>`
      : newestFirst.length === 0
        ? html`<p id="empty">No messages yet. Ask for a sign-in link on the
<a href="/auth/signin">sign-in page</a>; it will show up here.</p>`
        : newestFirst.map(messageItem)
  return layout({
    title: "Mailbox",
    session,
    active: "mailbox",
    body: html`<section class="card">
<h1>Mailbox</h1>
<p class="muted">Every e-mail the playground sent, caught by its local SMTP server. Nothing leaves
this machine.</p>
${list}
</section>`,
  })
}

function messageItem(message: CapturedMessage): SafeHtml {
  const links = [...new Set(message.text.match(LINK) ?? [])]
  return html`<article class="message" data-to="${message.to.join(", ")}">
<h2>${message.subject}</h2>
<p class="muted">To ${message.to.join(", ")} · from ${message.from} ·
<time datetime="${message.receivedAt.toISOString()}">${message.receivedAt.toLocaleTimeString("en-GB")}</time></p>
${links.map((link) => html`<p><a class="button" href="${link}">Open the sign-in link</a></p><p class="muted"><code>${link}</code></p>`)}
</article>`
}
