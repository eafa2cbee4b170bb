import { runDatabaseSessionLeaks, runHttpContract } from "@auth/integration-test"
import { contractApp, EXPRESS_VERSIONS, listen } from "./app.js"

for (const [name, createApp] of EXPRESS_VERSIONS) {
  runHttpContract({
    name,
    // `/signin-area/auth` contains an action name, which broke Auth.js's base path detection.
    basePaths: ["/auth", "/api/v1/auth", "/signin-area/auth"],
    appUrl: true,
    attachesPeerAddress: true,
    start: ({ basePath, config }) => listen(contractApp(createApp, basePath, config)),
  })
  runDatabaseSessionLeaks({
    name,
    basePath: "/auth",
    start: ({ basePath, config }) => listen(contractApp(createApp, basePath, config)),
  })
}
