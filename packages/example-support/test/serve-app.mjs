// A stand-in app on `serveApp` (../src/serve.mjs), for its tests: loads its handler after
// LOAD_MS, answers `/slow` after SLOW_MS, and has a database in the registry of
// `exampleDatabase()` that answers its first query after DATABASE_MS and says when it is closed.
import { serveApp } from "../src/serve.mjs"

const opened = new Promise((resolve) => setTimeout(resolve, Number(process.env.DATABASE_MS ?? 0)))
const database = {
  query: async () => {
    await opened
    return { rows: [] }
  },
  close: async () => console.log("database closed"),
}
const databases = new Map([["db", database]])
globalThis[Symbol.for("@auth/example-support/databases")] = databases

await serveApp({
  port: Number(process.env.PORT),
  host: "127.0.0.1",
  shutdownTimeoutMs: process.env.SHUTDOWN_MS ? Number(process.env.SHUTDOWN_MS) : undefined,
  async load() {
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.LOAD_MS ?? 0)))
    console.log("loaded")
    return (req, res) => {
      if (req.url !== "/slow") return void res.end("ok")
      console.log("slow request started")
      setTimeout(() => res.end("slow done"), Number(process.env.SLOW_MS ?? 0))
    }
  },
  close: () => console.log("app closed"),
})
