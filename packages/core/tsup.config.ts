import { defineConfig } from "tsup"
import { entriesFromExports } from "../../scripts/tsup-entries.js"

export default defineConfig({
  entry: entriesFromExports("./package.json"),
  format: ["esm"],
  target: "es2022",
  platform: "neutral",
  splitting: true,
  treeshake: true,
  clean: true,
  dts: false,
  sourcemap: true,
  // `#…` specifiers (such as `#jwe`) stay imports, resolved by each runtime through package.json
  // "imports": the "node" condition gets the `*.node.ts` build, every other runtime the WebCrypto
  // one. `node:` modules appear only in those builds, and keep their prefix.
  external: ["nodemailer", /^#/, /^node:/],
  removeNodeProtocol: false,
})
