/**
 * A TCP proxy on `127.0.0.1:0` in front of the shared PostgreSQL server, to simulate an outage
 * for one pool without touching the server: cut every connection and refuse new ones, or accept
 * them and never answer (a network that drops packets), then restore.
 */
import { once } from "node:events"
import { type AddressInfo, connect, createServer, type Socket } from "node:net"

/**
 * `forward`: a working database. `refuse`: a server that went away (connections are reset).
 * `blackhole`: a server that never answers.
 */
export type ProxyMode = "forward" | "refuse" | "blackhole"

/** A running proxy. */
export interface TcpProxy {
  /** The upstream connection string with the proxy's host and port. */
  url: string
  /** Switches the mode; leaving `forward` cuts every open connection, as a crashed server would. */
  setMode(mode: ProxyMode): void
  close(): Promise<void>
}

/** Starts a proxy to the server of `upstreamUrl` (a `postgres://` URL). */
export async function startTcpProxy(upstreamUrl: string): Promise<TcpProxy> {
  const upstream = new URL(upstreamUrl)
  const sockets = new Set<Socket>()
  let mode: ProxyMode = "forward"

  const track = (socket: Socket): Socket => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
    // A reset or a cut is the point of this proxy: errors end the pair, nothing more.
    socket.on("error", () => socket.destroy())
    return socket
  }

  const server = createServer((client) => {
    track(client)
    if (mode === "refuse") {
      client.resetAndDestroy()
      return
    }
    if (mode === "blackhole") return
    const database = track(connect(Number(upstream.port || 5432), upstream.hostname))
    client.on("close", () => database.destroy())
    database.on("close", () => client.destroy())
    client.pipe(database).pipe(client)
  })
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  const url = new URL(upstreamUrl)
  url.hostname = "127.0.0.1"
  url.port = String((server.address() as AddressInfo).port)

  return {
    url: url.href,
    setMode(next) {
      mode = next
      if (next === "forward") return
      for (const socket of sockets) socket.resetAndDestroy()
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      server.close()
      await once(server, "close")
    },
  }
}
