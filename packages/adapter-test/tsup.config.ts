import { libraryConfig } from "../../scripts/tsup-library.js"

export default libraryConfig({ platform: "node" })
