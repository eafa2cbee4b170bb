/**
 * The browser client's session stores and the tabs that share a cookie jar, against a real
 * `Auth()` served over node:http on 127.0.0.1 (see `test/support/client-server.ts`).
 */
import { CookieJar } from "@auth/dev-servers"
import { describe, expect, it, vi } from "vitest"
import {
  BASE_PATH,
  DEMO,
  email,
  fetchWithJar,
  openTab,
  signInDemo,
  stateWhere,
  useClientTestServer,
} from "../../test/support/client-server.js"
import type { Session } from "../types.js"
import type { SessionState } from "./types.js"

useClientTestServer()

describe("session store", () => {
  it("loads, then follows sign-in and sign-out of its own client", async () => {
    const { client } = openTab(new CookieJar(), { broadcastChannel: false })
    const store = client.createSessionStore()
    const seen: SessionState[] = []
    const stop = store.subscribe((state) => seen.push(state))
    expect(seen[0]).toEqual({ data: null, status: "loading" })
    await stateWhere(store, (state) => state.status === "unauthenticated")

    await signInDemo(client)
    expect(store.get().status).toBe("authenticated")
    expect(email(store.get().data)).toBe(DEMO.email)

    await client.signOut({ redirect: false })
    expect(store.get()).toEqual({ data: null, status: "unauthenticated" })
    stop()
    expect(seen.map((state) => state.status)).toEqual([
      "loading",
      "unauthenticated",
      "authenticated",
      "unauthenticated",
    ])
  })

  it("starts from the session the page was rendered with, without fetching", async () => {
    const { client, requests } = openTab(new CookieJar())
    const session: Session = { user: { email: DEMO.email }, expires: "2099-01-01T00:00:00.000Z" }
    const store = client.createSessionStore({ session })

    const stop = store.subscribe(() => {})

    expect(store.get()).toEqual({ data: session, status: "authenticated" })
    expect(requests).toEqual([])
    stop()
  })

  it("keeps the same snapshot while nothing changes", async () => {
    const { client } = openTab(new CookieJar())
    const store = client.createSessionStore({ session: null })
    const before = store.get()

    await store.refetch()

    expect(store.get()).toBe(before)
  })

  it("keeps the session it has when a refetch fails", async () => {
    const jar = new CookieJar()
    let offline = false
    const online = fetchWithJar(jar)
    const { client, errors } = openTab(jar, {
      fetch: (input, init) =>
        offline ? Promise.reject(new TypeError("offline")) : online(input, init),
    })
    await signInDemo(client)
    const store = client.createSessionStore()
    await stateWhere(store, (state) => state.status === "authenticated")

    offline = true
    await store.refetch()

    expect(store.get().status).toBe("authenticated")
    expect(errors.map((error) => error.message)).toEqual(["GET session failed."])
  })

  it("updates the session through POST /session", async () => {
    const jar = new CookieJar()
    const { client, requests } = openTab(jar)
    await signInDemo(client)
    const store = client.createSessionStore()
    await stateWhere(store, (state) => state.status === "authenticated")

    const session = await store.update({ name: "Renamed" })

    expect(email(session)).toBe(DEMO.email)
    const post = requests.filter((request) => request.method === "POST").at(-1)
    expect(new URL(post?.url ?? "").pathname).toBe(`${BASE_PATH}/session`)
    expect(await post?.json()).toEqual({
      csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      data: { name: "Renamed" },
    })
  })

  it("refetches when the page becomes visible, with refetchOnWindowFocus", async () => {
    const jar = new CookieJar()
    const page = Object.assign(new EventTarget(), { visibilityState: "visible" })
    vi.stubGlobal("document", page)
    const tab = openTab(jar, { broadcastChannel: false })
    const other = openTab(jar, { broadcastChannel: false })
    const store = tab.client.createSessionStore({ refetchOnWindowFocus: true })
    await stateWhere(store, (state) => state.status === "unauthenticated")
    await signInDemo(other.client)

    const signedIn = stateWhere(store, (state) => state.status === "authenticated")
    page.dispatchEvent(new Event("visibilitychange"))

    expect(email((await signedIn).data)).toBe(DEMO.email)
  })

  it("refetches on the interval while signed in", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] })
    try {
      const jar = new CookieJar()
      const tab = openTab(jar, { broadcastChannel: false })
      await signInDemo(tab.client)
      const store = tab.client.createSessionStore({ refetchInterval: 60 })
      const stop = store.subscribe(() => {})
      await stateWhere(store, (state) => state.status === "authenticated")
      const other = openTab(jar, { broadcastChannel: false })
      await other.client.signOut({ redirect: false })

      const signedOut = stateWhere(store, (state) => state.status === "unauthenticated")
      vi.advanceTimersByTime(60_000)

      expect((await signedOut).data).toBeNull()
      stop()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe("tabs", () => {
  const channel = () => `auth-client-test-${Math.random().toString(36).slice(2)}`

  it("a sign-out in one tab makes the other tab's store refetch", async () => {
    const jar = new CookieJar()
    const broadcastChannel = channel()
    const first = openTab(jar, { broadcastChannel })
    const second = openTab(jar, { broadcastChannel })
    await signInDemo(first.client)
    const store = second.client.createSessionStore()
    const stop = store.subscribe(() => {})
    await stateWhere(store, (state) => state.status === "authenticated")

    const signedOut = stateWhere(store, (state) => state.status === "unauthenticated")
    await first.client.signOut({ redirect: false })

    expect((await signedOut).data).toBeNull()
    stop()
  })

  it("a sign-in in one tab makes the other tab's store refetch", async () => {
    const jar = new CookieJar()
    const broadcastChannel = channel()
    const first = openTab(jar, { broadcastChannel })
    const second = openTab(jar, { broadcastChannel })
    const store = second.client.createSessionStore()
    const stop = store.subscribe(() => {})
    await stateWhere(store, (state) => state.status === "unauthenticated")

    const signedIn = stateWhere(store, (state) => state.status === "authenticated")
    await first.client.signIn("credentials", { ...DEMO, redirectTo: "/" })

    expect(email((await signedIn).data)).toBe(DEMO.email)
    stop()
  })

  it("speaks next-auth/react's message", async () => {
    const jar = new CookieJar()
    const broadcastChannel = channel()
    const listener = new BroadcastChannel(broadcastChannel)
    const heard: unknown[] = []
    const twoMessages = new Promise<void>((resolve) => {
      listener.onmessage = (event) => {
        heard.push(event.data)
        if (heard.length === 2) resolve()
      }
    })
    const tab = openTab(jar, { broadcastChannel })

    await tab.client.signIn("credentials", { ...DEMO, redirect: false })
    await tab.client.signOut({ redirect: false })
    await twoMessages
    listener.close()

    expect(heard).toEqual([
      { event: "session", data: { trigger: "signin" } },
      { event: "session", data: { trigger: "signout" } },
    ])
  })

  it("update() without data refetches and makes the other tabs refetch, as next-auth/react's", async () => {
    const jar = new CookieJar()
    const broadcastChannel = channel()
    const tab = openTab(jar, { broadcastChannel })
    await signInDemo(tab.client)
    // Listening from now on: the sign-in's own message was sent before.
    const listener = new BroadcastChannel(broadcastChannel)
    const heard = new Promise<unknown>((resolve) => {
      listener.onmessage = (event) => resolve(event.data)
    })

    const session = await tab.client.createSessionStore().update()

    expect(email(session)).toBe(DEMO.email)
    expect(await heard).toEqual({ event: "session", data: { trigger: "getSession" } })
    listener.close()
  })
})
