// A relative import, so this private package tests the source without building core first.
import { MemoryAdapter } from "../../core/src/memory-adapter.js"
import { runAdapterContract } from "./index.js"

runAdapterContract({ name: "MemoryAdapter", adapter: () => MemoryAdapter() })
