import { copyFile, readdir } from "node:fs/promises"
import { join } from "node:path"
import { entriesFromExports } from "../../scripts/tsup-entries.js"
import { libraryConfig } from "../../scripts/tsup-library.js"

const COMPONENTS = "src/components"

/**
 * The shared library build, plus: the endpoint the integration injects and the components'
 * browser helper (entries without an export), the modules Astro's Vite provides left external
 * (`auth:config`, `astro:env/server`), and the `.astro` components shipped as source for the
 * app's own Astro compiler (copied next to `dist/components/index.js`).
 */
export default libraryConfig({
  entry: [...entriesFromExports("./package.json"), "src/endpoint.ts", `${COMPONENTS}/actions.ts`],
  external: [/^node:/, /^astro(:|$|\/)/, "auth:config", /\.astro$/],
  async onSuccess() {
    for (const file of await readdir(COMPONENTS)) {
      if (file.endsWith(".astro"))
        await copyFile(join(COMPONENTS, file), join("dist/components", file))
    }
  },
})
