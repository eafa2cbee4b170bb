/**
 * `@auth/integration-test`: the HTTP contract every framework integration must pass, over real
 * HTTP against a real server. See {@link runHttpContract}.
 *
 * @module @auth/integration-test
 */

export { type ServedFetch, serveFetch } from "@auth/dev-servers"
export { HttpClient, locationOf, type RawResponse } from "./client.js"
export {
  type ContractApp,
  type ContractContext,
  type HttpContractOptions,
  runHttpContract,
  type StartOptions,
} from "./contract.js"
export { CookieJar, type ParsedSetCookie, parseSetCookie } from "./cookie-jar.js"
export {
  CONTRACT_ACCOUNT,
  CONTRACT_SECRET,
  COOKIES,
  type ContractAccount,
  contractConfig,
  DEMO_CREDENTIALS,
  DEMO_USER,
} from "./fixtures.js"
export {
  type CachedSessionsConfig,
  type CountingAdapter,
  cachedSessionsConfig,
  countingAdapter,
  SESSION_CACHE_COOKIE,
  SESSION_CACHE_MAX_AGE_SECONDS,
  SESSION_CACHE_PASSWORD,
  throwingAdapter,
} from "./session-cache.js"
export {
  type AccessTokenContractOptions,
  runAccessTokenContract,
} from "./suites/access-tokens.js"
export { type DatabaseSessionLeakOptions, runDatabaseSessionLeaks } from "./suites/leaks.js"
