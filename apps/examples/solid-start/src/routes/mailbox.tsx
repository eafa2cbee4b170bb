import { createAsync, type RouteDefinition } from "@solidjs/router"
import { For, Show } from "solid-js"
import { getMailbox } from "~/lib/session"

export const route = { preload: () => getMailbox() } satisfies RouteDefinition

export default function Mailbox() {
  const messages = createAsync(() => getMailbox())
  return (
    <>
      <h1>Mailbox</h1>
      <p>The e-mails the app sent (sign-in links), caught by the local SMTP server.</p>
      <Show when={messages()?.length} fallback={<p>No messages yet.</p>}>
        <For each={messages()}>
          {(message) => (
            <article>
              <h2>{message.subject}</h2>
              <p>
                To {message.to.join(", ")} · {new Date(message.date).toLocaleString("en")}
              </p>
              <Show when={message.signInLink}>
                {(link) => (
                  <p>
                    <a href={link()} rel="external">
                      Open the sign-in link
                    </a>
                  </p>
                )}
              </Show>
            </article>
          )}
        </For>
      </Show>
    </>
  )
}
