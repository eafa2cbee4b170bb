/**
 * Where a client's session stores meet: the stores that are watching, and the one
 * `BroadcastChannel` through which this client tells other tabs the session changed and hears
 * theirs. Posting and listening through the same channel object means a client never hears
 * itself (a channel does not receive its own messages), yet every other tab does.
 */
import type { Session } from "../types.js"
import type { SessionBroadcastMessage, SessionBroadcastTrigger } from "./types.js"

/** A watching store, as the hub drives it. */
export interface AttachedStore {
  /** Fetches the session again (without telling other tabs). */
  refetch(): Promise<unknown>
  /** Takes a session the client already has (after an update). */
  receive(session: Session | null): void
}

/** What the client and its stores share. */
export interface SessionHub {
  /** Starts driving `store`; returns the function that stops it. */
  attach(store: AttachedStore): () => void
  /** Refetches every watching store of this client. */
  refetchAll(): Promise<void>
  /** Gives every watching store of this client `session`. */
  receiveAll(session: Session | null): void
  /** Tells the other tabs (and other clients of this page) to refetch. */
  broadcast(trigger: SessionBroadcastTrigger): void
}

/** A hub over the channel `channelName` (`false`: no cross-tab sync). */
export function createSessionHub(channelName: string | false): SessionHub {
  const stores = new Set<AttachedStore>()
  let channel: BroadcastChannel | undefined

  const onMessage = (event: MessageEvent): void => {
    if (!isSessionMessage(event.data)) return
    for (const store of stores) void store.refetch()
  }

  return {
    attach(store) {
      stores.add(store)
      if (stores.size === 1 && channelName !== false) {
        channel = openChannel(channelName)
        channel?.addEventListener("message", onMessage)
      }
      return () => {
        if (!stores.delete(store) || stores.size > 0) return
        channel?.removeEventListener("message", onMessage)
        channel?.close()
        channel = undefined
      }
    },
    async refetchAll() {
      await Promise.all([...stores].map((store) => store.refetch()))
    },
    receiveAll(session) {
      for (const store of stores) store.receive(session)
    },
    broadcast(trigger) {
      if (channelName === false) return
      const message: SessionBroadcastMessage = { event: "session", data: { trigger } }
      if (channel) {
        channel.postMessage(message)
        return
      }
      // Nobody listens here: a channel just for this message, closed at once (what was posted
      // is still delivered), so nothing stays open.
      const once = openChannel(channelName)
      once?.postMessage(message)
      once?.close()
    },
  }
}

function openChannel(name: string): BroadcastChannel | undefined {
  return typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(name)
}

/** next-auth/react posts `{ event: "session", data: { trigger } }`; we accept the same. */
function isSessionMessage(data: unknown): boolean {
  return (
    typeof data === "object" && data !== null && (data as { event?: unknown }).event === "session"
  )
}
