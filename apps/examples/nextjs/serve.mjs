// `next start` for `pnpm start`: the production build on PORT, and on HOST when it is set
// (`next start` reads PORT from the environment, but the host only from `--hostname`).
import { createRequire } from "node:module"

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next")
const host = process.env.HOST
process.argv = [process.argv[0], nextBin, "start", ...(host ? ["--hostname", host] : [])]
await import(nextBin)
