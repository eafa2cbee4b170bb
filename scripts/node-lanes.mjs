// The two Node lanes of the test run: the Node 24 that the root devDependency `node` brings (first
// on PATH inside `pnpm run`), and the machine's own Node, found further down PATH.
import { spawnSync } from "node:child_process"
import { accessSync, constants } from "node:fs"
import { join } from "node:path"

/**
 * The first `node` on `path` outside any `node_modules/.bin` folder: the machine's own Node,
 * not the one `pnpm run` put first. `undefined` when there is none.
 */
export function findMachineNode(path, delimiter) {
  for (const dir of path.split(delimiter)) {
    if (dir === "" || dir.split(/[\\/]/).includes("node_modules")) continue
    const candidate = join(dir, "node")
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {}
  }
  return undefined
}

const versions = new Map()

/** `v24.21.0` for the Node binary at `node`. */
export function nodeVersion(node) {
  if (!versions.has(node)) {
    const result = spawnSync(node, ["-v"], { encoding: "utf8" })
    versions.set(node, result.status === 0 ? result.stdout.trim() : "unknown")
  }
  return versions.get(node)
}
