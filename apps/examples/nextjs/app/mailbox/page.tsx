import { readMailbox } from "@auth/example-support"

export default async function MailboxPage() {
  const messages = await readMailbox()
  return (
    <>
      <h1>Mailbox</h1>
      {messages.length === 0 ? <p>No messages yet. Sign in with Email to get one.</p> : null}
      {messages.map((message) => (
        <article key={`${message.date}-${message.to.join(",")}`}>
          <h2>{message.subject}</h2>
          <p>To {message.to.join(", ")}</p>
          <p>
            <time dateTime={message.date}>{new Date(message.date).toLocaleString("en")}</time>
          </p>
          {message.signInLink ? <a href={message.signInLink}>Open the sign-in link</a> : null}
        </article>
      ))}
    </>
  )
}
