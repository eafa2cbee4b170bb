import { runDatabaseSessionLeaks, runHttpContract } from "@auth/integration-test"
import { contractApp, listen } from "./app.js"

runHttpContract({
  name: "hono",
  basePaths: ["/api/auth", "/auth"],
  appUrl: true,
  attachesPeerAddress: true,
  start: ({ basePath, config }) => listen(contractApp(basePath, config)),
})

runDatabaseSessionLeaks({
  name: "hono",
  basePath: "/api/auth",
  start: ({ basePath, config }) => listen(contractApp(basePath, config)),
})
