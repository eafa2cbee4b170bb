/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL or Redis, for the faults an operator sees
 * without stopping the shared server: the server went away (every connection cut, new ones
 * refused), also at a chosen moment of a request (when a given statement is sent), it came back
 * (accepted again), or it hangs (traffic held, in both directions, until released). The
 * instances reach the server through {@link FaultProxy.url}.
 */
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net"

/** What the proxy does with traffic right now. */
export type FaultProxyState = "passing" | "refusing" | "holding"

/** A running proxy. */
export interface FaultProxy {
  /** Its port on 127.0.0.1 (kept while it refuses, so that clients reconnect to it). */
  readonly port: number
  /** The target's URL with the proxy's host and port: what the instances connect to. */
  readonly url: string
  readonly state: FaultProxyState
  /** Client connections open now. */
  readonly connections: number
  /**
   * The server went away: every connection is cut and new ones are refused (the port stops
   * listening, so a client gets `ECONNREFUSED`, as from a server that is restarting).
   */
  cut(): Promise<void>
  /** The server is back: connections are accepted and passed again. */
  accept(): Promise<void>
  /**
   * The server hangs: connections stay open (and new ones are accepted) but nothing goes through
   * in either direction until {@link FaultProxy.release}.
   */
  hold(): void
  /** Forwards what was held, in order, and passes traffic again. */
  release(): void
  /**
   * Cuts (as {@link FaultProxy.cut}) at the moment a client sends something that matches
   * `pattern` (read as Latin-1: PostgreSQL's statements travel as text), which is dropped: the
   * server went away between two statements of one request. Resolves once it happened.
   */
  cutOn(pattern: RegExp): Promise<void>
  /** Cuts everything and stops listening. */
  close(): Promise<void>
}

/** One direction of one connection: chunks wait in `held` while the proxy holds. */
interface Pipe {
  readonly to: Socket
  readonly held: Buffer[]
}

/** An armed {@link FaultProxy.cutOn}. */
interface Trigger {
  readonly pattern: RegExp
  readonly fire: () => void
}

/**
 * Starts a proxy on a free port of 127.0.0.1 to the server of `target` (`postgres://…`,
 * `redis://…`; its host and port, `defaultPort` when it names none), passing traffic.
 *
 * @example
 * const proxy = await startFaultProxy(process.env.DATABASE_URL, 5432)
 * const cluster = await startCluster({ name: "scale_faults", env: { DATABASE_URL: proxy.url } })
 * await proxy.cut() // PostgreSQL "restarts"
 * await proxy.accept()
 */
export async function startFaultProxy(target: string, defaultPort: number): Promise<FaultProxy> {
  const upstream = new URL(target)
  const upstreamPort = Number(upstream.port || defaultPort)
  const sockets = new Set<Socket>()
  const clients = new Set<Socket>()
  const pipes = new Set<Pipe>()
  let state: FaultProxyState = "passing"
  let trigger: Trigger | undefined

  const forward = (from: Socket, to: Socket, fromClient: boolean) => {
    const pipe: Pipe = { to, held: [] }
    pipes.add(pipe)
    from.on("data", (chunk: Buffer) => {
      if (state === "refusing") return
      if (fromClient && trigger?.pattern.test(chunk.toString("latin1"))) {
        trigger.fire()
        return
      }
      if (state === "holding") pipe.held.push(chunk)
      else to.write(chunk)
    })
    from.on("close", () => pipes.delete(pipe))
  }
  const track = (socket: Socket) => {
    sockets.add(socket)
    // A cut or a reset is the fault itself, not a failure of the proxy.
    socket.on("error", () => socket.destroy())
    socket.on("close", () => sockets.delete(socket))
  }
  const server: Server = createServer((client) => {
    clients.add(client)
    client.on("close", () => clients.delete(client))
    const toServer = connect(upstreamPort, upstream.hostname)
    track(client)
    track(toServer)
    forward(client, toServer, true)
    forward(toServer, client, false)
    client.on("close", () => toServer.destroy())
    toServer.on("close", () => client.destroy())
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject)
        resolve((server.address() as AddressInfo).port)
      })
    })
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      server.close(() => resolve())
      // `close` waits for the accepted connections, which are cut here.
      for (const socket of sockets) socket.destroy()
    })
  const cut = async () => {
    state = "refusing"
    for (const pipe of pipes) pipe.held.length = 0
    await stopListening()
  }
  const port = await listen(0)
  const url = new URL(target)
  url.hostname = "127.0.0.1"
  url.port = String(port)

  return {
    port,
    url: url.toString(),
    get state() {
      return state
    },
    get connections() {
      return clients.size
    },
    cut,
    async accept() {
      if (!server.listening) await listen(port)
      state = "passing"
    },
    hold() {
      state = "holding"
    },
    release() {
      state = "passing"
      for (const pipe of pipes) {
        for (const chunk of pipe.held.splice(0)) pipe.to.write(chunk)
      }
    },
    cutOn(pattern) {
      return new Promise<void>((resolve, reject) => {
        trigger = {
          pattern,
          fire: () => {
            trigger = undefined
            cut().then(resolve, reject)
          },
        }
      })
    },
    async close() {
      state = "refusing"
      await stopListening()
    },
  }
}
