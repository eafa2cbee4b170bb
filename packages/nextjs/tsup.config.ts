import { defineConfig, type Options } from "tsup"
import { entriesFromExports } from "../../scripts/tsup-entries.js"
import { libraryConfig } from "../../scripts/tsup-library.js"

const entries = entriesFromExports("./package.json")
const REACT_ENTRY = "src/react.tsx"
// `next-auth/webauthn` runs in the browser beside `next-auth/react`: built with it, so the two
// can share one module of browser clients (`internal/browser-client.ts`) instead of two copies.
const BROWSER_ENTRIES = [REACT_ENTRY, "src/webauthn.ts"]
// Next.js, React and next/* stay imports of the app's own copies.
const external = ["next", "react", "react-dom"]

// Both builds run at once, so neither cleans `dist/` (the build script empties it first).
const server = libraryConfig({
  entry: entries.filter((entry) => !BROWSER_ENTRIES.includes(entry)),
  external,
  clean: false,
}) as Options

// `next-auth/react` is a Client Component module: its own bundle, which keeps its "use client"
// directive (tsup's Rollup tree-shaking pass would drop it; a shared chunk holds only what both
// entries import, never react.tsx itself).
const react = libraryConfig({
  entry: BROWSER_ENTRIES,
  external,
  clean: false,
  treeshake: false,
}) as Options

export default defineConfig([server, react])
