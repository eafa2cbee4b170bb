import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

// `#…` specifiers (package.json "imports": `#jwe`, `#crypto`) point at the built files; tests
// run the sources. The node builds by default, the WebCrypto builds with AUTH_CORE_JWE=webcrypto
// (both must pass).
const condition = process.env.AUTH_CORE_JWE === "webcrypto" ? "default" : "node"
const imports = (
  JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
    imports: Record<string, Record<string, string>>
  }
).imports
const alias = Object.fromEntries(
  Object.entries(imports).map(([specifier, targets]) => {
    const source = targets[condition]!.replace("./dist/", "./src/").replace(/\.js$/, ".ts")
    return [specifier, fileURLToPath(new URL(source, import.meta.url))]
  }),
)

export default defineConfig({
  resolve: { alias },
  test: {
    name: "core",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts", "test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    ...vitestTimeouts(),
  },
})
