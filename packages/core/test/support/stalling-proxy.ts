/**
 * A TCP proxy in front of a Redis server that can stall: while stalled it holds every command
 * (the server looks alive but answers nothing, as an overloaded or partitioned one does), and
 * on resume it forwards what it held. It can also cut: every connection closed and new ones
 * refused (a server that went away) until it is restored. For tests of store outages and recovery.
 */
import { type AddressInfo, connect as connectSocket, createServer, type Socket } from "node:net"

/** A running proxy: its port on 127.0.0.1, and its switches. */
export interface StallingProxy {
  port: number
  stall: () => void
  resume: () => void
  /** Closes every connection and refuses new ones until {@link StallingProxy.restore}. */
  cut: () => void
  restore: () => void
  close: () => Promise<void>
}

/** Starts a proxy on a free port of 127.0.0.1 to the Redis server at `target`. */
export async function stallingProxy(target: URL): Promise<StallingProxy> {
  let stalled = false
  let refusing = false
  const held: (() => void)[] = []
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    if (refusing) {
      client.destroy()
      return
    }
    const upstream = connectSocket(Number(target.port || 6379), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on("error", () => socket.destroy())
      socket.on("close", () => sockets.delete(socket))
    }
    client.on("data", (chunk) => {
      const forward = (): void => void upstream.write(chunk)
      if (stalled) held.push(forward)
      else forward()
    })
    upstream.on("data", (chunk) => client.write(chunk))
    client.on("close", () => upstream.destroy())
    upstream.on("close", () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    port: (server.address() as AddressInfo).port,
    stall: () => {
      stalled = true
    },
    resume: () => {
      stalled = false
      for (const forward of held.splice(0)) forward()
    },
    cut: () => {
      refusing = true
      for (const socket of sockets) socket.destroy()
    },
    restore: () => {
      refusing = false
    },
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
