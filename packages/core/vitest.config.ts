import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

// `#jwe` (package.json "imports") points at the built files; tests run the sources. The node
// build by default, the WebCrypto build with AUTH_CORE_JWE=webcrypto (both must pass).
const jwe = process.env.AUTH_CORE_JWE === "webcrypto" ? "jwe.ts" : "jwe.node.ts"

export default defineConfig({
  resolve: {
    alias: { "#jwe": fileURLToPath(new URL(`./src/internal/jwt/${jwe}`, import.meta.url)) },
  },
  test: {
    name: "core",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts", "test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    testTimeout: 20000,
    hookTimeout: 30000,
  },
})
